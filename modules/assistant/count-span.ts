// The count a passage states for a question asking how many or how much (direct-answer.ts leads with it): the
// figure written with the thing the question counts, in its word, a document's wording of it or its own notation
// ("๓๐ วัน", "๕๐๐ บาท" for "กี่ตังค์", "๓(๓-๐-๖)" credits), the one the question's words read best where a passage
// states two, a percentage after ร้อยละ, and no figure at all where none measures anything. Hand-written for the
// reason direct-answer.ts gives: the shapes of Thai regulation text are few and fixed.
import { latinShare } from './language';
import { inItsTerms, type Span } from './count-terms';
import { alternativesOf, boundBefore, type CountBound, countWordings, foldThaiDigits, UNIT_NOTATIONS, type Question } from '../knowledge';

// A percentage is written "ร้อยละ ๘๐" (the unit before the number), with its bound kept: "ไม่น้อยกว่าร้อยละ ๘๐".
// The words asking for one are ร้อยละ and its wordings in the vocabulary (synonym-list.ts: เปอร์เซ็นต์ …).
export const asksPercent = (noun: string, question: Question) => noun === 'ร้อยละ' || alternativesOf(noun, question.synonyms).includes('ร้อยละ');
const PERCENT = /(?:(?:ไม่)?(?:น้อยกว่า|ต่ำกว่า|เกิน|มากกว่า)\s*)?ร้อยละ\s*[0-9๐-๙][0-9๐-๙.,]*|[0-9๐-๙][0-9๐-๙.,]*\s*%/;

// a number as written: digits folded, thousands commas dropped, a decimal part kept ("2.4" is not 2 or 4), read as
// the question's numbers are (knowledge/question/question.ts)
const NUMBER = /\d[\d,]*(?:\.\d+)?/;
const writtenValue = (written: string) => Number(written.replace(/,/g, ''));

const numberOf = (span: string) => writtenValue(foldThaiDigits(span).match(NUMBER)?.[0] ?? 'NaN');

/** The word a number is written with: "๓๐ วันก่อน…" → "วันก่อน…", "๕ (ห้า) คน" → "คน". */
const unitOf = (span: string) => span.replace(/^[0-9๐-๙][0-9๐-๙,.]*\s*(?:\([^)]*\)\s*)?/, '');

/**
 * The count of `noun` as written by a notation of its own ("๓(๓-๐-๖)" credits, "๓๖ ชม.": knowledge's unit notations):
 * the span in `piece`, or null. Digits are folded to find it (one character each, so the span is cut from the piece
 * as written).
 */
export function writtenCount(piece: string, wordings: readonly string[]): string | null {
  const folded = foldThaiDigits(piece);
  for (const noun of wordings) {
    const m = UNIT_NOTATIONS[noun]?.exec(folded);
    if (m) return piece.slice(m.index, m.index + m[0].length).trim();
  }
  return null;
}

/** The figures of a piece that may count something, each with the word written after it and where it starts. */
function countSpans(piece: string, question: Question): Span[] {
  // Clause and item numbers ("ข้อ ๗", "(๒)", "6.1") are not amounts, nor is the figure the student gave:
  // "มา 30 วันแล้ว ขยายได้อีกกี่วัน" asks for the extension, not the 30 days it names (before: "๓๐ วัน").
  const stated = question.numbers;
  // nor is a number written with a slash ("ครั้งที่ ๒/๒๕๕๙", a date "๒๔/๒/๖๘"): no part of it counts anything
  return (
    [...piece.matchAll(/(?<!(?:ข้อ|มาตรา|Article|Section|Clause|No\.)\s*|[(0-9๐-๙./])[0-9๐-๙][0-9๐-๙,.]*(?![)0-9๐-๙]|\/[0-9๐-๙])\s*(?:\([^)]*\)\s*)?([ก-๙]+)?/g)]
      .map((m) => ({ text: m[0].trim(), at: m.index }))
      // an item's own number ("1. นักศึกษากรอก…") is no amount either, with or without the words after it
      .filter(({ text: s }) => !/^[0-9๐-๙]+\.[0-9๐-๙]+$/.test(s) && !/^[0-9๐-๙]+\.(?![0-9๐-๙])/.test(s) && !stated.has(numberOf(s)))
  );
}

