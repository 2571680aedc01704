// A number a question states about the asker ("คะแนนความประพฤติเหลือ 55", "เกรดเฉลี่ย 1.82", "ลามาแล้ว 2 เทอม",
// "งบ 5 หมื่น") is rarely written in the clause that answers it: the clause states the bound it falls under
// ("ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน", "ไม่เกิน ๒ ภาคการศึกษา"). As a focus word the number is the question's
// rarest and no clause holds it, so every clause lost the same share and the one with the bound ranked by the
// everyday words: a clause whose bound the number meets covers it (evidence.ts), and the quote leads with the
// item whose bracket takes it in (assistant/extractive.ts).
//
// A bound is a comparison word and a number: ต่ำกว่า/น้อยกว่า/ไม่ถึง (<), ไม่ต่ำกว่า/ไม่น้อยกว่า/ตั้งแต่ (≥),
// ไม่เกิน/ไม่มากกว่า/ไม่สูงกว่า (≤), เกิน/มากกว่า/สูงกว่า (>). The bounds of one item ("(๒) …", a line) are read
// together: the number meets the item when it meets each of them ("ต่ำกว่า ๖๐ แต่ไม่ต่ำกว่า ๔๐"). A unit named
// after both numbers must agree (55 นาที is not under "ไม่เกิน ๖๐ วัน"). A number stated with no unit is not
// taken in by caps alone: a cap (ไม่เกิน …) mostly limits what may be done ("ตัดคะแนนครั้งละไม่เกิน ๓๐ คะแนน",
// "คืนคะแนนได้ไม่เกิน ๒๐ คะแนน") and any small number is under it ("คะแนนเหลือ 18" was answered with the points
// one may earn back, at 63 %); in its own unit it is ("ลามาแล้ว 2 เทอม" and "ไม่เกิน ๒ ภาคการศึกษา").
// "ตั้งแต่" is a bound only with a unit after its number ("ตั้งแต่ ๒๐๐ บาทขึ้นไป"): it starts dates too
// ("ตั้งแต่ ๑๐ มิถุนายน").
import { memoByString } from './memo.ts';
import { fold, segmentWords } from '../index/tokens.ts';
import { NUMBER_IN_WORDS, NUMBER_IN_WORDS_TONELESS, THAI_SCALE, thaiWordsToNumber } from '../../../src/thai/numbers.ts';
import { withoutToneMarks } from '../../../src/thai/tone-marks.ts';

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

// The words a count is measured in, each with the one it is compared as (a term is a ภาคการศึกษา).
const UNITS: Record<string, string> = {
  บาท: 'บาท',
  วัน: 'วัน',
  คะแนน: 'คะแนน',
  ครั้ง: 'ครั้ง',
  ชั่วโมง: 'ชั่วโมง',
  ชม: 'ชั่วโมง',
  นาที: 'นาที',
  สัปดาห์: 'สัปดาห์',
  เดือน: 'เดือน',
  ปี: 'ปี',
  ภาคการศึกษา: 'ภาค',
  ภาค: 'ภาค',
  เทอม: 'ภาค',
  หน่วยกิต: 'หน่วยกิต',
  รายวิชา: 'วิชา',
  วิชา: 'วิชา',
  คน: 'คน',
  '%': '%',
  เปอร์เซ็นต์: '%',
  เปอร์เซนต์: '%',
};
const UNIT = `(${Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|')})?`;

