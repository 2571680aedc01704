// The shown-confidence map's third round (modules/knowledge/scoring/calibration-map.md): Platt on logit(score), fitted
// on the shown fit-half rows of every halved real set (each set weighing the same), judged on their held halves and on
// the sets held out whole. The rows are fit-confidence-pool.ts's (each question in its own university's library):
//   bun scripts/eval/fit-confidence-pool.ts --rows /tmp/pool-rows.jsonl
//   bun scripts/eval/fit-calibration-pool.ts /tmp/pool-rows.jsonl [--model-out M.json]
// Prints aggregates only (row figures through the identity and through the map, and the registered verdict).
// --model-out writes the shipped evidence model with the map as its "calibration", for eval-answers --model and the
// battery's EVAL_ARGS, the end-to-end check the registration asks for.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { throughKnots } from '../../modules/knowledge/scoring/calibration';
import { confidenceModel } from '../../modules/knowledge/scoring/confidence';
import { plattFit, plattKnots, type Knots, type Shown } from './calibration-fit';
import { HALVED_SETS, type Tagged, WHOLE_HELD_SETS } from './fit-confidence-pool';
import type { Row } from './confidence-rows';
import { type Figures, figures, formatFigures, rowConfidence } from './logistic';

const SHOWN_FROM = 30;

/** The fit: the shown fit-half rows of the halved sets, each set weighing the same (its rows equally). */
export function fitRows(rows: readonly Tagged[], score: (r: Row) => number): Shown[] {
  const train = rows.filter((r) => r.set in HALVED_SETS && r.half === 'fit' && score(r) >= SHOWN_FROM);
  const sets = [...new Set(train.map((r) => r.set))];
  const count = new Map(sets.map((s) => [s, train.filter((r) => r.set === s).length]));
  return train.map((r) => ({
    set: r.set,
    library: r.source,
    evidence: score(r),
    right: r.kind === 'answer' && r.right,
    w: 1 / sets.length / count.get(r.set)!,
  }));
}

export interface Verdict {
  heldHalves: { identity: number | null; map: number | null };
  whole: Array<{ set: string; identity: number | null; map: number | null }>;
  wholePooled: { identity: number | null; map: number | null };
  lands: boolean;
}

const lower = (p: { identity: number | null; map: number | null }) => p.identity !== null && p.map !== null && p.map < p.identity;

/** The registered rule: (a) the held halves' ECE lower, (b) lower on two thirds of the whole-held sets and pooled. */
export function verdict(rows: readonly Tagged[], identity: (r: Row) => number, mapped: (r: Row) => number): Verdict {
  const ece = (keep: (r: Tagged) => boolean) => ({ identity: figures(rows.filter(keep), identity).ece, map: figures(rows.filter(keep), mapped).ece });
  const heldHalves = ece((r) => r.set in HALVED_SETS && r.half === 'held');
  const present = Object.keys(WHOLE_HELD_SETS).filter((s) => rows.some((r) => r.set === s));
  const whole = present.map((set) => ({ set, ...ece((r) => r.set === set) }));
  const wholePooled = ece((r) => r.set in WHOLE_HELD_SETS);
  const lands = lower(heldHalves) && lower(wholePooled) && whole.filter(lower).length * 3 >= whole.length * 2;
  return { heldHalves, whole, wholePooled, lands };
}

/** Mean shown confidence minus the share right among shown rows (positive: over-confident). */
function overConfidence(rows: readonly Tagged[], confidence: (r: Row) => number): number | null {
  const shown = rows.filter((r) => confidence(r) >= SHOWN_FROM);
  if (!shown.length) return null;
  const mean = shown.reduce((s, r) => s + confidence(r), 0) / shown.length / 100;
  return mean - shown.filter((r) => r.kind === 'answer' && r.right).length / shown.length;
}

if (import.meta.main) {
  const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { 'model-out': { type: 'string' } } });
  if (!positionals[0]) {
    console.error('usage: bun scripts/eval/fit-calibration-pool.ts ROWS.jsonl [--model-out M.json]');
    process.exit(2);
  }
  const rows: Tagged[] = readFileSync(positionals[0], 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const shipped = confidenceModel();
  const identity = (r: Row) => rowConfidence(shipped, r);
  const train = fitRows(rows, identity);
  const platt = plattFit(train);
  const knots: Knots = plattKnots(platt, 'fitted');
  const mapped = (r: Row) => throughKnots(knots, identity(r));
  console.log(`fit rows ${train.length} from ${new Set(train.map((r) => r.set)).size} sets; Platt a ${platt.a.toFixed(3)} b ${platt.b.toFixed(3)}`);
  console.log(`knots ${knots.map(([x, y]) => `${x}→${y}`).join(' ')}`);
  const parts: Array<[string, (r: Tagged) => boolean]> = [
    ['halved sets, fit halves', (r) => r.set in HALVED_SETS && r.half === 'fit'],
    ['halved sets, held halves', (r) => r.set in HALVED_SETS && r.half === 'held'],
    ['real_dev held half', (r) => r.set === 'real_dev' && r.half === 'held'],
    ['held whole', (r) => r.set in WHOLE_HELD_SETS],
    ...Object.keys(WHOLE_HELD_SETS).map((s): [string, (r: Tagged) => boolean] => [`  ${s}`, (r) => r.set === s]),
    ['own sets', (r) => r.half === 'own'],
  ];
  for (const [name, confidence] of [
    ['identity', identity],
    ['map', mapped],
  ] as const) {
    console.log('');
    for (const [part, keep] of parts) {
      const of = rows.filter(keep);
      if (!of.length) continue;
      const f: Figures = figures(of, confidence);
      const over = overConfidence(of, confidence);
      console.log(`${formatFigures(`${name} ${part}`, f)}  over ${over === null ? '-' : over.toFixed(3)}`);
    }
  }
  const v = verdict(rows, identity, mapped);
  const show = (p: { identity: number | null; map: number | null }) => `${p.identity?.toFixed(3) ?? '-'} → ${p.map?.toFixed(3) ?? '-'}`;
  console.log(
    `\nverdict: held halves ECE ${show(v.heldHalves)}; held whole pooled ${show(v.wholePooled)}; each: ${v.whole.map((w) => `${w.set} ${show(w)}`).join(', ')}`,
  );
  console.log(`lands: ${v.lands ? 'yes' : 'no'} (lower on ${v.whole.filter(lower).length} of ${v.whole.length} held whole)`);
  if (args['model-out']) {
    writeFileSync(args['model-out'], `${JSON.stringify({ bias: shipped.bias, weights: shipped.weights, calibration: knots }, null, 2)}\n`);
    console.log(`wrote ${args['model-out']}`);
  }
}
