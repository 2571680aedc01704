// What a shown-confidence map does to a set of answers, from eval-answers `--out` rows alone (scripts/fit-calibration-split.ts):
// the map changes only the shown value of an answer that is shown, so each figure is what an end-to-end run through
// the map gives (`bun scripts/eval-answers.ts --model <file>` checks that). Aggregates only: no row is returned.
import { reliability } from './confidence-measures';
import { calibrationNoise } from './calibration-noise';

export interface AnswerRow {
  id: string;
  set: string;
  library: string;
  kind: 'answer' | 'near_miss' | 'off_topic';
  right: boolean;
  fallback: boolean;
  /** the evidence score behind the shown confidence */
  evidence: number;
}

export interface MapFigures {
  shown: number;
  ece: number | null;
  overconfidence: number | null;
  eceIfCalibrated: number | null;
  highShown: number;
  highRight: number;
  highPrecision: number | null;
  highShareOfAnswerable: number | null;
  answerRight: number | null;
  answerFallback: number | null;
  nearMissFallback: number | null;
  offTopicFallback: number | null;
}

/** The spec's band edges: under LOW the fallback is given, at HIGH or more the high band. */
const LOW = 30;
const HIGH = 80;

const rate = (n: number, d: number): number | null => (d ? n / d : null);

/** The figures of `rows` shown through `shownOf` (evidence score → shown confidence). */
export function mapFigures(rows: readonly AnswerRow[], shownOf: (evidence: number) => number): MapFigures {
  // an answer shown before is shown after unless the map sends it under the low threshold (the registered maps never do)
  const isShown = (r: AnswerRow) => !r.fallback && shownOf(r.evidence) >= LOW;
  const shown = rows.filter(isShown).map((r) => ({ confidence: shownOf(r.evidence), right: r.kind === 'answer' && r.right, kind: r.kind }));
  const high = shown.filter((s) => s.confidence >= HIGH);
  const of = (kind: AnswerRow['kind']) => rows.filter((r) => r.kind === kind);
  const fallbackRate = (kind: AnswerRow['kind']) => rate(of(kind).filter((r) => !isShown(r)).length, of(kind).length);
  const noise = calibrationNoise(shown);
  return {
    shown: shown.length,
    ece: reliability(shown).ece,
    overconfidence: noise.overconfidence,
    eceIfCalibrated: noise.eceIfCalibrated,
    highShown: high.length,
    highRight: high.filter((s) => s.right).length,
    highPrecision: rate(high.filter((s) => s.right).length, high.length),
    highShareOfAnswerable: rate(high.filter((s) => s.kind === 'answer').length, of('answer').length),
    // a right answer stays right through a map unless it falls back
    answerRight: rate(of('answer').filter((r) => r.right && isShown(r)).length, of('answer').length),
    answerFallback: fallbackRate('answer'),
    nearMissFallback: fallbackRate('near_miss'),
    offTopicFallback: fallbackRate('off_topic'),
  };
}

/** The registered landing rule for one held half: lower ECE, higher ≥ 80 precision, answerable right and fallback kept. */
export function mapCarries(identity: MapFigures, mapped: MapFigures): boolean {
  return (
    mapped.ece !== null &&
    identity.ece !== null &&
    mapped.ece < identity.ece &&
    mapped.highPrecision !== null &&
    (identity.highPrecision === null || mapped.highPrecision > identity.highPrecision) &&
    mapped.answerRight === identity.answerRight &&
    mapped.answerFallback === identity.answerFallback
  );
}

const f3 = (v: number | null) => (v === null ? '  -  ' : v.toFixed(3));
const signed = (v: number | null) => (v === null ? '  -  ' : `${v >= 0 ? '+' : ''}${v.toFixed(3)}`);

/** One line of figures, for people. */
export function formatFigures(f: MapFigures): string {
  return [
    `n ${String(f.shown).padStart(3)}`,
    `ECE ${f3(f.ece)} (chance ${f3(f.eceIfCalibrated)})`,
    `over ${signed(f.overconfidence)}`,
    `≥80 ${String(f.highShown).padStart(2)}/${String(f.highRight).padStart(2)} right prec ${f3(f.highPrecision)} share ${f3(f.highShareOfAnswerable)}`,
    `ans right ${f3(f.answerRight)} fb ${f3(f.answerFallback)} near fb ${f3(f.nearMissFallback)} off fb ${f3(f.offTopicFallback)}`,
  ].join('  ');
}
