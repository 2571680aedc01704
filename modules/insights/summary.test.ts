// The summary's days are the university's calendar days (TIME_ZONE), not UTC's.
import { describe, expect, test } from 'bun:test';
import { dayKey, dayKeys } from './summary';

describe('days of the summary', () => {
  test('a question at 01:00 in Bangkok counts for that day, though it is still the day before in UTC', () => {
    const at = new Date('2026-11-23T18:00:00Z'); // 01:00 on 24 Nov in Bangkok
    expect(dayKey(at, 'Asia/Bangkok')).toBe('2026-11-24');
    expect(dayKey(at, 'UTC')).toBe('2026-11-23');
  });

  test('the last N days end today, oldest first, each once, across a daylight-saving change too', () => {
    const now = Date.parse('2026-11-24T05:00:00Z');
    const keys = dayKeys(7, 'Asia/Bangkok', now);
    expect(keys).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    // Europe/Berlin leaves summer time on 25 Oct 2026: a 25-hour day is still one day
    const berlin = dayKeys(5, 'Europe/Berlin', Date.parse('2026-10-27T10:00:00Z'));
    expect(berlin).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27']);
  });
});
