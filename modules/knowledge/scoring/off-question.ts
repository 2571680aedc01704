// Passages that share words with a question without being about what it asks: another year, a sibling, no rate
// for the unit asked. Each is an evidence feature with a weight in confidence-model.json (evidence.ts).
import escapeStringRegexp from 'escape-string-regexp';
import { alternativesOf, NO_ADMIN_SYNONYMS, type AdminSynonyms } from '../question/synonyms.ts';
import { rateUnitWordings } from '../lexicon/rate-units.ts';
const TERM = /(?<![\d/])\d\/25\d\d(?![\d/])/;
const YEAR = /(?<![\d/])25\d\d(?![\d/])/;
const TERMS = new RegExp(TERM.source, 'g');
const YEARS = new RegExp(YEAR.source, 'g');

/**
 * Whether the passage is about another year or term than the one asked: the question names 2568 (or 1/2569),
 * the passage lacks it and names another one instead (an announcement for 2569, a calendar of 2568). A question
 * naming several years ("จบปี 2560 … รับปริญญาปี 2561 … เลื่อนไปปี 2562") asks of each of them: a passage naming
 * any one of them is not about another year.
 */
export function otherYear(words: readonly string[], text: string): boolean {
  for (const kind of [TERMS, YEARS]) {
    const one = kind === TERMS ? TERM : YEAR;
    const asked = words.filter((w) => one.test(w) && w.match(one)?.[0] === w);
    if (!asked.length || asked.some((w) => text.includes(w))) continue;
    if ([...text.matchAll(kind)].some((m) => !asked.includes(m[0]))) return true;
  }
  return false;
}

// Things of one kind that exclude each other: a clause on the final exam does not answer a question on
// the midterm, nor a bachelor's rule a doctoral student's question, nor the rule on resigning a question on
// being dismissed (in a grown library a leave regulation's "ลาออกแล้ว … ต้องสมัครใหม่" answered "ถ้าโดนให้ออก จะ
// กลับมาสมัครเรียนใหม่ได้มั้ย" at 86 %). Each inner list is one thing in its
// documents' wordings, a degree level also as documents abbreviate it in names and titles ("…หลักสูตร-ป.ตรี-65").
const SIBLINGS: readonly (readonly (readonly string[])[])[] = [
  [['สอบกลางภาค'], ['สอบปลายภาค', 'สอบไล่']],
  [
    ['ปริญญาตรี', 'ป.ตรี'],
    ['ปริญญาโท', 'ป.โท'],
    ['ปริญญาเอก', 'ป.เอก'],
  ],
  // leaving by one's own request, or being made to leave
  [['ลาออก'], ['ให้ออก', 'ไล่ออก']],
  // buying, or renting (a gown, a locker): the price of one is not the price of the other
  [['ซื้อ'], ['เช่า']],
];

// A sibling the question rules out is not what it asks: "ซื้อชุดครุยเก็บไว้เลย ไม่เช่า ราคาเท่าไหร่" asks
// the purchase price, and the rental table is about what it ruled out.
const RULED_OUT = /(?:ไม่ใช่|ไม่ได้|ไม่|มิใช่)\s*$/;

/** Whether the question names `name` somewhere it does not rule it out. */
function askedFor(question: string, name: string): boolean {
  for (let at = question.indexOf(name); at >= 0; at = question.indexOf(name, at + 1)) if (!RULED_OUT.test(question.slice(0, at))) return true;
  return false;
}

/**
 * Whether the passage is about a sibling of what the question names: the question says สอบกลางภาค (in the
 * documents' wording: "มิดเทอม" is read as สอบกลางภาค), the passage never does and says สอบปลายภาค instead.
 * Like another year (otherYear), the passage may share every other word and still not be the answer.
 * `focus` (the question's focus words): a passage about a sibling by this reading is about it only when the part that
 * answers names the sibling too (answeringLines: of a table, the rows holding most of them). That part only narrows the
 * rule, never widens it: the rows holding most of the question's words need not be the row asked about (pieces such as
 * "ภาค" and "ศึกษา" stand in most rows of a calendar), so a table that holds what is asked in another row is not about
 * a sibling.
 */
export function otherSibling(question: string, text: string, focus: readonly string[] = []): boolean {
  let about: string | undefined;
  for (const kinds of SIBLINGS) {
    const named = (t: string) => (names: readonly string[]) => names.some((n) => t.includes(n));
    const asked = kinds.filter((names) => names.some((n) => askedFor(question, n)));
    if (asked.length === 0 || asked.some(named(text)) || !kinds.some(named(text))) continue;
    // the whole passage is about a sibling; of a table, the rows that answer must name it too
    about ??= answeringLines(text, focus);
    if (kinds.some((names) => !asked.includes(names) && named(about!)(names))) return true;
  }
  return false;
}

/**
 * The passage as what answers reads it: a table's rows are each about their own thing, so of its rows (lines with a
 * tab between cells) only those holding the most of the question's focus words (each counted once) are read, beside
 * every line that is not a row (a heading, a lead-in, a clause's prose: what they say holds for all the rows). An
 * expense table's souvenir row ("ค่าของที่ระลึก\tไม่เกิน 1,500 บาท/ชิ้น") answers what a souvenir may cost whatever its
 * room-rent row says, while a clause that names its students' level once ("นักศึกษาระดับปริญญาตรี …") names it for
 * every item below. With no row holding a focus word, the whole passage.
 */
export function answeringLines(text: string, focus: readonly string[]): string {
  if (focus.length === 0 || !text.includes('\t')) return text;
  const lines = text.split('\n');
  const words = [...new Set(focus)];
  const held = lines.map((line) => (line.includes('\t') ? words.reduce((n, w) => n + (line.includes(w) ? 1 : 0), 0) : -1));
  const most = held.reduce((m, n) => Math.max(m, n), 0);
  return most === 0 ? text : lines.filter((_, i) => held[i] === -1 || held[i] === most).join('\n');
}

/**
 * Whether the question asks a rate per some unit (`unit`, Question.rateUnit: question/rate-unit.ts) the passage never
 * states a rate for: "ค่าไฟหน่วยละกี่บาท" asked of a clause that says electricity is paid "ตามหน่วยที่ใช้จริง" and gives other amounts. A rate is
 * written "<unit>ละ" or "ต่อ<unit>" (a table header "ค่าบำรุงต่อภาคการศึกษา"; the segmenter may have cut the unit to
 * "การศึกษา", so a few letters may stand between), or in a table or notice after a slash ("200 บาท/คน/มื้อ"; a header cell
 * OCR wrapped may have the next column's name between them, "ราคา (บาท/" over "รายการ | ตัวอย่าง)"), in any
 * wording of the unit (the app's synonyms, and a rate's own: lexicon/rate-units.ts).
 */
export function noRateFor(unit: string | null, text: string, synonyms: AdminSynonyms = NO_ADMIN_SYNONYMS): boolean {
  if (!unit) return false;
  return ![unit, ...alternativesOf(unit, synonyms), ...rateUnitWordings(unit)].some((u) => {
    const word = escapeStringRegexp(u);
    return text.includes(`${u}ละ`) || new RegExp(`ต่อ[ก-๙\\d\\s]{0,10}${word}|/[^/\\d]{0,12}?${word}`).test(text);
  });
}
