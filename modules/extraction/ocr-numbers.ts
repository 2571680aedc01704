// Numbers around the structure of an OCR'd regulation: page furniture, digit echoes and Buddhist-era years.
import { foldThaiDigits } from '../../src/thai/digits.ts';
import { FULL_MONTH_PATTERN, SHORT_MONTH_PATTERN } from '../../src/thai/months.ts';

// The English model, on a 1-bit scan, reads the last Thai digit a second time as its Arabic twin
// ("พ.ศ.๒๕๖๗7”" on the conduct G4 scan): Thai and Arabic digits never touch in one number, so an
// Arabic digit right after a Thai one of the same value is that echo.
const ECHO = /([๐-๙])([0-9])(?![0-9])/g;

// The closing quote after a year ends a regulation's name ("… พ.ศ. ๒๕๖๓”"): the English model reads its first stroke
// as a 7 ("พ.ศ. ๒๕๖๓7”", "พ.ศ. ๒๕๕๙7”" on the cached real scans). A 7 between a Thai digit and that quote is the quote.
const QUOTE_READ_AS_SEVEN = /([๐-๙])7(?=[”"])/g;

/** "๒๕๖๗7" → "๒๕๖๗"; mixed digits of other values are left for the admin to check. */
export function dropDigitEchoes(text: string): string {
  return text.replace(ECHO, (all, thai: string, arabic: string) => (foldThaiDigits(thai) === arabic ? thai : all)).replace(QUOTE_READ_AS_SEVEN, '$1');
}

// Tesseract's Thai model cuts a ๖ into two glyphs, its bowl and its tail: "๒๐", "๒๖" or "๖๖". In a Buddhist-era year
// that makes five digits, which no year has: of the 26 five-digit numbers starting ๒๕ on the cached real OCR pages,
// 23 are such years ("พ.ศ. ๒๕๒๐๓", "ปีการศึกษา ๒๕๒๐๕", "เมษายน ๒๕๖๖๑", "พ.ศ. ๒๕๒๖๖"), in documents of six universities. After
// what introduces a year (พ.ศ., ปีการศึกษา, ปีงบประมาณ, a month, the slash of "ครั้งที่ ๗/๒๕๖๓") such a number is
// read with the ๖ whole. (A year misread in four digits, ๒๕๒๓ for ๒๕๖๓, is a real year: restoreSixInYears reads it
// by the rest of its document.)
const YEAR_CUE = String.raw`(?:พ\.ศ[.,]?|ปีการศึกษา|ปีงบประมาณ|${FULL_MONTH_PATTERN}|${SHORT_MONTH_PATTERN}|/)`;
const SPLIT_SIX_YEAR = new RegExp(String.raw`(${YEAR_CUE}\s*)๒๕(?:๒๐|๒๖|๖๖)([๐-๙])(?![๐-๙0-9,.])`, 'g');

/** "พ.ศ. ๒๕๒๐๓" → "พ.ศ. ๒๕๖๓": a ๖ OCR cut in two, in a year. */
export function joinSplitSixInYears(text: string): string {
  return text.replace(SPLIT_SIX_YEAR, '$1๒๕๖$2');
}

// The same model reads a whole ๖ as ๒ too, and then the year keeps four digits: "ปีการศึกษา ๒๕๒๓", "ตุลาคม ๒๕๒๓",
// "ครั้งที่ ๑/๒๕๒๓" in announcements of 2563. On the cached real OCR pages every Thai-digit year of the 2520s after what
// introduces a year stands in a document that states a year of the 2560s elsewhere, and every one is such a misread
// (12 in 8 documents of three universities: a 2561 booking notice's "สิงหาคม ๒๕๒๑", a 2563 admission notice's three
// "๒๕๒๓"); a document of the 2560s does not date its own days, terms or meetings forty years back. The three others
// there follow no year cue (a telephone number "๐ - ๒๕๒๙ - ๐๖๗…", a misspelled month, a stamp) and stay as read. A
// document that states no year of the 2560s (an old act's text) keeps its 2520s.
const SIX_READ_AS_TWO = new RegExp(String.raw`(${YEAR_CUE}\s*)๒๕๒([๐-๙])(?![๐-๙0-9])`, 'g');
const YEAR_OF_THE_2560S = /(?<![๐-๙0-9])(?:๒๕๖[๐-๙]|256\d)(?![๐-๙0-9])/;

/** "ปีการศึกษา ๒๕๒๓" → "ปีการศึกษา ๒๕๖๓" in a document that states a year of the 2560s. */
export function restoreSixInYears(pages: string[]): { pages: string[]; fixed: number } {
  if (!pages.some((text) => YEAR_OF_THE_2560S.test(text))) return { pages, fixed: 0 };
  let fixed = 0;
  const out = pages.map((text) =>
    text.replace(SIX_READ_AS_TWO, (_, cue: string, last: string) => {
      fixed++;
      return `${cue}๒๕๖${last}`;
    }),
  );
  return { pages: out, fixed };
}

// A stray consonant inside a decimal number ("๑.ฒ๗๕" for the grade ๑.๗๕ on the leave-regulation scan): a
// digit, its point and the next digit never have a letter between them in Thai text.
const LETTER_IN_NUMBER = /([0-9๐-๙][.,])[ก-ฮ]([0-9๐-๙])/g;

/** "๑.ฒ๗๕" → "๑.๗๕". */
export function dropLettersInNumbers(text: string): string {
  return text.replace(LETTER_IN_NUMBER, '$1$2');
}

// A comma read as a point in an amount of baht ("8.360 บาท", "10.600บาท", "6.510 (หกพันห้าร้อยสิบบาทถ้วน)"): the comma is
// the smallest ink of the figure and OCR makes it a point. No text layer of the eval caches writes a number of one to
// three digits, a point and three digits (0 in 325 documents, against 186 amounts with a comma), where the OCR'd pages
// hold 12 such numbers, 4 of them before บาท or the amount in words: baht are written with a comma and two decimals at
// most. Only before บาท or the bracketed amount in words is it read as the comma; elsewhere (a grade table's "2.200")
// what was misread cannot be known.
const POINT_IN_AMOUNT = /(?<![0-9๐-๙.,])([0-9๐-๙]{1,3})\.([0-9๐-๙]{3})(?=\s?(?:บาท|\())/g;

/** "๘.๓๖๐ บาท" → "๘,๓๖๐ บาท". */
export function commaInAmounts(text: string): string {
  return text.replace(POINT_IN_AMOUNT, '$1,$2');
}

// A form's dotted line, the blank a reader writes on, comes out of OCR as a run of digits: the dots read as 2, 6, 0
// and 5 ("ชื่อวิชา2222222266666666666666453385555556เกรด", "รหัสประจำตัว626๐36556566666"). Across the eval caches' text
// layers (360 documents) no number runs to 16 digits without a separator (the longest, a link's id, has 15), and none
// mixes Thai and Arabic digits over 9; the OCR'd pages hold 47 such runs, in 18 forms of six universities (petitions,
// loan and income forms, co-op and project forms, time sheets). Such a run is the dotted line it was read from; a run
// inside a link (after / = ? & _ : or a letter) is an id.
const DOTTED_LINE_READ = /(?<![0-9๐-๙/=?&_:A-Za-z])[0-9๐-๙]{9,}/g;
const THAI_DIGIT = /[๐-๙]/;
const ARABIC_DIGIT = /[0-9]/;

/** "ชื่อวิชา2222222266666666666666453385555556เกรด" → "ชื่อวิชา.....เกรด". */
export function dottedLinesFromDigits(text: string): string {
  return text.replace(DOTTED_LINE_READ, (run) => (run.length >= 16 || (THAI_DIGIT.test(run) && ARABIC_DIGIT.test(run)) ? '.....' : run));
}

// A page number printed as "-2-" / "- ๒ -" (one dash may be lost: "6-") stands alone at the page's head or foot;
// OCR puts it between two paragraphs of running text (conduct scan pages 2 and 6). A paragraph of nothing but
// that is furniture, never content.
const PAGE_NUMBER = /^(?:[-–—] ?[0-9๐-๙]{1,3} ?[-–—]?|[0-9๐-๙]{1,3} ?[-–—])$/;

/** Drop paragraphs that are only a page number between dashes. */
export function dropPageNumbers(text: string): string {
  const paras = text.split('\n\n');
  const kept = paras.filter((p) => !PAGE_NUMBER.test(p.trim()));
  return kept.length === paras.length ? text : kept.join('\n\n');
}

// An act's name repeats with its year ("พระราชบัญญัติมหาวิทยาลัย… พ.ศ. ๒๕๕๖"): where OCR garbled the year
// of one mention ("พ.ศ. Ed.") and another mention of the same title reads a Buddhist-era year, that is the
// year. The title is taken from its kind (พระราชบัญญัติ, ข้อบังคับ, ระเบียบ, ประกาศ) to the era, spaces ignored.
const TITLED_YEAR = /(พระราชบัญญัติ|ข้อบังคับ|ระเบียบ|ประกาศ)([^\n“”"]{4,120}?)\s*พ\.ศ\.\s?([๒][๔๕][๐-๙]{2}|[A-Za-z][A-Za-z0-9.,']{1,4})(?=[\s”"]|$)/g;
const titleKey = (kind: string, name: string) => (kind + name).replace(/\s+/g, '');

/** Restore garbled Buddhist-era years from another mention of the same titled act in the document. */
export function restoreActYears(pages: string[]): { pages: string[]; fixed: number } {
  const years = new Map<string, Set<string>>();
  for (const text of pages)
    for (const m of text.matchAll(TITLED_YEAR))
      if (/^[๐-๙]+$/.test(m[3])) years.set(titleKey(m[1], m[2]), (years.get(titleKey(m[1], m[2])) ?? new Set()).add(m[3]));
  let fixed = 0;
  const out = pages.map((text) =>
    text.replace(TITLED_YEAR, (all, kind: string, name: string, year: string) => {
      const known = years.get(titleKey(kind, name));
      // Two different years for one title (an act and its amendment): nothing to choose by.
      if (/^[๐-๙]+$/.test(year) || !known || known.size !== 1) return all;
      fixed++;
      return all.slice(0, all.length - year.length) + [...known][0];
    }),
  );
  return { pages: out, fixed };
}
