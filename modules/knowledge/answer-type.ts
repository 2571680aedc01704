// What kind of answer a question asks for (a date, a count of something, a person, a place, a list, what
// follows an act, a yes or no) and whether a passage holds one: the evidence's type match (evidence.ts).
import { alternativesOf } from './synonyms.ts';
import { codePointLength, fold } from './tokens.ts';
import { FULL_MONTH_PATTERN } from '../../src/thai/months.ts';

// Which things: a list ("(๑) …", "1. …", "ได้แก่ …", "… ดังต่อไปนี้") answers "เอกสารอะไรบ้าง"
const LIST_ASK: { question: RegExp; answer: RegExp } = {
  question: /อะไรบ้าง|อะไรมั่ง|ใดบ้าง|ไหนบ้าง|อย่างไรบ้าง|ยังไงบ้าง|มีอะไร/,
  answer: /(?:^|\s)\(?\d{1,2}[).]\s|ได้แก่|ดังต่อไปนี้|ดังนี้|ประกอบด้วย|[^\s,]+\s*,\s*[^\s,]+\s*(?:,|และ)/m,
};

/**
 * A question on what follows an act, as people ask it: "โดน/ถูก … ไหม" in one run of the question, not
 * "… ได้ไหม" ("ถ้าโดนใบแดง ลาพักได้ไหม" asks about leave), "โดนอะไร", "จะเป็นยังไง", "มีผลยังไง", "ติดคุกไหม".
 */
export const CONSEQUENCE_QUESTION =
  /(?:โดน|ถูก)(?!ใจ|ต้อง)[^\s]*?(?<!ได้)(?:ไหม|มั้ย|หรือไม่|หรือเปล่า|รึเปล่า|ป่าว)|โดนอะไร|จะเป็นยังไง|จะเป็นอย่างไร|จะเป็นไร(?:ไหม|มั้ย)|มีผล(?:ยังไง|อย่างไร|อะไร)|เกิดอะไรขึ้น|ติดคุก|ผิด(?:ด้วย)?(?:ไหม|มั้ย|หรือไม่|หรือเปล่า)/;
// A question in a law's own words ("ต้องระวางโทษอย่างไร") is not one: every offence section states its penalty,
// and a long section's first part, cut apart from its penalty sentence, would lose to a short one.
const CONSEQUENCE_ASK: { question: RegExp; answer: RegExp } = {
  question: CONSEQUENCE_QUESTION,
  // "ยาเสพติดให้โทษ" (a narcotic), "ปรับปรุง" (to improve) and "ตัดสิน" (to judge) are not penalties
  answer:
    /ลงโทษ|ระวางโทษ|โทษ(?:ทาง|ปรับ|จำคุก|สถาน)|ภาคทัณฑ์|ทัณฑ์บน|ตักเตือน|ว่ากล่าว|ตัด(?!สิน)|พักการศึกษา|ให้ออก|ไล่ออก|พ้นสภาพ|ค่าปรับ|ปรับ(?!ปรุง|อากาศ|เปลี่ยน|ใช้)|จำคุก|เพิกถอน|ระงับ|ยกเลิก|งดการ|เรียกคืน|สิทธิ|ชดใช้|รายงานต่อ|ไม่อนุมัติ|ไม่ได้รับ|(?:จะ|ให้)ถูก|มิฉะนั้น/,
};

