// Dates, date ranges and times as students write them in a brief: Thai or English month names (full,
// colloquial "มกรา", abbreviated "ม.ค." with or without dots), Thai or Arabic digits, Buddhist or
// Christian years (4 or 2 digits, or none), numeric dates, and vague phrases ("ปลายเดือนนี้") that are
// kept as words for a placeholder, never turned into an invented day.
// Hand-written: date libraries (chrono-node, date-fns) read neither Thai month names nor Buddhist-era years.
import { thaiDayOf, toArabicDigits, type ThaiDay } from './thai';
import { THAI_DIGIT_WORDS } from '../../../src/thai/numbers';
import { shortMonthSpellings, THAI_MONTHS, THAI_MONTHS_SPOKEN } from '../../../src/thai/months';

export interface DateSpan {
  start: ThaiDay;
  /** the last day of a range, null for one day */
  end: ThaiDay | null;
  /** false when the brief gave no year and the next such day was taken */
  yearGiven: boolean;
}

export interface TimeSpan {
  start: string; // "09.00"
  end: string | null;
}

// Thai spellings from the one month table (full, spoken, abbreviated with and without dots), with the common
// misspelling กรกฏาคม, then the English names.
const ENGLISH_MONTHS = [
  ['january', 'jan\\.?'],
  ['february', 'feb\\.?'],
  ['march', 'mar\\.?'],
  ['april', 'apr\\.?'],
  ['may'],
  ['june', 'jun\\.?'],
  ['july', 'jul\\.?'],
  ['august', 'aug\\.?'],
  ['september', 'sept?\\.?'],
  ['october', 'oct\\.?'],
  ['november', 'nov\\.?'],
  ['december', 'dec\\.?'],
];
const MONTH_WORDS: Array<[number, string[]]> = THAI_MONTHS.map((full, i) => [
  i + 1,
  [full, ...(i === 6 ? ['กรกฏาคม'] : []), THAI_MONTHS_SPOKEN[i]!, ...shortMonthSpellings(i + 1), ...ENGLISH_MONTHS[i]!],
]);
const MONTH_PATTERNS = MONTH_WORDS.flatMap(([m, words]) => words.map((w) => ({ m, re: new RegExp(`^(?:${w})`, 'i') })));
// Longest spellings first so "มกราคม" is not read as "มกรา" + "คม".
const MONTH = `(?:${MONTH_WORDS.flatMap(([, w]) => w)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?![a-z])`;

function monthOf(word: string): number {
  const w = word.trim().toLowerCase();
  const hit = MONTH_PATTERNS.filter((p) => p.re.test(w)).sort((a, b) => b.re.source.length - a.re.source.length)[0];
  return hit?.m ?? 0;
}

const D = '(?<![0-9.:/])[0-9]{1,2}(?![0-9])';
const YEAR = '(?:(?:พ\\.\\s?ศ\\.|ค\\.\\s?ศ\\.|ปี)\\s*)?[0-9]{4}(?![0-9])|(?:(?:พ\\.\\s?ศ\\.|ค\\.\\s?ศ\\.)\\s*)?[0-9]{2}(?![0-9:.])';
// "14 และวันอาทิตย์ที่ 15": the second day may be named by its weekday too
const TO = '\\s*(?:-|–|—|~|ถึง(?:วันที่)?|to|until|และ|&)\\s*(?:วัน(?:จันทร์|อังคาร|พุธ|พฤหัสบดี|พฤหัส|ศุกร์|เสาร์|อาทิตย์)?(?:ที่)?\\s*)?';

