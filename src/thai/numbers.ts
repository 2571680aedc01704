// Thai number words: the spoken scales a number is said in ("5 หมื่น" is 50,000), the digit words, and the reading of a
// number said wholly in words ("หนึ่งแสนห้าหมื่น" is 150,000), as budgets, fines and workload bands write amounts.
// Hand-written: no npm package reads Thai number words. The grammar is the Royal Institute's reading of numbers: a
// digit word before each place (สิบ ร้อย พัน หมื่น แสน ล้าน), ยี่ for two and เอ็ด for one in the tens and ones, a bare
// place standing for one of it ("ร้อยบาท", "ล้านบาท"), and ล้าน multiplying everything said before it ("สิบล้าน").

import { withoutToneMarks } from './tone-marks.ts';

/** The spoken Thai scales a number is said in ("5 หมื่น"). */
export const THAI_SCALE: Readonly<Record<string, number>> = { พัน: 1e3, หมื่น: 1e4, แสน: 1e5, ล้าน: 1e6 };

/** The digit words ศูนย์ … เก้า, by value. */
export const THAI_DIGIT_WORDS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'] as const;

/** A number said in words, as a regular expression's source: "สอง", "ยี่สิบเอ็ด", "หนึ่งร้อย", "ห้าพัน". */
export const NUMBER_IN_WORDS = `(?:${[...THAI_DIGIT_WORDS.slice(1), 'สิบ', 'ยี่', 'เอ็ด', 'ร้อย', ...Object.keys(THAI_SCALE)].join('|')})+`;

// read without tone marks: a scan's reading often loses them ("หนึงแสน")
const toneless = withoutToneMarks;

const DIGIT_VALUES = new Map<string, number>([...THAI_DIGIT_WORDS.slice(1).map((w, i) => [toneless(w), i + 1] as const), ['ยี', 2], ['เอ็ด', 1]]);
const PLACE_VALUES = new Map<string, number>(
  [['สิบ', 10] as const, ['ร้อย', 100] as const, ...Object.entries(THAI_SCALE)].map(([w, v]) => [toneless(w), v] as const),
);
// longest first, so that no word is read as the start of a longer one
const WORDS = [...DIGIT_VALUES.keys(), ...PLACE_VALUES.keys()].sort((a, b) => b.length - a.length);

/** The number words' regular expression source without tone marks, for text read toneless. */
export const NUMBER_IN_WORDS_TONELESS = `(?:${WORDS.join('|')})+`;

/**
 * A number said wholly in words, tone marks or not: "สามหมื่นห้าพัน" → 35000, "ล้าน" → 1000000, "ยี่สิบเอ็ด" → 21.
 * Null when the text is not one number (a word that is no number word, two digit words in a row: "ห้าหก").
 */
export function thaiWordsToNumber(words: string): number | null {
  let rest = toneless(words.trim());
  let total = 0;
  let digit: number | null = null;
  while (rest) {
    const word = WORDS.find((w) => rest.startsWith(w));
    if (word === undefined) return null;
    rest = rest.slice(word.length);
    const d = DIGIT_VALUES.get(word);
    if (d !== undefined) {
      if (digit !== null) return null;
      digit = d;
      continue;
    }
    const place = PLACE_VALUES.get(word)!;
    // ล้าน multiplies all said before it ("สิบล้าน", "หนึ่งร้อยล้าน"); the other places one digit
    total = place === 1e6 ? (total + (digit ?? 0) || 1) * place : total + (digit ?? 1) * place;
    digit = null;
  }
  const value = total + (digit ?? 0);
  return value > 0 ? value : null;
}