// What a question asks for, and what in a passage answers it. Thai question words are few and fixed.
const ASKS: Array<{ question: RegExp; answer: RegExp }> = [
  // when ("กี่โมง" is also a count: both are answered by a time)
  {
    question: /เมื่อไร|เมื่อไหร่|เมื่อใด|วันไหน|วันที่เท่าไ|กี่โมง|กี่ทุ่ม|ช่วงไหน|ช่วงใด|ตอนไหน|วันใด|เวลาใด|ถึงวันไหน|ภายในวัน/,
    answer: new RegExp(`\\d|${FULL_MONTH_PATTERN}|วันถัด|ภายใน|ก่อน|หลัง|นับแต่|ตั้งแต่`),
  },
  // how many / how much
  { question: /กี่|เท่าไร|เท่าไหร่|จำนวนเท่า|ราคา|ค่าใช้จ่าย/, answer: /\d|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า|สิบ|ร้อย|พัน|หมื่น|แสน|ล้าน/ },
  // who
  { question: /ใคร|ผู้ใด|หน่วยงานไหน|หน่วยงานใด/, answer: /ผู้|อธิการบดี|คณบดี|ประธาน|กรรมการ|อาจารย์|เจ้าหน้าที่|กอง|สำนัก|ฝ่าย|นาย|นาง|ดร\.|ศาสตราจารย์|ธนาคาร/ },
  // where
  { question: /ที่ไหน|ที่ใด|ตรงไหน|เว็บไหน|เว็บไซต์ใด/, answer: /ที่|ณ|www|http|\.ac\.th|สำนัก|กอง|อาคาร|ห้อง|ธนาคาร/ },
  LIST_ASK,
  // what follows ("โดนอะไรไหม", "จะโดนรีไทร์มั้ย", "มีผลยังไง", "ติดคุกไหม"): a penalty or a measure taken
  // answers, not the rule that forbids the act ("นักศึกษาต้องไม่กระทำ…" beside the clause that punishes it)
  CONSEQUENCE_ASK,
  // whether: a rule word answers yes or no
  { question: /ได้ไหม|ได้มั้ย|ได้หรือไม่|ได้ป่าว|ได้หรือเปล่า|ไหม|มั้ย|หรือไม่|หรือเปล่า|ป่าว|ใช่ไหม/, answer: /ได้|ต้อง|ห้าม|มิให้|ไม่|เว้นแต่|ยกเลิก|ให้/ },
];

/** The thing a Thai count asks about: "กี่บาท" → "บาท", "กี่เทอม" → "เทอม". */
export function countedThing(q: string): string | null {
  return /กี่\s*([ก-๙]+?)(?:ครับ|คะ|ค่ะ|นะ|กัน|แล้ว|ต่อ|ถึง|ได้|$|\s)/.exec(q)?.[1] ?? null;
}

/**
 * Whether the passage answers every ask of the question. A question may ask several things at once
 * ("ต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด": which documents, and when): a passage that answers one
 * ask and not the other is a partial answer, so the weakest ask decides.
 */
export function typeMatch(query: string, passage: string): number {
  const q = fold(query);
  const asked = ASKS.filter((a) => a.question.test(q));
  if (!asked.length) return 0.5;
  return Math.min(...asked.map((a) => answers(a, q, passage)));
}

// Clause and item numbers ("ข้อ 4", "มาตรา 12", "(2)") are labels, not a number or date that answers.
const LABELS = /(?:ข้อ|มาตรา)\s*\d+(?:\/\d+)?|\(\d{1,2}\)/g;

function answers(asked: (typeof ASKS)[number], q: string, passage: string): number {
  if (!asked.answer.test(asked === LIST_ASK ? passage : passage.replace(LABELS, ' '))) return 0;
  // "กี่บาท" is answered by a number of baht (or a term by a number of terms), not by any number (a date).
  const thing = asked === ASKS[1] ? countedThing(q) : null;
  if (thing && codePointLength(thing) > 1 && !/^(?:โมง|ทุ่ม|วัน)$/.test(thing)) {
    const names = [thing, ...alternativesOf(thing)];
    // A table names its unit once, in the column header ("จำนวนที่ยืมได้ (เล่ม)", "(บาทต่อภาคการศึกษา)"), and its
    // rows hold bare numbers. A Buddhist-era year is never the count ("… 2568 ภาคการศึกษาที่ 2" answered
    // "ลาพักได้สูงสุดกี่เทอม" from a calendar row).
    // A percentage is written before its number ("ร้อยละ ๕๐"), every other unit after it.
    const counted = (n: string) =>
      n === 'ร้อยละ' ? /ร้อยละ\s*\d/ : new RegExp(`(?<!\\d)(?!25\\d\\d(?!\\d))\\d[\\d,.]*\\s*(?:\\([^)]*\\)\\s*)?${n}|\\(\\s*${n}`);
    return names.some((n) => counted(n).test(passage)) ? 1 : 0;
  }
  return 1;
}
