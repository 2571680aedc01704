// Thai text repair applied after every extractor. Rules are ordered: glyph mapping first, then
// sara am and mark order (which need clean code points), then spacing (which needs fixed clusters).
import { INVISIBLE } from '../../src/thai/invisible.ts';

// Legacy Thai fonts (Windows/Adobe convention) draw positional variants from the private-use area;
// PDF text layers then carry those code points instead of the real Thai characters.
const PUA_THAI: Record<number, string> = {
  63232: 'ฐ',
  63233: 'ิ',
  63234: 'ี',
  63235: 'ึ',
  63236: 'ื',
  63237: '่',
  63238: '้',
  63239: '๊',
  63240: '๋',
  63241: '์',
  63242: '่',
  63243: '้',
  63244: '๊',
  63245: '๋',
  63246: '์',
  63247: 'ญ',
  63248: 'ั',
  63249: 'ํ',
  63250: '็',
  63251: '่',
  63252: '้',
  63253: '๊',
  63254: '๋',
  63255: '์',
  63256: 'ุ',
  63257: 'ู',
  63258: 'ฺ',
};

const CONSONANT = 'ก-ฮ';
const TONE = '\u0E48-\u0E4B'; // ่ ้ ๊ ๋
const UPPER_LOWER_VOWEL = '\u0E31\u0E34-\u0E3A\u0E47'; // ั ิ ี ึ ื ุ ู ฺ ็
const COMBINING = '\u0E31\u0E34-\u0E3A\u0E47-\u0E4E';

// Symbol fonts (Wingdings, Symbol) are mapped to U+F020–U+F0FF; only their space has a text meaning.
const SYMBOL_FONT = /[\uF020-\uF0FF]/g;

/** Map legacy private-use Thai glyphs back to Unicode Thai. Exported for tests and OCR post-processing. */
export function mapThaiPua(text: string): string {
  return text.replace(/[\uF700-\uF71A]/g, (ch) => PUA_THAI[ch.charCodeAt(0)] ?? ch).replace(SYMBOL_FONT, (ch) => (ch === '\uF020' ? ' ' : ''));
}

// A Thai font of the Royal Gazette's PDFs (ราชกิจจานุเบกษา: two ministerial standards of 2565 in real_dev's CRRU library,
// 08 and 09) writes five letters, ว ศ ษ ส ห (U+0E27–U+0E2B), as the Latin code points U+00FC–U+0100 (ü ý þ ÿ Ā), one
// fixed offset apart: "มาตรฐานĀลักÿูตรการýึกþา" for มาตรฐานหลักสูตรการศึกษา. Nothing flags such a layer (its
// marks and vowels are right) and no search finds หลักสูตร in it. In a word that holds Thai characters and no Latin
// letters they are those five letters; a Latin word keeps its ü ("Müller", "Ā" in a transliteration).
const LATIN_FOR_THAI = /[\u00FC-\u0100]/g;
// tried from a word's start only: from every letter of a long word it read the rest of the word each time
const WORD_WITH_LATIN_FOR_THAI = /(?<!\S)[^\s]*[\u00FC-\u0100][^\s]*/g;
const LATIN_THAI_OFFSET = 0x0e27 - 0x00fc;
// (any Thai character: a layer that lost ำ splits "คำว่า" as "ค าü่า", and the second piece holds no consonant)
const THAI = /[\u0E01-\u0E5B]/;
const LATIN_LETTER = /[A-Za-z\u00C0-\u00FB\u0101-\u024F]/;

/** The Royal Gazette font's Latin ü ý þ ÿ Ā inside Thai words read back as ว ศ ษ ส ห. */
export function mapLatinThaiLetters(text: string): string {
  return text.replace(WORD_WITH_LATIN_FOR_THAI, (word) =>
    THAI.test(word) && !LATIN_LETTER.test(word) ? word.replace(LATIN_FOR_THAI, (ch) => String.fromCharCode(ch.charCodeAt(0) + LATIN_THAI_OFFSET)) : word,
  );
}