// 15 ม.ค. 68 – 17 ม.ค. 68 / 30 มี.ค.-2 เม.ย. 2568
const CROSS = new RegExp(`(${D})\\s*(${MONTH})\\s*(${YEAR})?${TO}(${D})\\s*(${MONTH})\\s*(${YEAR})?`, 'gi');
// 15-17 ม.ค. 68 / ๑๕ ถึง ๑๗ มกราคม ๒๕๖๘ / 15 January 2025 / 14, 21 และ 28 ม.ค. (sessions: the first to the last)
const DAY_FIRST = new RegExp(`(${D})((?:\\s*,\\s*${D}){0,10})(?:${TO}(${D}))?\\s*(${MONTH})\\s*,?\\s*(${YEAR})?`, 'gi');
// Jan 15-17, 2025 / March 3rd 2025
const MONTH_FIRST = new RegExp(`(${MONTH})\\s*(${D})(?:st|nd|rd|th)?(?:${TO}(${D})(?:st|nd|rd|th)?)?\\s*,?\\s*(${YEAR})?`, 'gi');
// 15/01/2568, 15-17/1/68, 2025-01-15
const NUMERIC = new RegExp(`(${D})(?:\\s*-\\s*([0-9]{1,2}))?[/.]([0-9]{1,2})[/.]([0-9]{4}|[0-9]{2})(?![0-9])`, 'g');
// 15/1/68 - 17/1/68
const NUMERIC_RANGE = new RegExp(`(${D})[/.]([0-9]{1,2})[/.]([0-9]{4}|[0-9]{2})${TO}([0-9]{1,2})[/.]([0-9]{1,2})[/.]([0-9]{4}|[0-9]{2})(?![0-9])`, 'g');
const ISO = /(?<![0-9])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![0-9])/g;

// months without days ("ทุกวันศุกร์ เดือน ม.ค.-มี.ค. 2570"): kept as written, for the placeholder
const MONTHS_ONLY = new RegExp(`(?:ทุก\\S+\\s*)?(?:เดือน\\s*)?${MONTH}\\s*(?:[-–]|ถึง)\\s*${MONTH}(?:\\s*(?:${YEAR}))?`, 'i');

const VAGUE =
  /(ปลายเดือน(?:นี้|หน้า)?|ต้นเดือน(?:นี้|หน้า)?|กลางเดือน(?:นี้|หน้า)?|วัน(?:จันทร์|อังคาร|พุธ|พฤหัส(?:บดี)?|ศุกร์|เสาร์|อาทิตย์)(?:หน้า|นี้)|สัปดาห์หน้า|อาทิตย์หน้า|เดือนหน้า|ปีหน้า|เทอมหน้า|ภาคเรียนหน้า|ช่วงปิดเทอม|เร็ว ?ๆ ?นี้|next (?:week|month|semester|year)|end of (?:this|next) month|early next month)/i;

/** A year as written: BE or CE, 4 or 2 digits ("68" is 2568, "25" is 2025), as a Buddhist-era year. */
export function readYear(raw: string): number {
  const ce = /ค\.\s?ศ\./.test(raw);
  const digits = Number(raw.replace(/[^0-9]/g, ''));
  if (digits >= 1000) return digits >= 2400 ? digits : digits + 543;
  if (ce) return 2000 + digits + 543;
  return digits >= 50 ? 2500 + digits : 2000 + digits + 543;
}

function validDay(d: ThaiDay): boolean {
  if (d.month < 1 || d.month > 12 || d.day < 1) return false;
  const days = new Date(Date.UTC(d.yearBE - 543, d.month, 0)).getUTCDate();
  return d.day <= days;
}

/** No year given: the next such day on or after today (a brief is about a coming activity). */
function withYear(day: number, month: number, year: string | undefined, today: ThaiDay): { d: ThaiDay; given: boolean } {
  if (year) return { d: { day, month, yearBE: readYear(year) }, given: true };
  const ahead = month > today.month || (month === today.month && day >= today.day);
  return { d: { day, month, yearBE: ahead ? today.yearBE : today.yearBE + 1 }, given: false };
}

interface Found {
  at: number;
  len: number;
  span: DateSpan;
}

function span(start: ThaiDay, end: ThaiDay | null, yearGiven: boolean): DateSpan | null {
  if (!validDay(start) || (end && !validDay(end))) return null;
  if (end && end.day === start.day && end.month === start.month && end.yearBE === start.yearBE) end = null;
  return { start, end, yearGiven };
}

