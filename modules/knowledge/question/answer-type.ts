// What kind of answer a question asks for (a date, a count of something, a person, a place, a list, what
// follows an act, a yes or no) and whether a passage holds one: the evidence's type match (evidence.ts).
import { alternativesOf } from './synonyms.ts';
import { codePointLength, segmentWords } from '../index/tokens.ts';
import type { Question } from './question.ts';
import { COMPOUND_UNITS, COUNTED_THING, kindEntry, type QuestionKindEntry } from '../lexicon/question-kinds.ts';
import { EVERYDAY_UNIT_NAMES, UNIT_NOTATIONS } from '../lexicon/unit-notations.ts';
import { NUMBER_IN_WORDS } from '../../../src/thai/numbers.ts';

export { CONSEQUENCE_QUESTION } from '../lexicon/question-kinds.ts';

const LIST = kindEntry('list');
const COUNT = kindEntry('count');
const WHEN = kindEntry('when');
// the counted thing may run on past the unit: "กี่โมงในวันสุดท้าย" (COUNTED_THING stops at a particle, not at ใน)
const CLOCK_UNITS = /^(?:โมง|ทุ่ม)(?!เท)/;
// A time of day as Thai documents write it: "๒๒.๐๐ น.", "16:30", "๘ นาฬิกา", "๙ โมง", "สองทุ่ม", "เที่ยงคืน" (read on
// digit-folded text).
const CLOCK_TIME = /(?<![\d,.])\d{1,2}[.:]\d{2}(?![\d,])|\d\s*(?:น\.|นาฬิกา)|(?<!ชั่ว)โมง|ทุ่ม(?!เท)|เที่ยง/;

/**
 * The thing a Thai count asks about: "กี่บาท" → "บาท", "กี่เทอม" → "เทอม" (on folded or digit-folded text). The noun is
 * one word (a classifier, a unit), or one of the two-word units (COMPOUND_UNITS): "กี่วันหลังสอบ" counts days, and the
 * words after the noun say when, not what is counted.
 */
export function countedThing(q: string): string | null {
  const run = COUNTED_THING.exec(q)?.[1];
  if (!run) return null;
  const words = segmentWords(run);
  // the longest whole-word start of the run that the lexicons know as one unit: a two-word unit, a wording of the
  // synonym list (a loanword the segmenter splits: "เปอร์เซ็น"), an everyday unit name
  for (let n = words.length; n > 1; n--) {
    const head = words.slice(0, n).join('');
    if (COMPOUND_UNITS.includes(head) || alternativesOf(head).length > 0 || EVERYDAY_UNIT_NAMES[head]) return head;
  }
  return words[0] ?? run;
}

/** The words a count of the question's thing is written with: its own, the documents' wordings of it ("เทอม":
 * ภาคการศึกษา), and the unit its everyday name stands for ("ตังค์": บาท); none when the question counts nothing named. */
export function countWordings(question: Question): string[] {
  const thing = question.counted;
  return thing ? [thing, ...alternativesOf(thing, question.synonyms), ...(EVERYDAY_UNIT_NAMES[thing] ?? [])] : [];
}

/**
 * Whether the passage answers every ask of the question. A question may ask several things at once
 * ("ต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด": which documents, and when): a passage that answers one
 * ask and not the other is a partial answer, so the weakest ask decides.
 * A question that asks no kind ("ต้องทำอย่างไร", "ทำไม…") has no kind for a passage to miss, so it reads as a match, as a
 * yes/no question's does (nearly every rule's text holds a rule word): how a question is phrased is no evidence about
 * the passage. What that trades (a few off-topic questions, often asked with no kind, answered): scripts/eval/data/README.md,
 * 'A question that asks no kind'.
 */
export function typeMatch(question: Question, passage: string): number {
  const asked = question.kinds;
  if (!asked.length) return 1;
  return Math.min(...asked.map((a) => answers(a, question, passage)));
}

/**
 * Whether the passage writes a figure of the count a question asks (its unit: "กี่โครงการ" by "๖ โครงการ" or a column
 * of them), whatever else the question asks ("กี่หน่วยกิต และมีวิชาบังคับก่อนอะไรบ้าง" also asks a list): 1 or 0; 1 when
 * the question asks no count.
 */
export function countAnswered(question: Question, passage: string): number {
  return question.kinds.includes(COUNT) ? answers(COUNT, question, passage) : 1;
}