/** Two different counts of the thing asked that the question's words read alike (askedCount): no count leads. */
export const TIED = Symbol('tied');

/**
 * Of the piece's counts of the thing asked, the one the question is about: the first, or where the piece states two
 * different ones (a rule and its exception: "ยื่นล่วงหน้าไม่น้อยกว่า ๑๕ วันทำการ … กิจกรรมที่จัดนอกมหาวิทยาลัยหรือค้างคืนต้อง
 * ยื่นล่วงหน้าไม่น้อยกว่า ๓๐ วันทำการ"), the one written after more of the question's words (Thai writes a count after
 * what it counts: the words since the count before it). TIED when two different counts are read so alike: which one a
 * question falls under is then read in the quote, which shows both with their conditions, and a lead of one is a guess
 * (a camp upcountry was led with the rule's ๑๕ วัน). Undefined when the piece counts no such thing.
 */
function askedCount(piece: string, question: Question, counted: Span[]): Span | typeof TIED | undefined {
  if (new Set(counted.map((c) => numberOf(c.text))).size <= 1) return counted[0];
  const words = [...new Set(question.focus)];
  let [best, bestScore, tied] = [counted[0]!, -1, false];
  let from = 0;
  for (const c of counted) {
    const before = piece.slice(from, c.at);
    const score = words.filter((w) => before.includes(w)).length;
    if (score > bestScore) [best, bestScore, tied] = [c, score, false];
    else if (score === bestScore && numberOf(c.text) !== numberOf(best.text)) tied = true;
    from = c.at + c.text.length;
  }
  return tied ? TIED : best;
}

/** `anyFigure`: any figure when none counts the thing asked; `firstCount`: the first count of it, as read for comparing
 * two versions of a rule (versions.ts), not the one the question's words read best (askedCount). */
