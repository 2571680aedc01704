// The bot's behaviour settings (console.md §4, §7): fallback text, confidence bands, general contact.
// `FallbackMessage` is the second spelling older clients read; who changed it is blank for non-admins.
import { t } from 'elysia';
import { success } from './envelope';

export const Pref = t.Object({
  id: t.String(),
  fallback_message: t.String(),
  FallbackMessage: t.String(),
  high_threshold: t.Number(),
  low_threshold: t.Number(),
  general_contact: t.String(),
  updated_by: t.String(),
  updated_by_name: t.String(),
  updatedAt: t.String(),
});
export type Pref = typeof Pref.static;

export const PreferenceResponses = {
  one: success(Pref),
  /** GET /api/preferences/get wraps it once more (the spec's client reads data.data) */
  wrapped: success(t.Object({ data: Pref })),
};
