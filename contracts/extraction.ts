// POST /api/extract and /api/extract/ocr (console.md §7): the text read from an uploaded file, for review
// before saving. A refused file answers in the same shape (status 'error', `error` = the Thai reason) plus
// the error envelope's `message` and `code`, with the refusal's HTTP status.
import { t } from 'elysia';

/** Why the text layer looks unusable and OCR is suggested; extraction may add measurements. */
export const ExtractionQuality = t.Object(
  { suggestOcr: t.Boolean(), reasons: t.Array(t.String()), thaiChars: t.Number(), saraAmPer1000: t.Number(), charsPerPage: t.Number(), score: t.Number() },
  { additionalProperties: true },
);

/** A stretch of OCR output the admin must check: 'number', 'date' or 'article' today. */
export const CheckSpan = t.Object({ start: t.Number(), end: t.Number(), kind: t.String() });

export const ExtractionMetadata = t.Object({
  extraction_method: t.Nullable(t.String()),
  used_ocr_fallback: t.Boolean(),
  user_triggered_ocr: t.Boolean(),
  pages: t.Number(),
  quality: t.Nullable(ExtractionQuality),
  check_spans: t.Array(CheckSpan),
});

export const ExtractionResult = t.Object({ status: t.Literal('success'), text: t.String(), error: t.Null(), metadata: ExtractionMetadata });
export type ExtractionResult = typeof ExtractionResult.static;

export const ExtractionRefused = t.Object({
  status: t.Literal('error'),
  text: t.String(),
  error: t.String(),
  metadata: ExtractionMetadata,
  message: t.String(),
  code: t.String(),
});
export type ExtractionRefused = typeof ExtractionRefused.static;

/** The refusals the extraction answers in its own shape (499: the browser went away); sign-in, CSRF and rate limits answer the error envelope. */
export const ExtractionResponses = {
  200: ExtractionResult,
  400: ExtractionRefused,
  413: ExtractionRefused,
  415: ExtractionRefused,
  499: ExtractionRefused,
  503: ExtractionRefused,
};