export function numberWithUnit(piece: string, question: Question, anyFigure = false, firstCount = anyFigure): string | typeof TIED | null {
  const noun = question.counted;
  if (noun && asksPercent(noun, question)) return PERCENT.exec(piece)?.[0] ?? null;
  const found = countSpans(piece, question);
  const spans = found.map((s) => s.text);
  // the thing counted is the word the number is written with, not one further on ("๕๕๙ เมื่อวันที่" counts no days),
  // in the question's word or a document's wording of it ("กี่เทอม": "๒ ภาคการศึกษา", "กี่ตังค์": "๕๐๐ บาท")
  const wordings = countWordings(question);
  const ofTheThing = found.filter((s) => wordings.some((w) => unitOf(s.text).startsWith(w)));
  // A question asking the least of a count is not answered by a cap, nor one asking the most by a minimum: "วิชาเฉพาะ
  // เลือกต้องเรียนไม่น้อยกว่ากี่หน่วยกิต" was led with "3 หน่วยกิต" of "… ไม่เกิน 3 หน่วยกิต" beside "ไม่น้อยกว่า 18 หน่วยกิต".
  const counted = question.bound ? ofTheThing.filter((s) => !opposed(question.bound!, boundBefore(piece, s.at))) : ofTheThing;
  // where the piece counts the thing only under the other bound, it answers nothing: a later piece may
  if (ofTheThing.length > 0 && counted.length === 0) return null;
  const preferred = firstCount ? counted[0] : askedCount(piece, question, counted);
  if (preferred === TIED) return TIED;
  // the lead states the count in the passage's terms; two versions of a rule are compared by their counts alone
  const shown = (span: Span, cut: string) => (firstCount ? cut : inItsTerms(piece, span, cut));
  // a count written in its unit's notation: before a figure that counts something else (a course's code)
  const written = !preferred && noun ? writtenCount(piece, wordings) : null;
  if (written) return shown({ text: written, at: piece.indexOf(written) }, written);
  // A question that names what it counts is answered by a count of that thing only: a figure written with another
  // Thai word ("ปีที่ ๔ ภาคการศึกษาที่ ๒", "๑,๔๖๘ คน"), a year or a course's code answers something else, and led a
  // reply to "กี่หน่วยกิต" with "2559"; the quote answers instead. In an English clause the unit is an English word
  // the question's Thai noun does not match ("at most 12 credits"): there a figure that is no year or code stays.
  if (preferred) return shown(preferred, upToTheUnit(preferred.text, wordings));
  if (noun && !anyFigure) return english(piece) ? (spans.find((s) => unitOf(s) === '' && !YEAR_OR_CODE.test(foldThaiDigits(s))) ?? null) : null;
  if (!spans.length) return null;
  // money asked (a fee, a fine, a price) is measured in baht only: not the days or credits the same clause states
  // (a lead's reading: two versions are compared by their first measured figure, as written)
  const measure = !firstCount && MONEY_ASKED.test(question.text) ? BAHT : MEASURE_WORD;
  const measured = found.find((s) => measure.test(unitOf(s.text)));
  if (measured && firstCount) return measured.text;
  if (measured) return shown(measured, upToTheUnit(measured.text, [measure.exec(unitOf(measured.text))![0]]));
  if (measure === BAHT) return null;
  if (anyFigure) return spans[0]!;
  // A figure written with no measure word is no answer a reader can use ("3" for a fee, from OCR's "3 2" that lost
  // its dot; "10 มคอ", "3 อาคารวิชาการ"): the quote answers instead. A grade point or a ratio is written with its two
  // decimals and no unit ("๓.๖๐ ขึ้นไป", "2.00"), and still leads.
  const grade = found.find((s) => TWO_DECIMALS.test(s.text));
  return grade ? shown(grade, TWO_DECIMALS.exec(grade.text)![0]) : null;
}

// the words a figure is written with that say what it measures, when the question names no noun ("เท่าไหร่")
const MEASURE_WORD = /^(?:บาท|วัน|สัปดาห์|คน|ปี|เดือน|ครั้ง|หน่วยกิต|ชั่วโมง|ชม\.|นาที|นาย|ลำ)/;
// A question asking how much of a fee, a fine, money or a price ("ค่าธรรมเนียมเท่าไร", "เสียเงินเท่าไร", "ราคาเท่าไหร่"):
// ค่า opens a fee's name, but also a grade's value or an average (ค่าระดับคะแนน, ค่าเฉลี่ย), which are no money.
const MONEY_ASKED = /ค่า(?!ระดับ|เฉลี่ย|คะแนน|น้ำหนัก|ร้อยละ)|เงิน|ราคา|ตังค์/;
const BAHT = /^บาท/;
// a figure with two decimals and nothing after them in the number: a grade point average, a ratio (not "3.1.2")
const TWO_DECIMALS = /^[0-9๐-๙]+\.[0-9๐-๙]{2}(?![0-9๐-๙.])/;

const opposed = (asked: CountBound, written: CountBound | null) => written !== null && written !== asked;

// an English clause: most of its letters Latin (language.ts counts them)
const english = (piece: string) => (latinShare(piece) ?? 0) > 0.5;
// a Buddhist-era or Common-era year, or a code of five digits or more (a course's "02739423")
const YEAR_OR_CODE = /^(?:(?:19|20|24|25)\d\d|\d{5,})$/;

/** A count without the word glued on after its unit ("๓๐ วันก่อนวันเริ่ม" → "๓๐ วัน"), a bracketed note dropped. */
function upToTheUnit(span: string, wordings: readonly string[]): string {
  const unit = unitOf(span);
  const word = wordings.find((w) => unit.startsWith(w))!;
  return span.slice(0, span.length - unit.length + word.length).replace(/\s*\([^)]*\)\s*/, ' ');
}
