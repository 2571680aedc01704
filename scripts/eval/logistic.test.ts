import { describe, expect, test } from 'bun:test';
import type { Evidence } from '../../modules/knowledge/scoring/evidence';
import { fitLogistic, type Example } from './logistic';
import { rng } from '../seeded-random';

const evidence = (e: Partial<Evidence>): Evidence => ({
  wordCover: 0,
  gramCover: 0,
  margin: 0,
  typeMatch: 0,
  foreign: 0,
  otherYear: 0,
  otherSibling: 0,
  noRate: 0,
  countNoType: 0,
  ...e,
});

// labels drawn from a known model: z = -1 + 3·wordCover − 2·otherYear
function sample(n: number): Example[] {
  const random = rng(7);
  return Array.from({ length: n }, () => {
    const f = evidence({ wordCover: random(), otherYear: random() < 0.3 ? 1 : 0 });
    const p = 1 / (1 + Math.exp(-(-1 + 3 * f.wordCover - 2 * f.otherYear)));
    return { f, y: random() < p ? 1 : 0, w: 1 };
  });
}

describe('the logistic fit behind the confidence model', () => {
  test('recovers the weights the labels were drawn from', () => {
    const m = fitLogistic(sample(4000), ['wordCover', 'otherYear'], 1e-6);
    expect(m.bias).toBeCloseTo(-1, 0);
    expect(m.weights.wordCover!).toBeCloseTo(3, 0);
    expect(m.weights.otherYear!).toBeCloseTo(-2, 0);
  });
  test('fixed weights and a kept bias stay as given; only the others are fitted', () => {
    const m = fitLogistic(sample(4000), ['otherYear'], 1e-6, { bias: -1, keepBias: true, weights: { wordCover: 3 } });
    expect(m.bias).toBe(-1);
    expect(m.weights.wordCover).toBe(3);
    expect(m.weights.otherYear!).toBeCloseTo(-2, 0);
  });
});
