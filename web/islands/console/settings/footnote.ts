// Who last changed the bot's behaviour. The row is seeded at start-up with "system" as its editor:
// until an admin saves, the page says these are the system's defaults rather than naming "system".
import { tc } from '../../../strings/console';

export const SEEDED_BY = 'system';

export function settingsFootnote(p: { updated_by?: string; updated_by_name?: string }, when: string): string | null {
  if (p.updated_by === SEEDED_BY) return tc.settings.defaults(when);
  return p.updated_by_name ? tc.settings.updatedBy(p.updated_by_name, when) : null;
}
