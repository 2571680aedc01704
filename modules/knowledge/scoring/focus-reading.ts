// What a question's evidence reads again for each passage it weighs (evidence.ts): the evidence order weighs ten
// passages, each against every retrieved one for its margin, and the answer weighs some again. The focus words'
// background weights, their trigrams, and which focus words each retrieved text covers are read once per Question
// (a Question lives for one turn) instead of once per passage and competitor.
import { termWeight } from './background.ts';
import { charGrams } from '../index/tokens.ts';
import type { Question } from '../question/question.ts';

export interface FocusReading {
  /** each focus word's background weight (termWeight), in focus order */
  weights: readonly number[];
  /** focus word → its place */
  index: ReadonlyMap<string, number>;
  /** the focus words' distinct trigrams, first seen first */
  grams: readonly string[];
  /** each trigram's background weight */
  gramWeights: readonly number[];
  /** each trigram's focus words (their places) */
  gramSources: readonly (readonly number[])[];
  /** passage text → which focus words it covers, in focus order */
  held: Map<string, boolean[]>;
}

const readings = new WeakMap<Question, FocusReading>();
// a question weighs a few dozen texts; past this many the list is started again
const TEXTS_PER_QUESTION = 256;

export function focusReading(question: Question): FocusReading {
  let r = readings.get(question);
  if (r) return r;
  const sources = new Map<string, number[]>();
  question.focus.forEach((w, i) => {
    for (const g of charGrams(w)) {
      const from = sources.get(g);
      if (from) from.push(i);
      else sources.set(g, [i]);
    }
  });
  const grams = [...sources.keys()];
  r = {
    weights: question.focus.map(termWeight),
    index: new Map(question.focus.map((w, i) => [w, i])),
    grams,
    gramWeights: grams.map(termWeight),
    gramSources: [...sources.values()],
    held: new Map(),
  };
  readings.set(question, r);
  return r;
}

/** Which focus words `text` covers, by `covers` (the question's coverage test), read once per question and text. */
export function heldIn(question: Question, text: string, covers: (text: string) => (w: string) => boolean): boolean[] {
  const { held } = focusReading(question);
  let words = held.get(text);
  if (!words) {
    if (held.size >= TEXTS_PER_QUESTION) held.clear();
    const covered = covers(text);
    held.set(text, (words = question.focus.map((w) => covered(w))));
  }
  return words;
}

/** Share of the weight held: Σ weight of the held / Σ weight (0 when nothing weighs), summed in order. */
export function heldShare(weights: readonly number[], held: (i: number) => boolean): number {
  let total = 0;
  let found = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i]!;
    if (held(i)) found += weights[i]!;
  }
  return total > 0 ? found / total : 0;
}

/**
 * Each trigram's weight in a passage's coverage: its background weight times the weighting of the heaviest focus
 * word it comes from (`wordWeighting`, in focus order).
 */
export function gramWeighting(reading: FocusReading, wordWeighting: readonly number[]): number[] {
  return reading.gramSources.map((from, g) => {
    let heaviest = 0;
    for (const i of from) heaviest = Math.max(heaviest, wordWeighting[i]!);
    return reading.gramWeights[g]! * heaviest;
  });
}