// Thai PDFs from some office exporters carry a tone mark raised over an upper vowel (its own glyph in the font) as
// a Latin-1 letter: ่ as É (U+00C9) and ้ as Ê (U+00CA), "ทีÉ" for ที่, "ชัÊน" for ชั้น, "ตํÉา" for ต่ำ. Seen in
// real_fresh_t's calendar (KU Kamphaeng Saen, 2568: 53 É and 17 Ê, every ่ or ้ above ี ั ึ ื of its layer) and in
// text copied out of such PDFs into public code ("ทีÉ", "นีÊ", "เมืÉอ", a script replacing 'ทีÉ' with 'ที่' and
// 'ทัÊง' with 'ทั้ง'). ๊ ๋ ์ were not seen so and are left. As for the gazette font: only inside a word that holds Thai
// and no other Latin letter, right after a Thai character, so "Café" and "FÊTE" keep theirs.
const LATIN_TONES: Record<string, string> = { É: '\u0E48', Ê: '\u0E49' };
const LATIN_TONE = /(?<=[\u0E01-\u0E4F])[ÉÊ]/g;
const WORD_WITH_LATIN_TONE = /(?<!\S)[^\s]*[\u0E01-\u0E4F][ÉÊ][^\s]*/g;
const OTHER_LATIN_LETTER = /[A-Za-z\u00C0-\u00C8\u00CB-\u00FB\u0101-\u024F]/;

/** A raised tone mark written as É or Ê inside a Thai word read back as ่ or ้. */
export function mapLatinToneMarks(text: string): string {
  return text.replace(WORD_WITH_LATIN_TONE, (word) => (OTHER_LATIN_LETTER.test(word) ? word : word.replace(LATIN_TONE, (ch) => LATIN_TONES[ch] ?? ch)));
}

// Regexes are built once: normalisation runs on every page of every document.
const re = (source: string) => new RegExp(source, 'g');
const SPACE_BEFORE_AA = re(`([${CONSONANT}][${TONE}]?)[ \u00A0]+า`);
const SARA_AM_ENCODINGS: Array<[RegExp, string]> = [
  [re(`\u0E4D ?([${TONE}]?) ?\u0E32`), '$1ำ'], // ํ(tone)า → (tone)ำ; OCR may leave a space inside
  [re(`([${TONE}])\u0E4D ?\u0E32`), '$1ำ'], // tone ํ า
  [re(`ำ([${TONE}])า`), '$1ำ'], // ำ่า → ่ำ (font emits ำ then า)
  // ำา / ำ า / าำ → ำ; and า ํ, ำ's two glyphs in the order they are drawn, as some PDF exporters emit them ("ทาํการ",
  // "กาํหนด", "สาํหรบั" in text copied out of such PDFs into public code): no Thai word writes ํ after า
  [/ำ[ \u00A0]?า|าำ|\u0E32\u0E4D/g, 'ำ'],
  [re(`ำ([${TONE}])`), '$1ำ'], // tone belongs before ำ
  [re(`([${CONSONANT}][${TONE}]?)[ \u00A0]+ำ`), '$1ำ'], // ำ never starts a word
];
const MARK_ORDER: Array<[RegExp, string]> = [
  [re(`([${CONSONANT}${COMBINING}])[ \u00A0]+([${COMBINING}])`), '$1$2'], // no space before a mark
  [re(`([${TONE}\u0E4C])([${UPPER_LOWER_VOWEL}])`), '$2$1'], // vowel before tone mark
  [re(`([${TONE}])\\1+`), '$1'], // doubled tone from overlaid glyphs
  [/เเ/g, 'แ'], // legacy typing of sara ae as two sara e
];

