// Format characters that carry no letter: zero width space, non-joiner and joiner (U+200B–U+200D), word joiner and
// the invisible operators (U+2060–U+2064), the byte order mark (U+FEFF) and the soft hyphen (U+00AD). Thai web pages
// and word processors put U+200B between words as a line-break hint (Unicode UAX #14, "ZW"), and text pasted from a
// PDF or a web page brings them along. They are dropped from documents and questions alike, so a word is matched
// however it was written: the segmenter glues a trailing one to the word before it ("วัน\uFEFF" is not "วัน").
export const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u00AD]/g;

/** The text without its invisible format characters (INVISIBLE). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
