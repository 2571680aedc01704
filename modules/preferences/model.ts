import { t } from 'elysia';

export const PreferenceIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });

/** `updated_by*` are accepted (the spec's client sends them) but the signed-in admin is recorded. */
export const PreferenceUpdateBody = t.Object({
  fallback_message: t.Optional(t.String({ maxLength: 2000 })),
  high_threshold: t.Optional(t.Number()),
  low_threshold: t.Optional(t.Number()),
  general_contact: t.Optional(t.String({ maxLength: 1000 })),
  updated_by: t.Optional(t.String({ maxLength: 200 })),
  updated_by_name: t.Optional(t.String({ maxLength: 200 })),
});