const MAX_DATES = 500;

/** Every date or range in the text, in order. */
export function findDateSpans(text: string, now = new Date()): DateSpan[] {
  const t = toArabicDigits(text.normalize('NFC'));
  const today = thaiDayOf(now);
  const found: Found[] = [];
  // each date is checked against those found before it: a brief has a few, an attached timetable some hundreds; past
  // MAX_DATES (a text of nothing but dates) the rest are not read
  const add = (at: number, len: number, s: DateSpan | null) => {
    if (s && found.length < MAX_DATES && !found.some((f) => at < f.at + f.len && f.at < at + len)) found.push({ at, len, span: s });
  };
  for (const m of t.matchAll(CROSS)) {
    const endY = m[6] ?? m[3];
    const end = withYear(Number(m[4]), monthOf(m[5]), endY, today);
    const start = withYear(Number(m[1]), monthOf(m[2]), m[3] ?? endY, today);
    // "30 ธ.ค. – 2 ม.ค. 68": the year written once belongs to the end; the start is the year before
    if (!m[3] && endY && start.d.month > end.d.month) start.d.yearBE = end.d.yearBE - 1;
    add(m.index!, m[0].length, span(start.d, end.d, start.given));
  }
  for (const m of t.matchAll(DAY_FIRST)) {
    const start = withYear(Number(m[1]), monthOf(m[4]), m[5], today);
    const last = m[3] ?? m[2]?.match(/[0-9]+/g)?.at(-1);
    add(m.index!, m[0].length, span(start.d, last ? { ...start.d, day: Number(last) } : null, start.given));
  }
  for (const m of t.matchAll(MONTH_FIRST)) {
    const start = withYear(Number(m[2]), monthOf(m[1]), m[4], today);
    add(m.index!, m[0].length, span(start.d, m[3] ? { ...start.d, day: Number(m[3]) } : null, start.given));
  }
  for (const m of t.matchAll(NUMERIC_RANGE)) {
    const start = { day: Number(m[1]), month: Number(m[2]), yearBE: readYear(m[3]) };
    add(m.index!, m[0].length, span(start, { day: Number(m[4]), month: Number(m[5]), yearBE: readYear(m[6]) }, true));
  }
  for (const m of t.matchAll(NUMERIC)) {
    const d = { day: Number(m[1]), month: Number(m[3]), yearBE: readYear(m[4]) };
    add(m.index!, m[0].length, span(d, m[2] ? { ...d, day: Number(m[2]) } : null, true));
  }
  for (const m of t.matchAll(ISO)) add(m.index!, m[0].length, span({ day: Number(m[3]), month: Number(m[2]), yearBE: readYear(m[1]) }, null, true));
  return found.sort((a, b) => a.at - b.at).map((f) => f.span);
}

/** The activity's dates: a range when one is written, else the first date. */
export function activityDates(spans: DateSpan[]): DateSpan | null {
  return spans.find((s) => s.end) ?? spans[0] ?? null;
}

/** "ปลายเดือนนี้", "next week": when the activity happens, in words only. */
export function vagueWhen(text: string): string | null {
  const t = text.normalize('NFC');
  return VAGUE.exec(t)?.[1] ?? MONTHS_ONLY.exec(toArabicDigits(t))?.[0].trim() ?? null;
}

const HM = '(?<![0-9./])([0-9]{1,2})[.:]([0-9]{2})(?![0-9]|[./][0-9])';
const TIME_RANGE = new RegExp(`${HM}\\s*(?:น\\.)?\\s*(?:-|–|ถึง|to)\\s*${HM}`, 'i');
const TIME_ONE = new RegExp(`(?:เวลา|time|at)\\s*${HM}`, 'i');
const AMPM = /(?<![0-9])([0-9]{1,2})(?:[.:]([0-9]{2}))?\s*(am|pm)(?:\s*(?:-|–|to)\s*([0-9]{1,2})(?:[.:]([0-9]{2}))?\s*(am|pm))?/i;
// "6-9 pm": the start takes the end's half of the day (unless that would put it after the end: "11-1 pm" is 11 am)
const AMPM_SHARED = /(?<![0-9])([0-9]{1,2})(?:[.:]([0-9]{2}))?\s*(?:-|–|to)\s*([0-9]{1,2})(?:[.:]([0-9]{2}))?\s*(am|pm)/i;