type Op = '<' | '<=' | '>' | '>=';
const OPS: Array<[string, Op]> = [
  ['ไม่ต่ำกว่า', '>='],
  ['ไม่น้อยกว่า', '>='],
  ['ไม่เกินกว่า', '<='],
  ['ไม่เกิน', '<='],
  ['ไม่มากกว่า', '<='],
  ['ไม่สูงกว่า', '<='],
  ['ไม่ถึง', '<'],
  ['ต่ำกว่า', '<'],
  ['น้อยกว่า', '<'],
  ['เกินกว่า', '>'],
  ['เกิน', '>'],
  ['มากกว่า', '>'],
  ['สูงกว่า', '>'],
  ['ตั้งแต่', '>='],
];
// Bounds are read without tone marks: OCR of a scan drops them ("ตำกว่า ๖๐ คะแนน" for ต่ำกว่า).
const toneless = withoutToneMarks;
const SINCE = toneless('ตั้งแต่');
const OP_OF = new Map(OPS.map(([w, op]) => [toneless(w), op]));
const TONELESS_UNITS = new Map(Object.entries(UNITS).map(([w, unit]) => [toneless(w), unit]));
const TONELESS_SCALE = new Map(Object.entries(THAI_SCALE).map(([w, v]) => [toneless(w), v]));
const SCALE = `(${Object.keys(THAI_SCALE).join('|')})`;
// A bound's number in figures, with the scale it may be said in ("๑ ล้านบาท"), or in words ("ไม่เกินหนึ่งหมื่นบาท", as
// fines, budgets and workload bands write amounts): words only with a unit or ร้อยละ, so that a word beginning
// with a number word ("ไม่เกินสามารถ…") is no bound.
const BOUND = new RegExp(
  `(${OPS.map(([w]) => toneless(w)).join('|')})\\s*(${toneless('ร้อยละ')}\\s*)?(?:${NUMBER}\\s*${toneless(SCALE)}?|(${NUMBER_IN_WORDS_TONELESS}))\\s*${toneless(UNIT)}`,
  'g',
);
// Items of a clause: lines and numbered sub-items "(๒)"
const ITEM_BREAK = /\n|\(\d+\)/;

export interface StatedNumber {
  value: number;
  /** the unit named after it, as compared (a เทอม is a ภาค) */
  unit: string | null;
}

interface Bound {
  op: Op;
  value: number;
  unit: string | null;
}

const boundsByItem = memoByString(
  (text: string): readonly Bound[][] =>
    toneless(fold(text))
      .split(ITEM_BREAK)
      .map((item) =>
        [...item.matchAll(BOUND)]
          .filter((m) => m[5] === undefined || m[2] !== undefined || m[6] !== undefined)
          .map((m) => ({
            op: OP_OF.get(m[1]!)!,
            value: m[5] === undefined ? Number(m[3]) * (m[4] ? TONELESS_SCALE.get(m[4])! : 1) : (thaiWordsToNumber(m[5]) ?? Number.NaN),
            unit: m[2] ? '%' : m[6] ? TONELESS_UNITS.get(m[6])! : null,
            since: m[1] === SINCE,
          }))
          .filter((b) => !Number.isNaN(b.value) && (!b.since || b.unit !== null)),
      )
      .filter((bounds) => bounds.length > 0),
  // whole documents too (a stated number is not foreign to the document that bounds it, evidence.ts): read
  // once, not at every clause weighed (measured: 2.4 ms a call on a 184k-character document)
  32,
  Infinity,
);

const meets = (x: number, b: Bound) => (b.op === '<' ? x < b.value : b.op === '<=' ? x <= b.value : b.op === '>' ? x > b.value : x >= b.value);
const sameUnit = (a: string | null, b: string | null) => a === null || b === null || a === b;

