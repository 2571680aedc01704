// Fits the shown-confidence calibration (modules/knowledge/scoring/calibration.ts) from eval-answers output, and
// checks it on data not fitted. Each file is one answer set (any number of libraries in it):
//   bun scripts/eval-answers.ts --library A,B --out /tmp/cal/campus.jsonl
//   bun scripts/eval-answers.ts --library A,B --queries scripts/eval/data/dorm/queries.jsonl --docs scripts/eval/data/dorm --out /tmp/cal/dorm.jsonl
//   …
//   bun scripts/fit-calibration.ts /tmp/cal/*.jsonl [--real-share X] [--model-out M.json --model-in M0.json]
// real_dev answers (ids rd-…, from `bun scripts/eval-answers.ts --set real_dev --out …`): only the fit half
// (real-dev.ts realDevHalf) of the three universities' own libraries is fitted on, together X (default 0.5) of
// the total weight, split equally between the three; the held half (and the union's) is only reported.
// --model-out writes --model-in (default the shipped model) with the fitted knots as its "calibration", for
// `bun scripts/eval-answers.ts --model M.json`.
// Each row's evidence score is the one behind its shown confidence (rows written before the calibration
// showed the evidence score itself). Prints: the knots fitted on every file; then, per set and library,
// the expected calibration error of the evidence score, of the shipped map, and of a map fitted on the
// other sets only (leave one set out: the figure that says whether the map generalises).
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CALIBRATION_KNOTS, calibrated, throughKnots } from '../modules/knowledge/scoring/calibration';
import { fit, plattFit, plattKnots, type Knots, type Shown } from './eval/calibration-fit';
import { reliability } from './eval/confidence-measures';
import { calibrationNoise } from './eval/calibration-noise';

const LOW_EDGE = 30;
import { realDevHalf, REAL_DEV_UNIVERSITIES } from './eval/real-dev';

type Row = Shown & { id: string; half: 'fit' | 'held' | 'own' };

function readShown(file: string): Row[] {
  const set = basename(file).replace(/\.jsonl$/, '');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .filter((r) => !r.fallback)
    .map((r) => ({
      id: r.id,
      half: /^r[dmx]-/.test(r.id) ? realDevHalf(r.id) : 'own', // real_more ('rm-') and real_extra ('rx-') by the primary split
      set,
      library: r.library,
      evidence: r.evidence ?? r.confidence,
      right: r.kind === 'answer' && r.right,
    }));
}

const ece = (rows: Shown[], shown: (evidence: number) => number) =>
  (reliability(rows.map((r) => ({ confidence: shown(r.evidence), right: r.right }))).ece ?? 0).toFixed(3);
// the calibration in the large (mean shown confidence minus share right; its sampling error ≈ √(p(1−p)/n)) and the
// ECE chance gives a calibrated confidence at these answers' number (calibration-noise.ts): a per-library ECE of a
// dozen answers is mostly noise
const level = (rows: Shown[], shown: (evidence: number) => number) => {
  const { overconfidence, eceIfCalibrated } = calibrationNoise(rows.map((r) => ({ confidence: shown(r.evidence), right: r.right })));
  return `over ${(overconfidence ?? 0) >= 0 ? '+' : ''}${(overconfidence ?? 0).toFixed(3)} (chance ECE ${(eceIfCalibrated ?? 0).toFixed(3)})`;
};

