import { describe, expect, test } from 'bun:test';
import { rankLosses } from './retrieval-compare';

describe('the product beside a reference ranker, question by question', () => {
  const qs = ['q1', 'q2', 'q3', 'q4', 'q5'].map((id) => ({ id }));
  test('a question is a loss only where the ranker puts the right passage higher (−1 = not in the first 10)', () => {
    const product = [0, 2, -1, 3, -1];
    const ranker = [0, 1, 4, 5, -1];
    expect(rankLosses(qs, product, 'bm25_word', ranker)).toEqual([
      { id: 'q2', product: 3, ranker: 'bm25_word', rank: 2 },
      { id: 'q3', product: 0, ranker: 'bm25_word', rank: 5 },
    ]);
  });
});