// A number the question states, with the unit after it. Not a stated number: a year or term ("2568",
// "ปี 2022", "1/68"), a clause, an ordinal or a date ("ข้อ 5", "สัปดาห์ที่ 2", "วันที่ 4"), a year of study
// ("ปี 1"), a short number naming a term ("เทอม 2"; "ค่าเทอม 20,000 บาท" is an amount). A spoken scale multiplies it
// ("งบ 5 หมื่น" is 50,000).
const STATED = new RegExp(`(?<![\\d./])${NUMBER}(?![\\d/])\\s*(${Object.keys(THAI_SCALE).join('|')})?\\s*${UNIT}`, 'g');
const LABEL_BEFORE = /(?:ข้อ|มาตรา|ที่|ฉบับ|ป\.|ปี|พ\.ศ\.|ค\.ศ\.)\s*$/;
const TERM_BEFORE = /(?:เทอม|ภาค|ชั้น)\s*$/;
// A comparison word before the number states a side of it ("งบเกินล้านบาท" is more than a million, "เกรดต่ำกว่า 2"
// less than 2): the number is read just past it, so that a band's bound reads it as the asker means it
// ("เกินหนึ่งล้านบาท", not "ไม่เกินหนึ่งล้านบาท"). The same words as a clause's bounds (OPS), read the same way.
const OP_BEFORE = new RegExp(`(${OPS.map(([w]) => toneless(w)).join('|')})\\s*$`);
const PAST = 1e-3;
const sideOf = (before: string, value: number) => {
  const op = OP_OF.get(OP_BEFORE.exec(toneless(before))?.[1] ?? '');
  return op === '>' ? value + PAST : op === '<' ? value - PAST : value;
};
// a year in either era ("2568", "ปี 2022"), unless counted in a unit ("2,000 บาท")
const isYear = (value: number, unit: string | undefined) =>
  Number.isInteger(value) && ((value >= 2400 && value <= 2700) || (!unit && value >= 1900 && value <= 2100));

// A number said in words ("ห้าแสนบาท", "ลามาแล้วสองเทอม", "งบเกินล้านบาท") is stated when a unit follows it, or when it
// is a digit word and a scale ("งบห้าแสน"): a lone word may begin another ("สามารถ") or mean otherwise ("แสนดี").
const STATED_IN_WORDS = new RegExp(`(${NUMBER_IN_WORDS})\\s*${UNIT}`, 'g');
const SCALE_WORDS = new Set(Object.keys(THAI_SCALE));
const SCALE_AT_END = new RegExp(`(?:${[...SCALE_WORDS].join('|')})$`);

/** The numbers said in words in a folded text: with a unit after them, or a digit word and a scale. */
const saidInWords = (q: string) =>
  [...q.matchAll(STATED_IN_WORDS)].filter((m) => thaiWordsToNumber(m[1]!) !== null && (m[2] || (SCALE_AT_END.test(m[1]!) && !SCALE_WORDS.has(m[1]!))));

/** The values of the numbers a question says in words ("มาสามสิบวันแล้ว" → 30), as question.ts reads its figures. */
export const numbersInWords = (query: string): number[] => saidInWords(fold(query)).map((m) => thaiWordsToNumber(m[1]!)!);

/** The numbers a question states, by each focus word that writes them (folded, no separators: "20000", "5"; "5 แสน"
 * by "5" and "แสน"; "ห้าแสนบาท" by "ห้า" and "แสน"). */
export function statedNumbers(query: string): ReadonlyMap<string, StatedNumber> {
  const q = fold(query);
  const stated = new Map<string, StatedNumber>();
  // a label before it ("ข้อ 5", "ปีที่สอง"), or a short number after a term's name ("เทอม 2", "เทอมสอง")
  const labelled = (at: number, short: boolean) => {
    const before = q.slice(0, at);
    return LABEL_BEFORE.test(before) || (TERM_BEFORE.test(before) && short);
  };
  for (const m of q.matchAll(STATED)) {
    const value = Number(m[1]) * (m[2] ? THAI_SCALE[m[2]]! : 1);
    if (labelled(m.index, m[1]!.length <= 2) || isYear(value, m[3])) continue;
    const n = { value: sideOf(q.slice(0, m.index), value), unit: m[3] ? UNITS[m[3]]! : null };
    for (const key of [m[1]!, ...(m[2] ? [m[2]] : [])]) stated.set(key, n);
  }
  for (const m of saidInWords(q)) {
    const value = thaiWordsToNumber(m[1]!)!;
    if (labelled(m.index, value < 100) || isYear(value, m[2])) continue;
    const n = { value: sideOf(q.slice(0, m.index), value), unit: m[2] ? UNITS[m[2]]! : null };
    for (const key of segmentWords(m[1]!)) if (!stated.has(key)) stated.set(key, n);
  }
  return stated;
}

