// Spans of OCR output that carry facts OCR often gets wrong in Thai (digits ๒/๖/๕/๓ swap
// easily): article numbers, dates and other numbers. The admin checks them before saving.
import type { CheckSpan } from './types.ts';
import { FULL_MONTH_PATTERN, SHORT_MONTH_PATTERN } from '../../src/thai/months.ts';

const D = '[0-9๐-๙]';
const MONTHS = `${FULL_MONTH_PATTERN}|${SHORT_MONTH_PATTERN}`;
const ERA = '(?:พ\\.\\s?ศ\\.|ค\\.\\s?ศ\\.|พุทธศักราช|คริสต์ศักราช)';

// Most specific first; later patterns skip anything already covered.
const PATTERNS: Array<[CheckSpan['kind'], RegExp]> = [
  ['date', new RegExp(`${D}{1,2}\\s*(?:${MONTHS})(?:\\s*${ERA})?\\s*${D}{2,4}`, 'g')],
  ['date', new RegExp(`(?:${MONTHS})\\s*(?:${ERA}\\s*)?${D}{4}`, 'g')],
  ['date', new RegExp(`${ERA}\\s*${D}{2,4}`, 'g')],
  ['date', new RegExp(`${D}{1,2}/${D}{1,2}/${D}{2,4}`, 'g')],
  ['article', new RegExp(`(?:ข้อ(?:ที่)?|มาตรา|หมวด(?:ที่)?|ส่วนที่|บทที่|วรรค)\\s*${D}+(?:/${D}+)?`, 'g')],
  ['number', new RegExp(`${D}+(?:[,.:/]${D}+)*`, 'g')],
];

/** Spans to check in `text`, sorted by start, non-overlapping. */
export function findCheckSpans(text: string, offset = 0): CheckSpan[] {
  const spans: CheckSpan[] = [];
  const covered = (start: number, end: number) => spans.some((s) => start < s.end && end > s.start);
  for (const [kind, re] of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (!covered(start, end)) spans.push({ start, end, kind });
    }
  }
  return spans.sort((a, b) => a.start - b.start).map((s) => ({ start: s.start + offset, end: s.end + offset, kind: s.kind }));
}
