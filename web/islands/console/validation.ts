// The console's validation rules (console.md §5) as pure functions, so the forms and the unit tests
// share one definition. Each returns the Thai message of the first failed rule, or null.
import { tc } from '../../strings/console';

const v = tc.validation;
export const MAX_FILE_BYTES = 500 * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = ['.pdf', '.docx'] as const;
export const ACCEPT_ATTR = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const DEFAULT_VERSION = '1.0.0';
export const SHORT_TEXT_CHARS = 200;

const blank = (s: string | null | undefined) => !s || !s.trim();

/** .pdf or .docx by name (the browser's MIME guess is unreliable for DOCX), at most 500 MB. */
export function fileError(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return v.fileRequired;
  const lower = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) return v.fileType;
  if (file.size > MAX_FILE_BYTES) return v.fileSize;
  return null;
}

export interface DocumentFields {
  fileName: string;
  description: string;
  categoryId: string;
  isActive: boolean;
  fallbackContact: string;
  contents: string;
}

export type FieldErrors = Partial<Record<'file' | 'fileName' | 'categoryId' | 'fallbackContact' | 'version', string>>;

/** Add form: a file is chosen, and name, category and contact are non-blank after trimming. */
export function addFormErrors(fields: DocumentFields, file: { name: string; size: number } | null): FieldErrors {
  const errors: FieldErrors = {};
  const f = fileError(file);
  if (f) errors.file = f;
  if (blank(fields.fileName)) errors.fileName = v.nameRequired;
  if (blank(fields.categoryId)) errors.categoryId = v.categoryRequired;
  if (blank(fields.fallbackContact)) errors.fallbackContact = v.contactRequired;
  return errors;
}

/** Edit form: an existing stored file (or a new one) and non-blank name, category, version and contact. */
export function editFormErrors(fields: DocumentFields & { version: string }, existingFileName: string | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(existingFileName)) errors.file = v.fileRequired;
  if (blank(fields.fileName)) errors.fileName = v.nameRequired;
  if (blank(fields.categoryId)) errors.categoryId = v.categoryRequired;
  if (blank(fields.version)) errors.version = v.versionRequired;
  if (blank(fields.fallbackContact)) errors.fallbackContact = v.contactRequired;
  return errors;
}

export const isValid = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** The spec blocks saving version 1.0.0; generalised: an edit must carry a version unlike the stored one. */
export function versionNeedsBump(version: string, storedVersion: string | null | undefined): boolean {
  return version.trim() === (storedVersion ?? DEFAULT_VERSION).trim();
}

/** Suggests the next patch version for the version dialog: 1.0.0 → 1.0.1, "2" → "2.0.1". */
export function nextVersion(version: string | null | undefined): string {
  const parts = (version ?? DEFAULT_VERSION)
    .trim()
    .split('.')
    .map((p) => Number.parseInt(p, 10));
  if (parts.some((n) => Number.isNaN(n))) return DEFAULT_VERSION;
  while (parts.length < 3) parts.push(0);
  parts[parts.length - 1]! += 1;
  return parts.join('.');
}

/** Edit form "changed": any field differs from the stored document. */
export function hasChanges<T extends object>(current: T, original: T): boolean {
  return (Object.keys(original) as Array<keyof T>).some((k) => current[k] !== original[k]);
}

// Category names (§5): trimmed, inner whitespace collapsed, compared case-insensitively.
export function normaliseCategoryName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

export function categoryKey(raw: string): string {
  return normaliseCategoryName(raw).toLocaleLowerCase('th');
}

export function findCategoryByName<C extends { categoryName: string }>(list: C[], raw: string): C | undefined {
  const key = categoryKey(raw);
  return key ? list.find((c) => categoryKey(c.categoryName) === key) : undefined;
}

/** Save in the editor: a non-empty name that differs from the original (any non-empty name in create mode). */
export function canSaveCategory(mode: 'create' | 'edit', raw: string, original = ''): boolean {
  const name = normaliseCategoryName(raw);
  if (!name) return false;
  return mode === 'create' || name !== normaliseCategoryName(original);
}

/** What saving a name does: nothing (blank), select an existing category (duplicate), or create/rename. */
export function resolveCategorySave<C extends { categoryName: string; ID: string }>(
  list: C[],
  raw: string,
  editingId?: string,
): { kind: 'invalid' } | { kind: 'select'; existing: C } | { kind: 'save'; name: string } {
  const name = normaliseCategoryName(raw);
  if (!name) return { kind: 'invalid' };
  const existing = findCategoryByName(list, name);
  if (existing && existing.ID !== editingId) return { kind: 'select', existing };
  return { kind: 'save', name };
}

// Settings: the fallback message is required; thresholds are integers 0–100 with low < high.
export function fallbackError(text: string): string | null {
  return blank(text) ? v.fallbackRequired : null;
}

export function thresholdError(value: string | number): string | null {
  const s = String(value).trim();
  if (!/^\d{1,3}$/.test(s)) return v.thresholdInt;
  const n = Number(s);
  return n >= 0 && n <= 100 ? null : v.thresholdInt;
}

export interface SettingsFields {
  fallback_message: string;
  high_threshold: string;
  low_threshold: string;
  general_contact: string;
}

export function settingsErrors(s: SettingsFields): Partial<Record<keyof SettingsFields, string>> {
  const errors: Partial<Record<keyof SettingsFields, string>> = {};
  const f = fallbackError(s.fallback_message);
  if (f) errors.fallback_message = f;
  const h = thresholdError(s.high_threshold);
  const l = thresholdError(s.low_threshold);
  if (h) errors.high_threshold = h;
  if (l) errors.low_threshold = l;
  if (!h && !l && Number(s.low_threshold) >= Number(s.high_threshold)) errors.low_threshold = v.thresholdOrder;
  return errors;
}
