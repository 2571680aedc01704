// OCR's least reliable output is digits, and the document itself says which ones are improbable: a
// day of month above 31 (or 0) or beyond the month it names (๓๐ กุมภาพันธ์), a year of three digits, an
// amount whose comma groups are not threes (๒๐,๐๐), and a Buddhist-era year far from the document's own years (a
// regulation of ๒๕๖๗ that mentions ๒๕๒๓ once was most likely misread: ๖↔๒, ๗↔๓). Such spans are
// marked 'suspect' so the admin's review starts with them; nothing is changed here, since the right
// digit cannot be known.
import type { CheckSpan } from './types.ts';
import { foldThaiDigits } from '../../src/thai/digits.ts';

const toAscii = foldThaiDigits;
const YEAR = /(?<![0-9๐-๙])[2๒][4-6๔-๖][0-9๐-๙]{2}(?![0-9๐-๙])/g;
// how far (in years) a year may lie from the document's usual year before it looks misread
const YEAR_SPREAD = 15;

function medianYear(text: string): number | null {
  const years = [...text.matchAll(YEAR)]
    .map((m) => Number(toAscii(m[0])))
    .filter((y) => y >= 2400 && y <= 2700)
    .sort((a, b) => a - b);
  return years.length >= 3 ? years[Math.floor(years.length / 2)]! : null;
}

// Days in each month, by its full and short Thai names (29 for กุมภาพันธ์: leap years exist).
const MONTH_DAYS: Array<[RegExp, number]> = [
  [/^(?:กุมภาพันธ์|ก\.พ\.)/, 29],
  [/^(?:เมษายน|มิถุนายน|กันยายน|พฤศจิกายน|เม\.ย\.|มิ\.ย\.|ก\.ย\.|พ\.ย\.)/, 30],
];
// An amount's digits come in threes after the first comma (๒๐,๐๐๐; ๑,๒๕๐,๐๐๐): a group of other length was misread.
const BAD_GROUPING = /\d,(?!\d{3}(?!\d))/;
// A Buddhist- or Christian-era year with fewer than four digits (พ.ศ. ๒๕๒) lost a digit.
const SHORT_YEAR = /(?:พ\.\s?ศ\.|ค\.\s?ศ\.|พุทธศักราช|คริสต์ศักราช)\s*\d{1,3}$/;

/** Why a date span cannot be right, from its own parts (day of month, days in the month named, year length). */
function impossibleDate(body: string): boolean {
  const day = /^\s*(\d{1,2})(?=\s*\D)/.exec(body) ?? /^(\d{1,2})\//.exec(body);
  if (day && (Number(day[1]) === 0 || Number(day[1]) > 31)) return true;
  const month = day ? body.slice(day[0].length).trimStart() : '';
  if (day && MONTH_DAYS.some(([name, days]) => name.test(month) && Number(day[1]) > days)) return true;
  return SHORT_YEAR.test(body.trim());
}

export function markImprobable(text: string, spans: CheckSpan[]): CheckSpan[] {
  const usual = medianYear(text);
  return spans.map((s) => {
    const body = toAscii(text.slice(s.start, s.end));
    if (s.kind === 'date' && impossibleDate(body)) return { ...s, kind: 'suspect' };
    if (s.kind === 'number' && BAD_GROUPING.test(body)) return { ...s, kind: 'suspect' };
    if (usual !== null && (s.kind === 'date' || s.kind === 'number')) {
      const years = (body.match(/(?<!\d)2[4-6]\d\d(?!\d)/g) ?? []).map(Number);
      if (years.some((y) => Math.abs(y - usual) > YEAR_SPREAD)) return { ...s, kind: 'suspect' };
    }
    return s;
  });
}
