// What a question asks for, in Thai, and what shape of text answers it: the one question-kind table.
// Source: hand-written from the question words students use and the wording of Thai regulations (the kinds are
// few and fixed). Merged from three tables that each said part of it: the evidence's type match
// (knowledge/question/answer-type.ts ASKS), the direct answer (assistant/direct-answer.ts ASKED) and the extractive quote's
// piece bonus (assistant/extractive.ts HOLDS). Each reader keeps the fields it read before, so no answer moved.
//
// Drift kept for later (each reader's current behaviour, written out): for "when" and "count" the direct answer
// reads other question words than the type match (`directQuestion`): it takes วันที่เท่าใด and ช่วงวันที่ as
// "when" and เท่าใด as "count", and does not take ภายในวัน, ราคา or ค่าใช้จ่าย. The extractive quote rewards a piece
// of a narrower shape (`quoted`) than the type match accepts (`answer`). Unifying them changes answers: measure first.
import { FULL_MONTH_PATTERN } from '../../../src/thai/months.ts';
import { POLAR_PARTICLE_SOURCE } from './polar-particles.ts';
import { SPOKEN_PARTICLES } from './stop-words.ts';

// A place a where-question is answered by (the type match's reading; the direct answer's PLACE reads the same units)
const PLACE_WORD = '(?<![ก-๛])ณ(?![ก-๛])(?!\\s*วัน)|สำนัก|กอง(?!ทุน)|อาคาร|ตึก|ห้อง|ศูนย์|ที่\\s*(?:งาน|ฝ่าย|ชั้น|สาขาวิชา|คณะ(?!กรรมการ)|สถาน|สถาบัน|หอ)';

// A role a who-question is answered by: ผู้ names one (ผู้อำนวยการ, ผู้ปกครอง, ผู้รับรอง) but not as a rule's pronoun
// ("ผู้ใดฝ่าฝืน", "ผู้ที่ประสงค์"); หัวหน้า (of a programme, a section, a unit) signs forms as often as a dean, as the
// direct answer's roles read it (assistant/direct-answer.ts ROLE)
const ROLE_WORD = 'ผู้(?!ใด|ที่|ซึ่ง)|อธิการบดี|คณบดี|ประธาน|กรรมการ|อาจารย์|หัวหน้า';

// Digits in the shape of a date or a time (read on digit-folded text)
const DATE_DIGITS =
  '\\d{1,2}\\s*[/-]\\s*\\d{1,2}\\s*[/-]\\s*\\d{2,4}|\\d{1,2}[.:]\\d{2}|(?<!\\d)(?:25|20)\\d{2}(?!\\d)|\\d+\\s*(?:วัน|สัปดาห์|เดือน|ปี|ชั่วโมง|ชม|นาที)|(?:ภาคการศึกษา|ภาคเรียน|เทอม)(?:ที่)?\\s*\\d';

export type QuestionKind = 'when' | 'count' | 'who' | 'where' | 'list' | 'consequence' | 'whether';

export interface QuestionKindEntry {
  kind: QuestionKind;
  /** The words that ask for this kind (read on the folded question by the type match and, unless `directQuestion`, the direct answer). */
  question: RegExp;
  /** The direct answer's reading where it drifted from `question`. */
  directQuestion?: RegExp;
  /** What in a passage answers this kind (the evidence's type match; clause and item labels removed first, except for a list). */
  answer: RegExp;
  /** The shape of a quoted piece that holds this kind's answer (the extractive quote's bonus); only the kinds the direct answer reads. */
  quoted?: RegExp;
}

/**
 * A question on what follows an act, as people ask it: "โดน/ถูก … ไหม" in one run of the question, not
 * "… ได้ไหม" ("ถ้าโดนใบแดง ลาพักได้ไหม" asks about leave), "โดนอะไร", "จะเป็นยังไง", "มีผลยังไง", "ติดคุกไหม".
 * A question in a law's own words ("ต้องระวางโทษอย่างไร") is not one: every offence section states its penalty,
 * and a long section's first part, cut apart from its penalty sentence, would lose to a short one.
 */
export const CONSEQUENCE_QUESTION = new RegExp(
  `(?:โดน|ถูก)(?!ใจ|ต้อง)[^\\s]*?(?<!ได้)(?:${POLAR_PARTICLE_SOURCE})|โดนอะไร|จะเป็นยังไง|จะเป็นอย่างไร|จะเป็นไร(?:${POLAR_PARTICLE_SOURCE})|มีผล(?:ยังไง|อย่างไร|อะไร)|เกิดอะไรขึ้น|ติดคุก|ผิด(?:ด้วย)?(?:${POLAR_PARTICLE_SOURCE})`,
);

