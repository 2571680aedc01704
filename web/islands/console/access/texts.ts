// Rules of the access-rights page (console.md §5); its texts are in web/strings/access.ts.
import type { AdminItem } from '../../../../contracts/admins';

export type { AdminItem };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/i;

/** console.md §5: the e-mail must match after trimming, compared case-insensitively. */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

/**
 * console.md §5, add-admin form: the e-mail must be valid and the position non-empty after trimming;
 * what is sent is the normalised e-mail and the trimmed position. Null while either rule fails.
 */
export function addAdminInput(email: string, position: string): { email: string; position: string } | null {
  const normalised = normaliseEmail(email);
  const trimmed = position.trim();
  return normalised && trimmed ? { email: normalised, position: trimmed } : null;
}

/** console.md §5: position edits are enabled only for a non-empty value that differs from the current one. */
export function canSavePosition(draft: string, current: string): boolean {
  const v = draft.trim();
  return v.length > 0 && v !== current.trim();
}

/** The local half of the search (the server gets the same text): name, e-mail or position. */
export function matchesSearch(a: AdminItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [a.email, `${a.firstname} ${a.lastname}`, a.responsibility].some((s) => s.toLowerCase().includes(q));
}
