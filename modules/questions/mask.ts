// Personal data people type into questions ("ติดต่อ 081-234-5678", "เลขบัตร 1 2345 67890 12 3") is
// masked before a question or a vote comment is stored: e-mail addresses, Thai phone numbers, 13-digit ID
// numbers and student IDs. People write them in many ways (full-width digits and ＠ from a Thai or Japanese
// keyboard, en-dashes, spaces or zero-width spaces between digits, "a.b @ cmu.ac.th"), so the text is first
// folded into one plain form for the search; only the spans found are replaced, everything else is kept as typed.

import { foldThaiDigits } from '../../src/thai/digits';

/** The folded form of one character: '' drops it (zero-width), anything else is what the patterns see. */
function fold(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (c >= 0x0e50 && c <= 0x0e59) return foldThaiDigits(ch);
  if (c >= 0x0e00 && c <= 0x0e7f) return ch; // Thai letters: NFKC would split ำ, and they are never part of a match
  if (c === 0xad || (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff) return '';
  if ((c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0xfe58 || c === 0xfe63 || c === 0xff0d) return '-';
  if (c !== 0x0a && /\s/u.test(ch)) return ' '; // tabs, no-break and ideographic spaces
  return ch.normalize('NFKC'); // full-width digits, ＠, （）, ．
}

interface Folded {
  text: string;
  /** origin[i]: where in the typed text the character that became text[i] starts */
  origin: number[];
  /** how much of the typed text was folded (all of it, or up to a cut and its margin) */
  read: number;
}

/**
 * Folded characters read past a cut, so a number or an address that straddles it is still found whole (the
 * longest number, 13 digits with a dash and spaces between each two, is ~110; an address's host part fits too).
 * Counted after folding: zero-width characters between digits do not use it up.
 */
export const CUT_MARGIN = 256;

/** Folds `typed`, or with `cut` only up to that typed position and CUT_MARGIN folded characters beyond it. */
function folded(typed: string, cut = Infinity): Folded {
  let text = '';
  const origin: number[] = [];
  let at = 0;
  let stop = Infinity;
  for (const ch of typed) {
    if (at >= cut && stop === Infinity) stop = text.length + CUT_MARGIN;
    if (text.length >= stop) break;
    for (const out of fold(ch)) {
      text += out;
      origin.push(at);
    }
    at += ch.length;
  }
  return { text, origin, read: at };
}

// Between two digits: a dash or dot with a few spaces around it, a few spaces, or nothing; a closing
// parenthesis may end an area code ("(081) 234-5678"). Bounded, so a long run of spaces costs no backtracking.
const SEP = '\\)?(?: {0,3}[-.] {0,3}| {1,3})?';
const D = '[0-9]';
const EDGE_BEFORE = '(?<![0-9])';
const EDGE_AFTER = '(?![0-9])';

// an address's parts as long as the mail standards let them be (64 before @, 63 a label): an unbounded run retried from
// each letter of a long word would cost its square
const EMAIL = /[A-Za-z0-9._%+-]{1,64} {0,3}(?:@|\(at\)|\[at\]) {0,3}[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/gi;
/** 13 digits, in any grouping (1-4-5-2-1 as on the card, 4-4-5, …) */
const ID_NUMBER = new RegExp(`${EDGE_BEFORE}${D}(?:${SEP}${D}){12}${EDGE_AFTER}`, 'g');
/** 0 + 8 or 9 digits (02-123-4567, (081) 234-5678), or +66 with the leading 0 dropped */
const PHONE = new RegExp(`(?:\\+66 {0,3}(?:\\(0\\) {0,3})?|${EDGE_BEFORE}\\(?0)(?:${SEP}${D}){8,9}${EDGE_AFTER}`, 'g');
/** a run of 8 to 11 digits: a student ID (the universities' are 8 to 11 digits long) */
const STUDENT_ID = new RegExp(`${EDGE_BEFORE}${D}{8,11}${EDGE_AFTER}`, 'g');
/** Runs of that length that are not about a person: a course code ("รหัสวิชา 01418111") or an amount of money. */
const COURSE_BEFORE = /(?:วิชา|course(?: code)?|code)\s*[:#]?\s*$/i;
const MONEY_BEFORE = /฿\s*$/;
const MONEY_AFTER = /^\s*(?:บาท|฿|baht|thb)/i;

export const MASKS = { email: '[อีเมล]', phone: '[เบอร์โทร]', idNumber: '[เลขประจำตัว]', studentId: '[รหัสนักศึกษา]' } as const;

type Span = { start: number; end: number; mask: string };

function spans(text: string): Span[] {
  const found: Span[] = [];
  const free = (s: number, e: number) => found.every((f) => e <= f.start || s >= f.end);
  const add = (re: RegExp, mask: string, keep?: (s: number, e: number) => boolean) => {
    for (const m of text.matchAll(re)) {
      const start = m.index!;
      const end = start + m[0].length;
      if (free(start, end) && !keep?.(start, end)) found.push({ start, end, mask });
    }
  };
  add(EMAIL, MASKS.email);
  add(ID_NUMBER, MASKS.idNumber);
  add(PHONE, MASKS.phone);
  add(
    STUDENT_ID,
    MASKS.studentId,
    (s, e) =>
      COURSE_BEFORE.test(text.slice(Math.max(0, s - 20), s)) || MONEY_BEFORE.test(text.slice(Math.max(0, s - 5), s)) || MONEY_AFTER.test(text.slice(e, e + 8)),
  );
  return found.sort((a, b) => a.start - b.start);
}

/**
 * `typed` with its personal data masked. With `maxChars`, only its first `maxChars` characters are kept, and
 * only they (with CUT_MARGIN beyond) are read: a 100,000-character message costs what its kept part does, and
 * a number at the cut is masked whole, not cut into an unmasked head. The result is at most `maxChars` long
 * (a mask at the end may be cut; a surrogate pair never is).
 */
export function maskPersonalData(typed: string, maxChars = Infinity): string {
  const { text, origin, read } = folded(typed, maxChars);
  const at = (i: number) => (i < origin.length ? origin[i]! : read);
  const end = Math.min(typed.length, maxChars);
  let out = '';
  let from = 0;
  for (const s of spans(text)) {
    const start = at(s.start);
    if (start >= end) break;
    out += typed.slice(from, start) + s.mask;
    from = at(s.end);
  }
  if (from < end) out += typed.slice(from, end);
  if (maxChars === Infinity) return out;
  const kept = out.slice(0, maxChars);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}
