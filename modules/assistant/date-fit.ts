// Whether a piece of a regulation covers a day the question names: "ถ้าถอนวันที่ 25 มิ.ย. 68 ได้คืนกี่
// เปอร์เซ็นต์" is answered by the refund-table row "๒๓ มิถุนายน – ๖ กรกฎาคม ๒๕๖๘ | ร้อยละ ๕๐", not by
// the rows before and after it that share every word of the question. The day-of-the-question
// counterpart of boundsMet (knowledge/question/stated-number.ts). Dates are read by the brief reader (drafting/brief-dates.ts),
// which knows Thai month names and abbreviations, Thai digits and Buddhist-era years.
import { findDateSpans } from './drafting/brief-dates';
import type { ThaiDay } from './drafting/thai';

export interface AskedDay {
  day: ThaiDay;
  /** without a year the question means that day in any year: only month and day are compared */
  yearGiven: boolean;
}

/** The single days the question names (a range in a question is not one day to place). */
export function questionDays(question: string): AskedDay[] {
  return findDateSpans(question)
    .filter((s) => !s.end)
    .map((s) => ({ day: s.start, yearGiven: s.yearGiven }));
}

// A single date in a piece bounds a period when a word says so: "ถึงวันที่ ๘ มิถุนายน" (up to),
// "ตั้งแต่วันที่ ๔ สิงหาคม" (from); otherwise it is that day.
const UP_TO = /ถึง|ภายใน|ก่อน/;
const FROM = /ตั้งแต่|นับแต่|หลังจาก|เป็นต้นไป/;

/** Whether `text` covers the day: null when it names no date with a month. */
export function dateFits(text: string, asked: AskedDay): boolean | null {
  const spans = findDateSpans(text);
  if (!spans.length) return null;
  return spans.some((s) => {
    // years are compared only when both the question and the piece give one (else the reader guessed it)
    const key = (d: ThaiDay) => (asked.yearGiven && s.yearGiven ? d.yearBE * 10_000 : 0) + d.month * 100 + d.day;
    const day = key(asked.day);
    if (s.end) return key(s.start) <= day && day <= key(s.end);
    if (spans.length > 1) return key(s.start) === day;
    if (FROM.test(text)) return day >= key(s.start);
    if (UP_TO.test(text)) return day <= key(s.start);
    return key(s.start) === day;
  });
}
