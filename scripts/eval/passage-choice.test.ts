import { describe, expect, test } from 'bun:test';
import { type ChoiceRow, fitChooser, halfCounts, pick } from './passage-choice.ts';

const cand = (features: Record<string, number>, right = false) => ({ features, right });

describe('passage-choice', () => {
  test('the fitted chooser weighs up the feature that marks the right passage, whatever its place', () => {
    // the right passage is the one holding the asked kind, at the first place or the third; rank alone would be right half the time
    const rows: ChoiceRow[] = Array.from({ length: 20 }, (_, i) => ({
      kind: 'answer',
      half: 'fit',
      chosen: 0,
      candidates: [0, 1, 2].map((place) => cand({ rank: 1 / (place + 1), kind: place === (i % 2 ? 2 : 0) ? 1 : 0 }, place === (i % 2 ? 2 : 0))),
    }));
    const w = fitChooser(rows, ['rank', 'kind']);
    expect(w[1]!).toBeGreaterThan(w[0]!);
    expect(w[1]!).toBeGreaterThan(1);
    for (const r of rows) expect(r.candidates[pick(w, r.candidates, ['rank', 'kind'])]!.right).toBe(true);
  });

  test('a question with no right passage teaches nothing; no weights, no data', () => {
    const none: ChoiceRow = { kind: 'answer', half: 'fit', chosen: 0, candidates: [cand({ rank: 1 }), cand({ rank: 0.5 })] };
    expect(fitChooser([none], ['rank'])).toEqual([0]);
    expect(fitChooser([], ['rank', 'quote'])).toEqual([0, 0]);
  });

  test('a tie goes to the earlier place; no candidates, no pick', () => {
    expect(pick([0], [cand({ rank: 1 }), cand({ rank: 0.5 })], ['rank'])).toBe(0);
    expect(pick([1], [cand({ rank: 0.5 }), cand({ rank: 1 })], ['rank'])).toBe(1);
    expect(pick([1], [], ['rank'])).toBe(-1);
  });

  test('counts: right among five, first, led with, moved both ways, and near-misses led elsewhere', () => {
    const row = (kind: ChoiceRow['kind'], chosen: number, right: boolean[]): ChoiceRow => ({
      kind,
      half: 'held',
      chosen,
      candidates: right.map((r, place) => cand({ rank: 1 / (place + 1) }, r)),
    });
    const rows = [
      row('answer', 0, [true, false]),
      row('answer', 1, [true, false]), // moved off the right one
      row('answer', 1, [false, true]), // moved onto the right one
      row('answer', -1, [false, false]), // nothing quoted
      row('near_miss', 1, [false, false]),
      row('near_miss', 0, [false, false]),
    ];
    expect(halfCounts(rows, [1], ['rank'])).toEqual({
      answerable: 4,
      rightAmongFive: 3,
      rightFirst: 2,
      rightChosen: 2,
      rightFitted: 2,
      movedRightToWrong: 1,
      movedWrongToRight: 1,
      answerableMoved: 2,
      nearMisses: 2,
      nearMissMoved: 1,
    });
  });
});