function applyAll(text: string, rules: Array<[RegExp, string]>): string {
  return rules.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/**
 * Sara am is often stored as nikhahit + sara aa, split around tone marks, or doubled by PDF fonts.
 * A space before า is never real (no Thai syllable starts with า): in a PDF text layer it is a
 * nikhahit the font could not map ("ช าระ" → "ชำระ"); in OCR output it is a word-box split
 * ("ก าร" → "การ"), so the caller says which.
 */
export function repairSaraAm(text: string, spaceBeforeAa: SpaceBeforeAa = 'lost-nikhahit'): string {
  return repairSaraAmEncoding(text).replace(SPACE_BEFORE_AA, spaceBeforeAa === 'lost-nikhahit' ? '$1ำ' : '$1า');
}

export type SpaceBeforeAa = 'lost-nikhahit' | 'split';

/** The lossless part of the sara am repair (encoding variants only, no guessing). */
export function repairSaraAmEncoding(text: string): string {
  return applyAll(text, SARA_AM_ENCODINGS);
}

/** Canonical mark order: upper/lower vowel before tone mark; no spaces before combining marks. */
export function fixMarkOrder(text: string): string {
  return applyAll(text, MARK_ORDER);
}

// Letter-spaced headings and Thai distributed justification put spaces inside words
// ("กอ งพั ฒ นา นัก ศึ กษ า"). Real Thai text spaces phrases, which are rarely this short,
// so a run of ≥5 space-separated tokens of ≤3 base letters each is one spaced-out phrase.
const THAI_TOKEN_RUN = /(?<![\u0E01-\u0E4E])(?:[\u0E01-\u0E4E]{1,12}[ \u00A0]){4,}[\u0E01-\u0E4E]{1,12}(?![\u0E01-\u0E4E])/g;
const MAX_BASE_LETTERS = 3;

const COMBINING_MARK = re(`[${COMBINING}]`);

function baseLetters(token: string): number {
  return token.replace(COMBINING_MARK, '').length;
}

/** Join letter-spaced / distributed Thai back into words ("ป ร ะ ก า ศ" → "ประกาศ"). */
export function joinLetterSpacedThai(text: string): string {
  return text.replace(THAI_TOKEN_RUN, (run) => {
    const tokens = run.split(/[ \u00A0]/);
    // Only the maximal stretch of short tokens is joined; long tokens keep their spaces.
    const out: string[] = [];
    let shortRun: string[] = [];
    const flush = () => {
      if (shortRun.length >= 5) out.push(shortRun.join(''));
      else out.push(...shortRun);
      shortRun = [];
    };
    for (const t of tokens) {
      if (baseLetters(t) <= MAX_BASE_LETTERS && !/[ๆฯ]/.test(t)) shortRun.push(t);
      else {
        flush();
        out.push(t);
      }
    }
    flush();
    return out.join(' ');
  });
}

/** Tidy whitespace per line: single spaces, tabs kept (tables), no trailing blanks, ≤1 blank line. */
export function tidyWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    .split('\n')
    .map((line) =>
      line
        .replace(/ {2,}/g, ' ')
        .replace(/ *\t */g, '\t')
        .replace(/^ +| +$/g, ''),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Code-point level clean-up only (NFC, zero-width, PUA, sara am encodings): nothing is guessed. */
export function normalizeEncoding(text: string): string {
  return repairSaraAmEncoding(mapThaiPua(text.normalize('NFC').replace(INVISIBLE, '')));
}

/**
 * Full Thai normalisation: NFC (never NFKC: it decomposes ำ into ํา), PUA glyphs, sara am,
 * mark order, letter spacing, whitespace. Thai digits are kept.
 */
export function normalizeThai(text: string, opts: { spaceBeforeAa?: SpaceBeforeAa } = {}): string {
  let t = text.normalize('NFC').replace(INVISIBLE, '');
  t = mapLatinToneMarks(mapLatinThaiLetters(mapThaiPua(t)));
  t = fixMarkOrder(t);
  t = joinLetterSpacedThai(t);
  t = repairSaraAm(t, opts.spaceBeforeAa);
  t = fixMarkOrder(t); // sara am repair can expose a tone/vowel pair
  return tidyWhitespace(t).normalize('NFC');
}
