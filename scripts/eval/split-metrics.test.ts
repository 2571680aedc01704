// What a map does to a set of answers, from rows alone: a map changes the shown value and hence the ECE and the high
// band, never which answers are right; it can only add a fallback by sending a score under 30. The landing rule is a
// table of cases.
import { describe, expect, test } from 'bun:test';
import { mapCarries, mapFigures, type AnswerRow, type MapFigures } from './split-metrics';

const row = (evidence: number, right: boolean, over: Partial<AnswerRow> = {}): AnswerRow => ({
  id: `q${evidence}${right}`,
  set: 's',
  library: 'l',
  kind: 'answer',
  right,
  fallback: false,
  evidence,
  ...over,
});
// two answers at 90 of which one is right, two at 60 both right, one fallen back, a near-miss fallen back
const rows = [
  row(90, true),
  row(90, false),
  row(60, true),
  row(60, true),
  row(20, false, { fallback: true }),
  row(10, true, { kind: 'near_miss', fallback: true }),
];

describe('mapFigures', () => {
  test('the identity: the high band holds the 90s, half right', () => {
    const f = mapFigures(rows, (e) => e);
    expect(f.shown).toBe(4);
    expect(f.highShown).toBe(2);
    expect(f.highPrecision).toBe(0.5);
    expect(f.highShareOfAnswerable).toBe(2 / 5);
    expect(f.answerRight).toBe(3 / 5);
    expect(f.answerFallback).toBe(1 / 5);
    expect(f.nearMissFallback).toBe(1);
  });

  test('a map lowering the 90s to 55 empties the high band and moves the ECE, right and fallback kept', () => {
    const identity = mapFigures(rows, (e) => e);
    const f = mapFigures(rows, (e) => (e >= 90 ? 55 : e));
    expect(f.highShown).toBe(0);
    expect(f.highPrecision).toBeNull();
    expect(f.ece).not.toBe(identity.ece);
    expect(f.answerRight).toBe(identity.answerRight);
    expect(f.answerFallback).toBe(identity.answerFallback);
  });

  test('a map that sends a shown score under 30 adds a fallback and loses its right answer', () => {
    const f = mapFigures(rows, (e) => (e === 60 ? 25 : e));
    expect(f.answerFallback).toBe(3 / 5);
    expect(f.answerRight).toBe(1 / 5);
  });
});

const figures = (over: Partial<MapFigures>): MapFigures => ({
  shown: 10,
  ece: 0.2,
  overconfidence: 0.1,
  eceIfCalibrated: 0.1,
  highShown: 4,
  highRight: 3,
  highPrecision: 0.75,
  highShareOfAnswerable: 0.2,
  answerRight: 0.5,
  answerFallback: 0.2,
  nearMissFallback: 0.8,
  offTopicFallback: 1,
  ...over,
});

describe('mapCarries', () => {
  test.each([
    ['lower ECE and higher precision', { ece: 0.1, highPrecision: 0.9 }, true],
    ['lower ECE, precision the same', { ece: 0.1 }, false],
    ['higher precision, ECE the same', { highPrecision: 0.9 }, false],
    ['no answer left in the high band', { ece: 0.1, highPrecision: null, highShown: 0 }, false],
    ['a right answer lost', { ece: 0.1, highPrecision: 0.9, answerRight: 0.4 }, false],
    ['an answerable fallback added', { ece: 0.1, highPrecision: 0.9, answerFallback: 0.3 }, false],
  ] as const)('%s: %p', (_, mapped, carries) => {
    expect(mapCarries(figures({}), figures(mapped))).toBe(carries);
  });
});