/**
 * The penalty and measure words that answer a consequence question. "ยาเสพติดให้โทษ" (a narcotic), "ปรับปรุง"
 * (to improve) and "ตัดสิน" (to judge) are not penalties.
 */
export const CONSEQUENCE_ANSWER =
  /ลงโทษ|ระวางโทษ|โทษ(?:ทาง|ปรับ|จำคุก|สถาน)|ภาคทัณฑ์|ทัณฑ์บน|ตักเตือน|ว่ากล่าว|ตัด(?!สิน)|พักการศึกษา|ให้ออก|ไล่ออก|พ้นสภาพ|ค่าปรับ|ปรับ(?!ปรุง|อากาศ|เปลี่ยน|ใช้)|จำคุก|เพิกถอน|ระงับ|ยกเลิก|งดการ|เรียกคืน|สิทธิ|ชดใช้|รายงานต่อ|ไม่อนุมัติ|ไม่ได้รับ|(?:จะ|ให้)ถูก|มิฉะนั้น/;

/**
 * A question on a procedure ("ขั้นตอนการขอสอบโครงร่าง…ต้องทำอย่างไร"): its steps answer it, all of them in order, not
 * the one step that shares most of its words.
 */
export const STEPS_QUESTION = /ขั้นตอน/;

// What ends the counted noun: a spoken particle ("กี่บาทอะ"), a question word ("กี่โมงบ้าง"), or a word that says how or
// by when it is counted ("กี่คนพร้อมกัน", "กี่บาทต่อปี", "ถึง", "ได้"); a particle only as a whole word, not the start of
// a longer one (รึ is not the start of "กี่ครึ่ง": no vowel or tone mark follows it).
const COUNT_ENDS = [...SPOKEN_PARTICLES, 'บ้าง', 'กัน', 'แล้ว', 'ต่อ', 'ถึง', 'ได้', 'พร้อม'].sort((a, b) => b.length - a.length).join('|');

/**
 * "กี่" (how many) as a word, not the letters กี่ inside เกี่ยว ("เกี่ยวกับ", about): Thai writes a leading vowel
 * (เ แ โ ใ ไ) before the consonant it follows in speech, so กี่ after one is part of another syllable.
 */
export const HOW_MANY = '(?<![เแโใไ])กี่';

/**
 * The run of letters a Thai count's noun starts, in group 1: "กี่บาท" → "บาท", "กี่เทอม" → "เทอม" (read on digit-folded
 * text). It may run on past the noun where no particle or space ends it ("กี่วันหลังสอบ"): answer-type.ts countedThing
 * cuts it to the noun.
 */
export const COUNTED_THING = new RegExp(`${HOW_MANY}\\s*([ก-๙]+?)(?:(?:${COUNT_ENDS})(?![\\u0E31\\u0E34-\\u0E3A\\u0E47-\\u0E4E])|$|\\s)`);

/**
 * Units of a count that are one noun of two words as the segmenter cuts them (ภาค / การศึกษา): the study periods and
 * days Thai regulations count by. Any other unit is the one word after กี่, as a Thai classifier is, or a wording the
 * synonym list knows (answer-type.ts countedThing).
 */
export const COMPOUND_UNITS: readonly string[] = ['ภาคการศึกษา', 'ปีการศึกษา', 'ภาคเรียน', 'ปีงบประมาณ', 'วันทำการ'];