const hm = (h: number, m: number) => (h <= 24 && m < 60 ? `${String(h).padStart(2, '0')}.${String(m).padStart(2, '0')}` : null);
const from12 = (h: string, m: string | undefined, ap: string) => hm((Number(h) % 12) + (ap.toLowerCase() === 'pm' ? 12 : 0), Number(m ?? 0));

/** Times of day ("9.00-16.00 น.", "เวลา 13:30", "1pm-4pm") as "HH.MM". */
export function findTimes(text: string): TimeSpan | null {
  const t = toArabicDigits(text);
  const r = TIME_RANGE.exec(t);
  if (r) {
    const start = hm(Number(r[1]), Number(r[2]));
    const end = hm(Number(r[3]), Number(r[4]));
    if (start && end) return { start, end };
  }
  const shared = AMPM_SHARED.exec(t);
  if (shared) {
    const end = from12(shared[3], shared[4], shared[5]);
    let start = from12(shared[1], shared[2], shared[5]);
    if (start && end && start > end) start = from12(shared[1], shared[2], shared[5].toLowerCase() === 'pm' ? 'am' : 'pm');
    if (start && end) return { start, end };
  }
  const a = AMPM.exec(t);
  if (a) {
    const start = from12(a[1], a[2], a[3]);
    if (start) return { start, end: a[4] ? from12(a[4], a[5], a[6]) : null };
  }
  const o = TIME_ONE.exec(t);
  const start = o ? hm(Number(o[1]), Number(o[2])) : null;
  if (start) return { start, end: null };
  // the clock as people say it: "หกโมงเย็นถึงสามทุ่ม", "บ่ายสองโมง", "เจ็ดโมงเช้า"
  const said = [...t.matchAll(SAID_TIME)].map(saidTime).filter((h): h is string => h !== null);
  return said.length ? { start: said[0]!, end: said[1] ?? null } : null;
}

// The hours in words from the one table of Thai digit words (the question side reads the same clock words as search
// expansions, knowledge/question/written-out.ts expandTimes; here their order makes a range).
const SAID_HOURS: Record<string, number> = { ...Object.fromEntries(THAI_DIGIT_WORDS.slice(1).map((w, i) => [w, i + 1])), สิบ: 10, สิบเอ็ด: 11 };
const SAID_HOUR = `(สิบเอ็ด|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า|สิบ|[0-9]{1,2})`;
const SAID_TIME = new RegExp(`${SAID_HOUR}\\s*โมง\\s*(เช้า|เย็น)?|บ่าย\\s*${SAID_HOUR}?\\s*โมง|${SAID_HOUR}\\s*ทุ่ม|(เที่ยงคืน|เที่ยง)`, 'g');
const saidHour = (w: string) => SAID_HOURS[w] ?? Number(w);

/** One clock time as said ("หกโมงเย็น" → "18.00"), or null. */
function saidTime(m: RegExpMatchArray): string | null {
  // "สิบโมง" alone is ten in the morning (the hours from seven to eleven are said so); "สี่โมง" alone may be either
  if (m[1] && !m[2]) return saidHour(m[1]) >= 7 && saidHour(m[1]) <= 11 ? hm(saidHour(m[1]), 0) : null;
  if (m[1]) return hm(saidHour(m[1]) + (m[2] === 'เย็น' && saidHour(m[1]) < 12 ? 12 : 0), 0);
  if (m[0].startsWith('บ่าย')) return hm(12 + (m[3] ? saidHour(m[3]) : 1), 0);
  if (m[4]) return hm(18 + saidHour(m[4]), 0);
  if (m[5]) return m[5] === 'เที่ยงคืน' ? '24.00' : '12.00';
  return null;
}
