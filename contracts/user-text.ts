// What a person may type into a name or a short text field, the same rule for the server and the
// forms. Refused: control characters (a NUL ended up in category names), lone UTF-16 surrogates (not
// text; they break JSON and exports), and bidi embeddings, overrides and isolates (U+202E turns
// "gpj.exe" into a name that reads the other way). Text made only of invisible characters (zero-width
// space U+200B, Braille blank U+2800, Hangul fillers …) is blank, like empty text.

// Multi-line fields keep \t \n \r; single-line fields have had their whitespace folded before this check.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;
// \p{White_Space} plus what renders as nothing or as an empty cell.
const INVISIBLE = /^[\p{White_Space}\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0]*$/u;

export const USER_TEXT_INVALID = 'ข้อความมีอักขระที่ใช้ไม่ได้ (อักขระควบคุมหรืออักขระกลับทิศทางข้อความ) กรุณาพิมพ์ใหม่';

/** Why this text may not be stored ('invalid'), or whether it is blank; null when it is fine. */
export function userTextProblem(text: string): 'invalid' | 'blank' | null {
  if (CONTROLS.test(text) || BIDI_CONTROLS.test(text) || !text.isWellFormed()) return 'invalid';
  if (INVISIBLE.test(text)) return 'blank';
  return null;
}

/** Whether the text is blank: nothing in it but white space and characters that render as nothing. */
export function isBlankText(text: string): boolean {
  return INVISIBLE.test(text);
}

const UNSAFE_ALL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Free text that is stored without asking the person to retype it (questions, chat turns, answers, the
 * question log, preference texts): the characters refused above are removed instead (tab and line breaks kept).
 */
export function stripUnsafeText(text: string): string {
  return text.replace(UNSAFE_ALL, '');
}
