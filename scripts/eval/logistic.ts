// A weighted, L2-regularised logistic regression and the figures a confidence model is judged by, for
// scripts/fit-confidence.ts. Hand-written: a Newton step on ten weights is a few lines.
import type { EVIDENCE_FEATURES, Evidence } from '../../modules/knowledge/scoring/evidence';
import { confidenceOf, type ConfidenceModel } from '../../modules/knowledge/scoring/confidence';
import { auroc, reliability } from './confidence-measures';
import type { Row } from './confidence-rows';

export type Feature = (typeof EVIDENCE_FEATURES)[number];

export interface Example {
  f: Evidence;
  y: 0 | 1;
  w: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * The part of `model` a fit keeps as it is: the named weights (and the bias when 'bias' is named), an offset to the
 * fitted rest; none when nothing is named.
 */
export function fixedPart(model: ConfidenceModel, names: readonly string[]): (ConfidenceModel & { keepBias: boolean }) | undefined {
  if (!names.length) return undefined;
  return {
    bias: model.bias,
    keepBias: names.includes('bias'),
    weights: Object.fromEntries(names.filter((f) => f !== 'bias').map((f) => [f, model.weights[f as Feature] ?? 0])),
  };
}

/** Weights (bias first) minimising the weighted log loss + l2/2 · |weights|² (the bias is not penalised). */
export function fitLogistic(examples: Example[], features: readonly Feature[], l2: number, fixed?: ConfidenceModel & { keepBias?: boolean }): ConfidenceModel {
  // `fixed`: weights kept as they are (an offset); only the bias and `features` are fitted
  const offset = (f: Evidence) =>
    fixed ? Object.entries(fixed.weights).reduce((s, [k, w]) => s + (features.includes(k as Feature) ? 0 : w! * f[k as Feature]), 0) : 0;
  const offsets = examples.map((e) => offset(e.f));
  const d = features.length + 1;
  const xs = examples.map((e) => [1, ...features.map((f) => e.f[f])]);
  let beta = new Array<number>(d).fill(0);
  if (fixed?.keepBias) beta[0] = fixed.bias;
  for (let it = 0; it < 50; it++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    examples.forEach((e, n) => {
      const x = xs[n]!;
      const p = sigmoid(offsets[n]! + x.reduce((s, v, i) => s + v * beta[i]!, 0));
      for (let i = 0; i < d; i++) {
        g[i]! += e.w * (p - e.y) * x[i]!;
        for (let j = 0; j < d; j++) h[i]![j]! += e.w * p * (1 - p) * x[i]! * x[j]!;
      }
    });
    for (let i = 1; i < d; i++) {
      g[i]! += l2 * beta[i]!;
      h[i]![i]! += l2;
    }
    h[0]![0]! += 1e-9;
    if (fixed?.keepBias) {
      // the bias stays: its row and column of the step are the identity, its gradient nothing
      g[0] = 0;
      h[0]!.fill(0);
      for (const row of h) row[0] = 0;
      h[0]![0] = 1;
    }
    const step = solve(h, g);
    beta = beta.map((b, i) => b - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  const kept = fixed ? Object.fromEntries(Object.entries(fixed.weights).filter(([k]) => !features.includes(k as Feature))) : {};
  return { bias: beta[0]!, weights: { ...kept, ...Object.fromEntries(features.map((f, i) => [f, beta[i + 1]!])) } };
}

/** Gaussian elimination with partial pivoting: a · x = b. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = m[r]![c]! / pivot;
      for (let j = c; j <= n; j++) m[r]![j]! -= k * m[c]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/** The confidence (0–100) a model gives a row's shown answer: 0 when nothing was quoted or nothing is shared. */
export function rowConfidence(model: ConfidenceModel, r: Row): number {
  if (!r.f || (r.f.wordCover === 0 && r.f.gramCover === 0)) return 0;
  return confidenceOf(r.f, model);
}

export function logLoss(model: ConfidenceModel, examples: Example[]): number {
  let s = 0;
  let w = 0;
  for (const e of examples) {
    const p = Math.min(1 - 1e-6, Math.max(1e-6, confidenceOf(e.f, model) / 100));
    s -= e.w * (e.y ? Math.log(p) : Math.log(1 - p));
    w += e.w;
  }
  return s / (w || 1);
}

export interface Figures {
  n: number;
  right: number;
  answerFallback: number;
  nearMissFallback: number;
  offTopicFallback: number;
  shown: number;
  ece: number | null;
  auroc: number | null;
  high: number;
  highPrecision: number | null;
}

/** The eval's figures for rows scored by `confidence` (fallback below 30, the high band from 80). */
export function figures(rows: Row[], confidence: (r: Row) => number): Figures {
  const scored = rows.map((r) => ({ r, c: confidence(r) }));
  const rate = (kind: string) => {
    const of = scored.filter((s) => s.r.kind === kind);
    return of.length ? of.filter((s) => s.c < 30).length / of.length : NaN;
  };
  const answers = scored.filter((s) => s.r.kind === 'answer');
  const shown = scored.filter((s) => s.c >= 30);
  const high = shown.filter((s) => s.c >= 80);
  // right: an answer shown and right; a near-miss or off-topic question: the fallback (as the eval scores)
  const passes = (s: (typeof scored)[number]) => (s.r.kind === 'answer' ? s.r.right && s.c >= 30 : s.c < 30);
  return {
    n: rows.length,
    right: answers.length ? answers.filter(passes).length / answers.length : NaN,
    answerFallback: rate('answer'),
    nearMissFallback: rate('near_miss'),
    offTopicFallback: rate('off_topic'),
    shown: shown.length,
    ece: reliability(shown.map((s) => ({ confidence: s.c, right: s.r.kind === 'answer' && s.r.right }))).ece,
    // as the eval's "all questions": answers shown and right against every other question
    auroc: auroc(
      scored.filter((s) => s.r.kind === 'answer' && passes(s)).map((s) => s.c),
      scored.filter((s) => !(s.r.kind === 'answer' && passes(s))).map((s) => s.c),
    ),
    high: high.length,
    highPrecision: high.length ? high.filter((s) => s.r.kind === 'answer' && s.r.right).length / high.length : null,
  };
}

const pct = (v: number | null) => (v === null || Number.isNaN(v) ? '   -' : `${(100 * v).toFixed(0).padStart(3)}%`);
const num = (v: number | null) => (v === null ? '    -' : v.toFixed(3));

export function formatFigures(tag: string, f: Figures): string {
  return `${tag.padEnd(34)} n ${String(f.n).padStart(3)}  right ${pct(f.right)}  fallback ans ${pct(f.answerFallback)} near ${pct(f.nearMissFallback)} off ${pct(f.offTopicFallback)}  shown ${String(f.shown).padStart(3)}  ECE ${num(f.ece)}  AUROC ${num(f.auroc)}  ≥80: ${f.high} at ${pct(f.highPrecision)}`;
}
