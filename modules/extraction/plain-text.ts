// A plain UTF-8 text file, read in the calling process: a size cap before reading, a strict UTF-8 decode
// and a character cap. Nothing else in it is parsed, so it needs no parse worker (PDF and DOCX do).
import { ExtractionError } from './errors.ts';
import { normalizeThai } from './normalize.ts';
import type { ParseLimits } from './parse-limits.ts';

/** UTF-8 takes at most 3 bytes per UTF-16 code unit (4 for a surrogate pair): a larger file must hold too many characters. */
export function plainTextByteCap(limits: ParseLimits): number {
  return limits.maxChars * 3 + 3; // + a byte-order mark
}

/** The file's text, normalised; `unsupported_type` when it is not UTF-8, `too_large` past the limits. */
export function decodePlainText(data: Uint8Array, limits: ParseLimits): string {
  if (data.length > plainTextByteCap(limits)) throw new ExtractionError('too_large', `more than ${limits.maxChars} characters of text`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch (err) {
    throw new ExtractionError('unsupported_type', 'text file is not valid UTF-8', { cause: err });
  }
  text = normalizeThai(text);
  if (text.length > limits.maxChars) throw new ExtractionError('too_large', `more than ${limits.maxChars} characters of text`);
  return text;
}
