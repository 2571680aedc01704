// Years, clock times and amounts as documents write them, from the way students type them: a question is
// also searched with these (synonyms.ts expansions), and a year or term it names is a focus word (evidence.ts).
import { THAI_DIGIT_WORDS, THAI_SCALE } from '../../../src/thai/numbers.ts';
import { normaliseCase } from './synonym-keys.ts';

/** Full years and terms a question names ("ปี 67" → "2567", "เทอม 1 ปี 68" → "1/2568"), for evidence scoring. */
export function yearsAndTerms(query: string): string[] {
  return [...new Set(expandYears(normaliseCase(query)))];
}

/** Two-digit Buddhist years as students write them ("ปี 67", "1/68", "รหัส 66", "หลักสูตร 59") in full: "2567", "1/2568". */
export function expandYears(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/(?:ปี(?:การศึกษา)?|พ\.?ศ\.?|รหัส|รุ่น)\s*(\d{2})(?!\d)/g)) out.push(`25${m[1]}`);
  // A curriculum is named by the year of its edition ("หลักสูตรปรับปรุง พ.ศ. 2559"), which students clip as they clip
  // an academic year: "หลักสูตร 55", "ปรับปรุง 59"; a count after the word is its length or load ("หลักสูตร 15 หน่วยกิต").
  for (const m of query.matchAll(/(?:หลักสูตร|ปรับปรุง)\s*(\d{2})(?![\d.,/])(?!\s*(?:หน่วย|ปี|ชั่วโมง|ชม|วัน|คน|เดือน|สัปดาห์|ภาค|เทอม|บาท|%|นก))/g)) out.push(`25${m[1]}`);
  for (const m of query.matchAll(/(?<![\d/])(\d)\s*\/\s*(\d{2})(?![\d/])/g)) out.push(`${m[1]}/25${m[2]}`, `25${m[2]}`);
  // "เทอม 1 ปี 68", "ภาคเรียนที่ 2 ปีการศึกษา 2568": the term as calendars write it, "1/2568".
  for (const m of query.matchAll(/(?:เทอม|ภาค(?:การศึกษา|เรียน)?)\s*(?:ที่\s*)?(\d)(?![\d/])\D{0,24}?(?:ปี(?:การศึกษา)?|พ\.?ศ\.?)\s*(?:25)?(\d{2})(?!\d)/g))
    out.push(`${m[1]}/25${m[2]}`);
  return out;
}

// the hours a clock time is said in: หนึ่ง … หก
const THAI_NUMBERS: Record<string, number> = Object.fromEntries(THAI_DIGIT_WORDS.slice(1, 7).map((w, i) => [w, i + 1]));

/** Clock times in everyday Thai as documents write them: "สี่ทุ่ม" → "22.00", "ตีสอง" → "02.00", "บ่ายสามโมง" → "15.00". */
export function expandTimes(query: string): string[] {
  const n = (s: string) => THAI_NUMBERS[s] ?? Number(s);
  const at = (h: number) => `${String(h).padStart(2, '0')}.00`;
  const out: string[] = [];
  for (const m of query.matchAll(/(\d|หนึ่ง|สอง|สาม|สี่|ห้า)\s*ทุ่ม/g)) out.push(at(18 + n(m[1])));
  for (const m of query.matchAll(/ตี\s*(\d|หนึ่ง|สอง|สาม|สี่|ห้า)/g)) out.push(at(n(m[1])));
  for (const m of query.matchAll(/บ่าย\s*(\d|หนึ่ง|สอง|สาม|สี่|ห้า)?\s*โมง/g)) out.push(at(12 + (m[1] ? n(m[1]) : 1)));
  for (const m of query.matchAll(/(\d|หนึ่ง|สอง|สาม|สี่|ห้า|หก)\s*โมงเย็น/g)) out.push(at(12 + n(m[1])));
  if (/เที่ยงคืน/.test(query)) out.push('24.00');
  return out;
}

const MULTIPLIERS: Record<string, number> = { ...THAI_SCALE, k: 1e3 };

/** Amounts written with a Thai multiplier ("5 หมื่น", "1.5 แสน", "20k") as plain numbers ("50000"). */
export function expandAmounts(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/(\d+(?:\.\d+)?)\s*(พัน|หมื่น|แสน|ล้าน|k)(?![a-z])/gi)) {
    out.push(String(Math.round(Number(m[1]) * MULTIPLIERS[m[2].toLowerCase()])));
  }
  return out;
}
