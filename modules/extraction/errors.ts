export type ExtractionErrorCode =
  | 'unsupported_type'
  | 'corrupt'
  | 'encrypted'
  | 'empty'
  | 'too_large'
  | 'zip_bomb'
  | 'ocr_failed'
  | 'aborted'
  // a parse limit (parse-limits.ts) stopped the file: it took too long, or its worker needed too much memory
  | 'too_slow'
  | 'too_much_memory';

/** Every failure of the extraction service surfaces as this error, with a stable code for the API layer. */
export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;
  constructor(code: ExtractionErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? code, options);
    this.name = 'ExtractionError';
    this.code = code;
  }
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new ExtractionError('aborted', 'extraction aborted');
}