// A count is written in figures or in words ("ไม่เกินสองครั้ง", "ยี่สิบเอ็ดวัน"); an amount of baht "1,500.- บาท"
// (no satang), a range's first figure "3-5 วัน".
const FIGURE = '(?<!\\d)(?!25\\d\\d(?!\\d))\\d[\\d,.]*(?:\\.?-)?';
// What stands right before a unit's word when it counts: a count, maybe a parenthesis after it ("๕ (ห้า) คน"), or a
// column header's bracket ("(บาท)"). It is read on the text just before each place the word is written: a pattern
// that may start with any number word, tried at every character of every retrieved passage, cost ten times as much.
const COUNT_BEFORE = new RegExp(`(?:(?:${FIGURE}|${NUMBER_IN_WORDS})\\s*(?:\\([^)]*\\)\\s*)?|\\(\\s*)$`);
const BEFORE_WINDOW = 60;

/** Whether `passage` writes a count of `unit` ("๓ ภาคการศึกษา", "สองครั้ง", a header's "(บาท)" or "จำนวนโครงการ"). */
function countsUnit(passage: string, unit: string): boolean {
  // A percentage is written before its number ("ร้อยละ ๕๐"), every other unit after it.
  if (unit === 'ร้อยละ') return /ร้อยละ\s*\d/.test(passage);
  for (let at = passage.indexOf(unit); at >= 0; at = passage.indexOf(unit, at + 1))
    if (COUNT_BEFORE.test(passage.slice(Math.max(0, at - BEFORE_WINDOW), at))) return true;
  return countColumn(passage, unit);
}

// A table's column headed "จำนวน<unit>" ("number of <unit>": "จำนวนโครงการสูงสุดต่อปี") counts that unit in its rows' bare
// figures ("สโมสรนักศึกษาคณะ	๕๐,๐๐๐	๖"), as a header's bracket does ("(บาท)"). Read only in a table: a header line of
// cells (tab- or bar-separated) naming it, and a later line with a cell that is a figure alone; in a sentence
// "จำนวนโครงการ" is a topic ("ให้คณะกำหนดจำนวนโครงการ"), not a count.
const CELL_FIGURE = /(?:^|[\t|])\s*\d[\d,.]*\s*(?=[\t|]|$)/m;
function countColumn(passage: string, unit: string): boolean {
  const lines = passage.split('\n');
  const header = lines.findIndex((l) => /[\t|]/.test(l) && l.replace(/\s+/g, '').includes(`จำนวน${unit}`));
  return header >= 0 && lines.slice(header + 1).some((l) => /[\t|]/.test(l) && CELL_FIGURE.test(l));
}

// Clause and item numbers ("ข้อ 4", "มาตรา 12", "(2)") are labels, not a number or date that answers.
const LABELS = /(?:ข้อ(?:ที่)?|มาตรา)\s*\d+(?:\/\d+)?|\(\d{1,2}\)/g;

function answers(asked: QuestionKindEntry, question: Question, passage: string): number {
  // "กี่โมง", "กี่ทุ่ม" ask a time of day, which neither a count of days nor a date answers.
  if ((asked === WHEN || asked === COUNT) && CLOCK_UNITS.test(question.counted ?? '')) return CLOCK_TIME.test(passage) ? 1 : 0;
  if (!asked.answer.test(asked === LIST ? passage : passage.replace(LABELS, ' '))) return 0;
  // "กี่บาท" is answered by a number of baht (or a term by a number of terms), not by any number (a date).
  const thing = asked === COUNT ? question.counted : null;
  if (thing && codePointLength(thing) > 1 && thing !== 'วัน') {
    const names = countWordings(question);
    // A table names its unit once, in the column header ("จำนวนที่ยืมได้ (เล่ม)", "(บาทต่อภาคการศึกษา)"), and its
    // rows hold bare numbers. A Buddhist-era year is never the count ("… 2568 ภาคการศึกษาที่ 2" answered
    // "ลาพักได้สูงสุดกี่เทอม" from a calendar row).
    // A unit written by a notation of its own: credits as "3(3-0-6)" (lexicon/unit-notations.ts).
    return names.some((n) => countsUnit(passage, n) || UNIT_NOTATIONS[n]?.test(passage)) ? 1 : 0;
  }
  return 1;
}
