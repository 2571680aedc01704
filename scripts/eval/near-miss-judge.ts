// Judges the near-miss candidates (rows from scripts/eval/near-miss-scan.ts) by the rule registered in
// modules/knowledge/scoring/near-miss-evidence.md: per salt, one weight fitted on the fit half (every shipped weight
// fixed), judged on the held half by near-miss and answerable fallback; the screen is the AUROC near-miss against
// answerable-right on the primary salt's held half. Prints aggregates only.
//   bun scripts/eval/near-miss-judge.ts /tmp/near/rows.jsonl
import { readFileSync } from 'node:fs';
import { auroc } from './confidence-measures';
import { CALIBRATION_SPLIT_SALTS, calibrationSplitHalf } from './calibration-split';

export interface NearMissRow {
  set: string;
  library: string;
  id: string;
  kind: 'answer' | 'near_miss' | 'off_topic';
  quoted: boolean;
  right: boolean;
  /** the shipped score 0–100 (0 when nothing is quoted or nothing of the question is covered) */
  shipped: number;
  f: Record<string, number>;
  c: Record<string, number>;
}

/** The chat's low threshold: a shown value under it is the fallback. */
export const FALLBACK_BELOW = 30;
const L2 = 0.01;
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The score with the candidate added at weight `w` to the shipped logit; nothing covered stays 0. */
export function scoreWith(r: NearMissRow, name: string, w: number): number {
  if (!r.quoted || r.shipped <= 0) return 0;
  const p = Math.min(1 - 1e-9, Math.max(1e-9, r.shipped / 100));
  return 100 * sigmoid(logit(p) + w * (r.c[name] ?? 0));
}

/** One weight minimising the log loss (right = 1) + l2/2·w² over quoted rows, the shipped logit an offset (Newton). */
export function fitWeight(rows: readonly NearMissRow[], name: string, l2 = L2): number {
  const quoted = rows.filter((r) => r.quoted && r.shipped > 0);
  let w = 0;
  for (let it = 0; it < 100; it++) {
    let g = l2 * w;
    let h = l2;
    for (const r of quoted) {
      const x = r.c[name] ?? 0;
      const p = scoreWith(r, name, w) / 100;
      g += (p - (r.right ? 1 : 0)) * x;
      h += p * (1 - p) * x * x;
    }
    const step = g / (h || 1e-12);
    w -= step;
    if (Math.abs(step) < 1e-9) break;
  }
  return w;
}

export interface HalfFigures {
  nearMissFallback: number | null;
  answerableFallback: number | null;
  answerableRight: number | null;
}

const share = (rows: readonly NearMissRow[], keep: (r: NearMissRow) => boolean) => (rows.length ? rows.filter(keep).length / rows.length : null);

export function halfFigures(rows: readonly NearMissRow[], score: (r: NearMissRow) => number): HalfFigures {
  const falls = (r: NearMissRow) => !r.quoted || score(r) < FALLBACK_BELOW;
  const answerable = rows.filter((r) => r.kind === 'answer');
  return {
    nearMissFallback: share(
      rows.filter((r) => r.kind === 'near_miss'),
      falls,
    ),
    answerableFallback: share(answerable, falls),
    answerableRight: share(answerable, (r) => r.right && !falls(r)),
  };
}

/** The registered rule on one held half: near-miss fallback up, answerable fallback up ≤ .02, right down ≤ .02. */
export function carries(before: HalfFigures, after: HalfFigures, slack = 0.02): boolean {
  const eps = 1e-9;
  return (
    (after.nearMissFallback ?? 0) > (before.nearMissFallback ?? 0) + eps &&
    (after.answerableFallback ?? 0) <= (before.answerableFallback ?? 0) + slack + eps &&
    (after.answerableRight ?? 0) >= (before.answerableRight ?? 0) - slack - eps
  );
}

/** AUROC near-miss against answerable-right among quoted rows (or only those the shipped score shows), oriented so that the weight's sign lowers near-misses. */
export function nearMissAuroc(rows: readonly NearMissRow[], name: string, w: number, shownOnly = false): number | null {
  const quoted = rows.filter((r) => r.quoted && (!shownOnly || r.shipped >= FALLBACK_BELOW));
  const near = quoted.filter((r) => r.kind === 'near_miss').map((r) => r.c[name] ?? 0);
  const right = quoted.filter((r) => r.kind === 'answer' && r.right).map((r) => r.c[name] ?? 0);
  return w <= 0 ? auroc(near, right) : auroc(right, near);
}

const f2 = (v: number | null) => (v === null ? '  - ' : v.toFixed(3));
const fmt = (h: HalfFigures) => `near-miss fb ${f2(h.nearMissFallback)} ans fb ${f2(h.answerableFallback)} ans right ${f2(h.answerableRight)}`;

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bun scripts/eval/near-miss-judge.ts ROWS.jsonl');
  const rows: NearMissRow[] = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const real = rows.filter((r) => calibrationSplitHalf(r.id, CALIBRATION_SPLIT_SALTS[0]) !== 'own');
  const own = rows.filter((r) => calibrationSplitHalf(r.id, CALIBRATION_SPLIT_SALTS[0]) === 'own' || !/^r[dmx]-/.test(r.id));
  const names = Object.keys(rows.find((r) => r.quoted)?.c ?? {});
  console.log(`${real.length} pooled real rows, ${own.length} own rows`);
  for (const name of names) {
    console.log(`\n${name}`);
    let carried = 0;
    let primaryW = 0;
    for (const salt of CALIBRATION_SPLIT_SALTS) {
      const fit = real.filter((r) => calibrationSplitHalf(r.id, salt) === 'fit');
      const held = real.filter((r) => calibrationSplitHalf(r.id, salt) === 'held');
      const w = fitWeight(fit, name);
      if (salt === CALIBRATION_SPLIT_SALTS[0]) primaryW = w;
      const before = halfFigures(held, (r) => r.shipped);
      const after = halfFigures(held, (r) => scoreWith(r, name, w));
      const ok = carries(before, after);
      if (ok) carried++;
      console.log(
        `  ${salt} w ${w.toFixed(2)} AUROC fit ${f2(nearMissAuroc(fit, name, w))} held ${f2(nearMissAuroc(held, name, w))} (shown ${f2(nearMissAuroc(held, name, w, true))}) | held ${fmt(before)} -> ${fmt(after)} ${ok ? 'carries' : 'no'}`,
      );
    }
    // Not a decision: whether any weight at all (−6 … 0 by .25) would carry on each held half, i.e. whether the
    // feature or the fit is what falls short
    const any = CALIBRATION_SPLIT_SALTS.filter((salt) => {
      const held = real.filter((r) => calibrationSplitHalf(r.id, salt) === 'held');
      const before = halfFigures(held, (r) => r.shipped);
      return Array.from({ length: 24 }, (_, k) => -(k + 1) * 0.25).some((w) =>
        carries(
          before,
          halfFigures(held, (r) => scoreWith(r, name, w)),
        ),
      );
    }).length;
    console.log(`  some weight in −6…0 would carry on ${any} of ${CALIBRATION_SPLIT_SALTS.length} held halves (diagnostic, not the rule)`);
    const ownBefore = own.filter((r) => r.right && r.shipped >= FALLBACK_BELOW).length;
    const ownAfter = own.filter((r) => r.right && scoreWith(r, name, primaryW) >= FALLBACK_BELOW).length;
    console.log(`  carries on ${carried} of ${CALIBRATION_SPLIT_SALTS.length} salts; own sets right shown ${ownBefore} -> ${ownAfter} (primary weight)`);
  }
}
