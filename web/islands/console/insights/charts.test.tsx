// The insights charts as the server renders them: an image described in Thai, the scale's round top,
// bars that add up, and a rate line that breaks on days nobody asked (not a drop to 0 %).
import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { FallbackRateChart, niceMax, QuestionsPerDayChart } from './charts';
import type { InsightsSummary } from './api';

const summary: InsightsSummary = {
  days: 4,
  per_day: [
    { date: '2026-11-21', questions: 4, fallbacks: 1 },
    { date: '2026-11-22', questions: 0, fallbacks: 0 },
    { date: '2026-11-23', questions: 6, fallbacks: 3 },
    { date: '2026-11-24', questions: 2, fallbacks: 2 },
  ],
  total: 12,
  fallbacks: 6,
  fallback_rate: 0.5,
  bands: { high: 4, medium: 2, low: 6 },
  votes: { up: 1, down: 2 },
  top_documents: [],
  top_clauses: [],
};

const attr = (html: string, name: string) => [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('charts', () => {
  test('the scale tops at a round number at or above the busiest day', () => {
    expect([0, 1, 3, 6, 10, 11, 48, 230].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 500]);
  });

  test('questions per day: one image with a Thai description naming the total, the fallbacks and the busiest day', () => {
    const html = renderToString(<QuestionsPerDayChart summary={summary} />);
    expect(attr(html, 'role')).toContain('img');
    const [label] = attr(html, 'aria-label');
    expect(label).toContain('รวม 12 คำถาม ตอบไม่ได้ 6 คำถาม');
    expect(label).toContain('(6 คำถาม)');
    // answered + unanswered bars of the busiest day fill the scale (top 10 → 60 of 100 units)
    const heights = attr(html, 'height').map(Number);
    expect(heights[4] + heights[5]).toBeCloseTo(60, 5);
    // the table alternative lists every day, newest first
    expect(html.indexOf('2569')).toBeGreaterThan(-1);
    expect((html.match(/<th scope="row">/g) ?? []).length).toBe(4);
  });

  test('the fallback rate line breaks on a day without questions', () => {
    const html = renderToString(<FallbackRateChart summary={summary} />);
    const paths = attr(html, ' d').filter((d) => d.startsWith('M'));
    // day 1 alone (a tick), days 3–4 joined; nothing drawn for day 2
    expect(paths).toHaveLength(2);
    expect(paths.some((d) => d.includes('L'))).toBe(true);
    expect(attr(html, 'aria-label')[0]).toContain('เฉลี่ย 50%');
  });
});
