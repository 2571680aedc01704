import { describe, expect, test } from 'bun:test';
import type { Outcome } from './answer-scoring';
import { heldBack, thresholdCurve, type UnheldOutcome } from './threshold-curve';

const row = (kind: Outcome['kind'], confidence: number, right = false, quoted = true, refRight = right): UnheldOutcome => ({
  kind,
  confidence,
  quoted,
  right,
  refRight,
});

describe('threshold curve', () => {
  // two answerable (one right at 25, one wrong at 45), a right one with no quote, a near-miss at 20, an off-topic at 5
  const rows = [row('answer', 25, true), row('answer', 45, false), row('answer', 0, true, false), row('near_miss', 20), row('off_topic', 5)];
  test.each([
    [0, { answerRight: 1 / 3, answerFallback: 1 / 3, nearMissFallback: 0, offTopicFallback: 0 }],
    [10, { answerRight: 1 / 3, answerFallback: 1 / 3, nearMissFallback: 0, offTopicFallback: 1 }],
    [30, { answerRight: 0, answerFallback: 2 / 3, nearMissFallback: 1, offTopicFallback: 1 }],
    [50, { answerRight: 0, answerFallback: 1, nearMissFallback: 1, offTopicFallback: 1 }],
  ])('at %i a question falls back below the threshold or without a quote', (t, expected) => {
    expect(thresholdCurve(rows, [t])[0]).toEqual({ threshold: t, ...expected });
  });

  test('an empty kind has no figure', () => {
    expect(thresholdCurve([row('answer', 50, true)], [30])[0]!.nearMissFallback).toBeNull();
  });

  test('what the answerable fallbacks held back is counted from their outcome at 0', () => {
    const shown = [
      { kind: 'answer', fallback: true },
      { kind: 'answer', fallback: false },
      { kind: 'answer', fallback: true },
      { kind: 'near_miss', fallback: true },
    ] as Outcome[];
    const unheld = [row('answer', 20, false, true, true), row('answer', 60, true), row('answer', 0, false, false), row('near_miss', 10)];
    expect(heldBack(shown, unheld)).toEqual({ fallbacks: 2, wouldBeRight: 0, wouldBeRef: 1, noQuote: 1 });
  });
});