/** In the order they are tried: the direct answer takes the first kind it reads; the type match weighs every kind asked. */
export const QUESTION_KINDS: readonly QuestionKindEntry[] = [
  {
    // "กี่โมง" is also a count: both are answered by a time
    kind: 'when',
    question: /เมื่อไร|เมื่อไหร่|เมื่อใด|วันไหน|วันที่เท่าไ|กี่โมง|กี่ทุ่ม|ช่วงไหน|ช่วงใด|ตอนไหน|วันใด|เวลาใด|ถึงวันไหน|ภายในวัน/,
    directQuestion: /เมื่อไร|เมื่อไหร่|เมื่อใด|วันไหน|วันที่เท่าไ|วันที่เท่าใด|กี่โมง|กี่ทุ่ม|ช่วงไหน|ช่วงใด|ช่วงวันที่|ตอนไหน|วันใด|เวลาใด|ถึงวันไหน/,
    // a number is a date or a time only in a date's or a time's shape: a day, month and year, a clock time, a year, a
    // span of days or weeks, a term; an amount or a count alone tells no date
    answer: new RegExp(`${DATE_DIGITS}|${FULL_MONTH_PATTERN}|วันถัด|ภายใน|ก่อน|หลัง|นับแต่|ตั้งแต่|ล่วงหน้า`),
    quoted: new RegExp(`${FULL_MONTH_PATTERN}|[0-9๐-๙][.:][0-9๐-๙]{2}|ภายใน|ตั้งแต่|ล่วงหน้า`),
  },
  {
    kind: 'count',
    question: new RegExp(`${HOW_MANY}|เท่าไร|เท่าไหร่|จำนวนเท่า|ราคา|ค่าใช้จ่าย|นานแค่ไหน`),
    directQuestion: new RegExp(`${HOW_MANY}|เท่าไร|เท่าไหร่|เท่าใด`),
    answer: /\d|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า|สิบ|ร้อย|พัน|หมื่น|แสน|ล้าน/,
    quoted: /[0-9๐-๙]/,
  },
  {
    kind: 'who',
    question: /ใคร|ผู้ใด|หน่วยงานไหน|หน่วยงานใด/,
    // กอง the office, not กองทุน (a fund)
    answer: new RegExp(`${ROLE_WORD}|เจ้าหน้าที่|กอง(?!ทุน)|สำนัก|ฝ่าย|นาย|นาง|ดร\\.|ศาสตราจารย์|ธนาคาร`),
    quoted: new RegExp(ROLE_WORD),
  },
  {
    kind: 'where',
    question: /ที่ไหน|ที่ใด|ตรงไหน|เว็บไหน|เว็บไซต์ใด/,
    // not "ที่" alone: it is also the relative pronoun ("นักศึกษาที่…"), in nearly every passage; ที่ before a unit or a
    // building, as the direct answer reads a place (assistant/direct-answer.ts PLACE). ณ as a word, not the letter of
    // คณะ or พิจารณา, nor the date of "ประกาศ ณ วันที่"; กอง the office, not กองทุน (a fund)
    answer: new RegExp(`${PLACE_WORD}|www|http|\\.ac\\.th|ธนาคาร`),
    quoted: new RegExp(`${PLACE_WORD}|www|http`),
  },
  {
    // which things: a list ("(๑) …", "1. …", "ได้แก่ …", "… ดังต่อไปนี้") answers "เอกสารอะไรบ้าง"
    kind: 'list',
    question: /อะไรบ้าง|อะไรมั่ง|ใดบ้าง|ไหนบ้าง|อย่างไรบ้าง|ยังไงบ้าง|มีอะไร/,
    answer: /(?:^|\s)\(?\d{1,2}[).]\s|ได้แก่|ดังต่อไปนี้|ดังนี้|ประกอบด้วย|[^\s,]+\s*,\s*[^\s,]+\s*(?:,|และ)/m,
  },
  {
    // what follows ("โดนอะไรไหม", "จะโดนรีไทร์มั้ย", "มีผลยังไง", "ติดคุกไหม"): a penalty or a measure taken
    // answers, not the rule that forbids the act ("นักศึกษาต้องไม่กระทำ…" beside the clause that punishes it)
    kind: 'consequence',
    question: CONSEQUENCE_QUESTION,
    answer: CONSEQUENCE_ANSWER,
  },
  {
    // whether: a rule word answers yes or no; any spelling of a yes/no particle asks it ("ได้ไหม" and "ใช่ไหม" are
    // read by "ไหม" alone, so both readers agree)
    kind: 'whether',
    question: new RegExp(POLAR_PARTICLE_SOURCE),
    answer: /ได้|ต้อง|ห้าม|มิให้|ไม่|เว้นแต่|ยกเลิก|ให้/,
    quoted: /ห้าม|มิให้|ได้|ต้อง|ยกเลิก/,
  },
];

/** The kinds the direct answer states a span for, in the order it tries them. */
export type DirectKind = 'when' | 'count' | 'who' | 'where' | 'whether';
export const DIRECT_KINDS: readonly DirectKind[] = ['when', 'count', 'who', 'where', 'whether'];

export const kindEntry = (kind: QuestionKind): QuestionKindEntry => QUESTION_KINDS.find((k) => k.kind === kind)!;