const { values: args, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    'real-share': { type: 'string', default: '0.5' },
    method: { type: 'string', default: 'isotonic' },
    // platt only: 'fitted' carries the map through the high band (calibration-fit.ts plattKnots)
    'high-band': { type: 'string', default: 'kept' },
    'model-out': { type: 'string' },
    'model-in': { type: 'string' },
  },
});
if (!files.length) {
  console.error('usage: bun scripts/fit-calibration.ts <eval-answers --out file>… [--real-share X] [--model-out M.json]');
  process.exit(2);
}
const all = files.flatMap(readShown);
const universities: readonly string[] = REAL_DEV_UNIVERSITIES;
const realFit = all.filter((r) => r.half === 'fit' && universities.includes(r.library));
const own = all.filter((r) => r.half === 'own');
const share = realFit.length ? Number(args['real-share']) : 0;
const ownSets = [...new Set(own.map((r) => r.set))];
// each own set an equal part of the rest, each university an equal part of the real share
const rows: Row[] = [
  ...own.map((r) => ({ ...r, w: (1 - share) / ownSets.length / own.filter((o) => o.set === r.set).length })),
  ...realFit.map((r) => ({ ...r, w: share / universities.length / realFit.filter((o) => o.library === r.library).length })),
];
const sets = [...new Set(rows.map((r) => r.set))];
// --method platt: two parameters (calibration-fit.ts plattFit), below the high band only; isotonic: a value per band
const highBand = args['high-band'] === 'fitted' ? 'fitted' : 'kept';
const fitMap = (fitted: Shown[]): Knots => (args.method === 'platt' ? plattKnots(plattFit(fitted), highBand) : fit(fitted));
console.log(`${rows.length} shown answers in ${sets.length} sets; method ${args.method}`);
if (args.method === 'platt') console.log('platt on all:', JSON.stringify(plattFit(rows)));
console.log('fitted on all:', JSON.stringify(fitMap(rows)));
console.log('shipped:      ', JSON.stringify(CALIBRATION_KNOTS));
console.log('\nexpected calibration error: evidence score / shipped map / map fitted without the set');
for (const set of sets) {
  // without the set nothing may be left to fit (real_dev alone at --real-share 1): the evidence score then
  const rest = rows.filter((r) => r.set !== set && (r.w ?? 1) > 0);
  const held = rest.length ? fitMap(rest) : [[LOW_EDGE, LOW_EDGE] as [number, number], [100, 100] as [number, number]];
  for (const library of [...new Set(rows.filter((r) => r.set === set).map((r) => r.library))]) {
    const own = rows.filter((r) => r.set === set && r.library === library);
    console.log(
      `${set.padEnd(10)} ${library.padEnd(5)} n ${String(own.length).padStart(3)}  ${ece(own, (e) => e)} / ${ece(own, calibrated)} / ${ece(own, (e) => throughKnots(held, e))}  ${level(own, calibrated)} → ${level(own, (e) => throughKnots(held, e))}`,
    );
  }
}
console.log(`pooled           n ${rows.length}  ${ece(rows, (e) => e)} / ${ece(rows, calibrated)}`);
if (realFit.length) {
  // folds by library: each university's fit half under a map fitted without it (no library is fitted on itself)
  console.log('\nreal_dev fit half, each university under a map fitted without it: evidence score / shipped map / that map');
  for (const library of universities) {
    const rest = rows.filter((r) => r.library !== library && (r.w ?? 1) > 0);
    const own = rows.filter((r) => r.half === 'fit' && r.library === library);
    if (!own.length || !rest.length) continue;
    const map = fitMap(rest);
    console.log(
      `fit        ${library.padEnd(5)} n ${String(own.length).padStart(3)}  ${ece(own, (e) => e)} / ${ece(own, calibrated)} / ${ece(own, (e) => throughKnots(map, e))}`,
    );
  }
}
const knots = fitMap(rows);
const heldReal = all.filter((r) => r.half === 'held');
if (heldReal.length) {
  console.log('\nreal_dev held half and real_more (never fitted on): evidence score / shipped map / map fitted on all');
  // by set and library: real_dev's union and real_more's are two libraries
  for (const key of [...new Set(heldReal.map((r) => `${r.set} ${r.library}`))]) {
    const held = heldReal.filter((r) => `${r.set} ${r.library}` === key);
    console.log(
      `held ${key.padEnd(20)} n ${String(held.length).padStart(3)}  ${ece(held, (e) => e)} / ${ece(held, calibrated)} / ${ece(held, (e) => throughKnots(knots, e))}  ${level(held, calibrated)} → ${level(held, (e) => throughKnots(knots, e))}`,
    );
  }
  // every held question once: the unions (real_dev's held half, real_more's, real_extra's two), and their high band
  const pooled = heldReal.filter((r) => ['union', 'union_dev', 'union_more'].includes(r.library));
  const high = (shown: (evidence: number) => number) => {
    const top = pooled.filter((r) => shown(r.evidence) >= 80);
    return `${top.length} at ≥ 80, ${top.filter((r) => r.right).length} right`;
  };
  console.log(
    `held pooled unions          n ${String(pooled.length).padStart(3)}  ${ece(pooled, (e) => e)} / ${ece(pooled, calibrated)} / ${ece(pooled, (e) => throughKnots(knots, e))}  ${level(pooled, calibrated)} → ${level(pooled, (e) => throughKnots(knots, e))}; ${high(calibrated)} → ${high((e) => throughKnots(knots, e))}`,
  );
}
if (args['model-out']) {
  const model = JSON.parse(readFileSync(args['model-in'] ?? join(import.meta.dir, '..', 'modules', 'knowledge', 'scoring', 'confidence-model.json'), 'utf8'));
  writeFileSync(args['model-out'], `${JSON.stringify({ bias: model.bias, weights: model.weights, calibration: knots }, null, 2)}\n`);
  console.log(`\nwrote ${args['model-out']}`);
}
