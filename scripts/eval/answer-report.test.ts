// A held run counts the questions where a plain ranker beat the product, but names none of them (the discipline of
// keeping a half out: held questions are read as aggregates only).
import { expect, test } from 'bun:test';
import { formatPages, formatRankLosses } from './answer-report';
import { realDevHalf } from './real-dev';

const losses = [
  { id: 'rm-ku-a-001', product: 9, ranker: 'bm25_rrf', rank: 3 },
  { id: 'fit-q', product: 2, ranker: 'bm25_rrf', rank: 1 },
];
const rate = { n: 2, hit1: 0.5, hit5: 1, hit10: 1, mrr10: 0.75, p50Ms: 1, p95Ms: 2 };
const readable = (id: string) => id === 'fit-q';

test('rank losses and pages behind the fusion name only readable questions and count the held ones', () => {
  expect(realDevHalf('rm-ku-a-001')).toBe('held');
  const ranks = formatRankLosses([['ku', losses]], readable);
  const pages = formatPages([['ku', { rates: { product: rate }, behind: losses }]], readable);
  for (const out of [ranks, pages]) {
    expect(out).not.toContain('rm-ku-a-001');
    expect(out).toContain('fit-q');
    expect(out).toContain('1 held, not named');
  }
});

test('a run of our own sets names every question', () => {
  expect(formatPages([['A', { rates: { product: rate }, behind: losses }]])).toContain('rm-ku-a-001 9<3');
  expect(formatRankLosses([['A', losses]])).not.toContain('held');
});
