// Hard limits on reading one untrusted file. Chat attachments get lower ones than library uploads
// (settings in src/config.ts, which passes the same shape); a file over any of them is refused with an
// ExtractionError and nothing of it is kept.
import type { ParseLimitsSetting } from '../../src/config.ts';
// One shape for the settings and the extraction: declared with the settings (the app's base, which
// modules may import and which may not import modules).
export type ParseLimits = ParseLimitsSetting;

const MB = 1024 * 1024;

/** Library uploads (UPLOAD_PARSE_* settings): long regulations, scans to OCR. */
export const DEFAULT_UPLOAD_LIMITS: ParseLimits = {
  timeoutMs: 30 * 60_000,
  memoryBytes: 1024 * MB,
  maxPages: 2000,
  maxInflatedEntryBytes: 256 * MB,
  maxInflatedTotalBytes: 4096 * MB,
  maxChars: 20_000_000,
};

/** Chat attachments (ATTACHMENT_PARSE_* settings): anyone may send them, and only 60,000 characters are used. */
export const DEFAULT_ATTACHMENT_LIMITS: ParseLimits = {
  timeoutMs: 20_000,
  memoryBytes: 512 * MB,
  maxPages: 300,
  maxInflatedEntryBytes: 64 * MB,
  maxInflatedTotalBytes: 256 * MB,
  maxChars: 1_000_000,
};