/**
 * Whether the bounds in `text` take in the stated number: true when an item's bounds all hold, false when
 * bounds on it are there and none takes it in, null when `text` bounds no such number (the quote weighs a
 * piece's bracket: "(๒) วงเงินเกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท" for "งบ 5 หมื่น").
 */
export function boundsMet(text: string, n: StatedNumber): boolean | null {
  let bounds = false;
  for (const item of boundsByItem(text)) {
    const relevant = item.filter((b) => sameUnit(n.unit, b.unit));
    // with no unit, caps alone say nothing: any small number is under them
    if (relevant.length === 0 || (n.unit === null && relevant.every((b) => b.op === '<='))) continue;
    if (relevant.every((b) => meets(n.value, b))) return true;
    bounds = true;
  }
  return bounds ? false : null;
}

/** Whether a bound in `text` takes in the stated number. */
export const bounded = (text: string, n: StatedNumber): boolean => boundsMet(text, n) === true;

/** Which way a question bounds the count it asks: "ไม่น้อยกว่ากี่หน่วยกิต" the least, "ลงได้สูงสุดกี่หน่วยกิต" the most. */
export type CountBound = 'least' | 'most';

// The question's words for the least and the most of a count. Regulations write a minimum and a cap with the same
// comparison words a bound is read by above (ไม่น้อยกว่า ๑๘ หน่วยกิต, ไม่เกิน ๓ หน่วยกิต), and students ask with them
// or with their everyday forms (อย่างน้อย, ขั้นต่ำ; สูงสุด, มากสุด).
const ASKS_LEAST = new RegExp(toneless('ไม่น้อยกว่า|ไม่ต่ำกว่า|อย่างน้อย|อย่างต่ำ|ขั้นต่ำ|ต่ำสุด|น้อยสุด|น้อยที่สุด'));
const ASKS_MOST = new RegExp(toneless('ไม่เกิน|ไม่มากกว่า|ไม่สูงกว่า|สูงสุด|มากสุด|มากที่สุด|อย่างมาก'));

/** The bound a question asks of a count, or null (neither, or both: "ขั้นต่ำและสูงสุดกี่คน"). */
export function askedBound(query: string): CountBound | null {
  const q = toneless(fold(query));
  const [least, most] = [ASKS_LEAST.test(q), ASKS_MOST.test(q)];
  return least === most ? null : least ? 'least' : 'most';
}

// The bound words written right before a figure (a table writes the word and the figure in two cells: "ไม่น้อยกว่า | ๑๘"):
// the comparison words above that bound from one side (ตั้งแต่ starts dates too), and the everyday อย่างน้อย and สูงสุด.
const WRITTEN_BOUNDS = new Map<string, CountBound>([
  ...OPS.filter(([w, op]) => w !== 'ตั้งแต่' && (op === '>=' || op === '<=')).map(([w, op]) => [toneless(w), op === '>=' ? 'least' : 'most'] as const),
  [toneless('อย่างน้อย'), 'least'],
  [toneless('สูงสุด'), 'most'],
]);
const WRITTEN_BOUND = new RegExp(`(${[...WRITTEN_BOUNDS.keys()].join('|')})\\s*(?:\\|\\s*)?(?:${toneless('ร้อยละ')}\\s*)?$`);

/** The bound written right before the figure at `at` in `text` ("ไม่เกิน ๓ หน่วยกิต": the most), null when none is. */
export function boundBefore(text: string, at: number): CountBound | null {
  const word = WRITTEN_BOUND.exec(toneless(text.slice(Math.max(0, at - 24), at)))?.[1];
  return word === undefined ? null : WRITTEN_BOUNDS.get(word)!;
}
