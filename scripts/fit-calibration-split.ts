// Fits the shown-confidence map on the registered fit half of every real set and judges it on the held half, under
// each registered salt (scripts/eval/calibration-split.ts; the rule: modules/knowledge/scoring/calibration-map.md).
//   bun scripts/eval-answers.ts --set real_dev --out /tmp/cal/real_dev.jsonl      (also real_more, real_extra)
//   bun scripts/eval-answers.ts --library A,B --out /tmp/cal/campus.jsonl          (our own sets, optional: regression checks)
//   bun scripts/fit-calibration-split.ts /tmp/cal/*.jsonl [--model-out M.json] [--unseen U.jsonl …]
// --unseen: rows of a set no weight or map was fitted on (e.g. `--set real_new --library union --out`), judged whole through
// the primary salt's Platt map beside the identity (calibration-map.md, second round); its file name names the set.
// A file's set is its name (real_dev.jsonl, real_more.jsonl, real_extra.jsonl; any other is one of our own sets).
// Prints aggregates only: per salt the fitted map and the held half through the identity, the Platt map and the
// isotonic map, and the share right among held answers scored at 80, 85, 90, 95 or more; then our own sets through the
// primary salt's two maps. --model-out writes the shipped evidence model
// with the primary salt's Platt map as its "calibration" (for eval-answers --model).
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { throughKnots } from '../modules/knowledge/scoring/calibration';
import { fit, plattFit, plattKnots, type Knots } from './eval/calibration-fit';
import { CALIBRATION_SPLIT_SALTS, calibrationSplitHalf, inPooledUnions } from './eval/calibration-split';
import { formatFigures, mapCarries, mapFigures, type AnswerRow } from './eval/split-metrics';

const REAL_SETS = ['real_dev', 'real_more', 'real_extra'];

function readRows(file: string): AnswerRow[] {
  const set = basename(file).replace(/\.jsonl$/, '');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .map((r) => ({ id: r.id, set, library: r.library, kind: r.kind, right: r.right, fallback: r.fallback, evidence: r.evidence ?? r.confidence }));
}

const { values: args, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { 'model-out': { type: 'string' }, unseen: { type: 'string', multiple: true } },
});
if (!files.length) {
  console.error('usage: bun scripts/fit-calibration-split.ts <eval-answers --out file>… [--model-out M.json] [--unseen U.jsonl …]');
  process.exit(2);
}
const all = files.flatMap(readRows);
const pooled = all.filter((r) => REAL_SETS.includes(r.set) && inPooledUnions(r.set, r.library));
const own = all.filter((r) => !REAL_SETS.includes(r.set));
const identity = (e: number) => e;
const through = (k: Knots) => (e: number) => throughKnots(k, e);
const maps = (fitRows: AnswerRow[]) => {
  const shown = fitRows
    .filter((r) => !r.fallback)
    .map((r) => ({ set: r.set, library: r.library, evidence: r.evidence, right: r.kind === 'answer' && r.right }));
  const platt = plattFit(shown);
  return { platt, plattKnots: plattKnots(platt, 'fitted'), isotonic: fit(shown) };
};

console.log(
  `pooled unions: ${pooled.length} questions (${pooled.filter((r) => !r.fallback).length} shown); own sets: ${[...new Set(own.map((r) => r.set))].join(', ') || 'none'}`,
);
const verdicts: Array<{ salt: string; carries: boolean; ece: Record<string, number | null> }> = [];
let primary: ReturnType<typeof maps> | undefined;
// A rising map's high band is the answers scored at some t or more: the share right there, for t from 80 up, is the
// best ≥ 80 precision any map of this score can give (aggregates: count and right at each t)
const topPrecision = (rows: AnswerRow[]) =>
  [80, 85, 90, 95]
    .map((t) => {
      const top = rows.filter((r) => !r.fallback && r.evidence >= t);
      return `≥${t}: ${top.filter((r) => r.kind === 'answer' && r.right).length}/${top.length}`;
    })
    .join('  ');
for (const salt of CALIBRATION_SPLIT_SALTS) {
  const half = (h: 'fit' | 'held') => pooled.filter((r) => calibrationSplitHalf(r.id, salt) === h);
  const [fitRows, heldRows] = [half('fit'), half('held')];
  const m = maps(fitRows);
  primary ??= m;
  const figures = {
    identity: mapFigures(heldRows, identity),
    platt: mapFigures(heldRows, through(m.plattKnots)),
    isotonic: mapFigures(heldRows, through(m.isotonic)),
  };
  const carries = mapCarries(figures.identity, figures.platt);
  verdicts.push({ salt, carries, ece: Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, f.ece])) });
  console.log(`\n${salt}: fit ${fitRows.length} questions (${fitRows.filter((r) => !r.fallback).length} shown), held ${heldRows.length}`);
  console.log(`  fit half through the identity  ${formatFigures(mapFigures(fitRows, identity))}`);
  console.log(`  platt a ${m.platt.a.toFixed(3)} b ${m.platt.b.toFixed(3)}; knots ${JSON.stringify(m.plattKnots)}`);
  console.log(`  isotonic knots ${JSON.stringify(m.isotonic)}`);
  for (const [name, f] of Object.entries(figures)) console.log(`  held ${name.padEnd(9)} ${formatFigures(f)}`);
  console.log(`  held right/shown by evidence score: ${topPrecision(heldRows)}`);
  console.log(`  platt carries (registered rule): ${carries ? 'yes' : 'no'}`);
}
console.log(`\nplatt carries on ${verdicts.filter((v) => v.carries).length} of ${verdicts.length} salts`);
for (const name of ['identity', 'platt', 'isotonic']) {
  const eces = verdicts.map((v) => v.ece[name] ?? Number.NaN);
  const mean = eces.reduce((a, e) => a + e, 0) / eces.length;
  console.log(`held ECE ${name.padEnd(9)} per salt ${eces.map((e) => e.toFixed(3)).join(' ')}  mean ${mean.toFixed(3)}`);
}
if (own.length && primary) {
  console.log(`\nour own sets through the primary salt's maps:`);
  for (const key of [...new Set(own.map((r) => `${r.set} ${r.library}`))]) {
    const rows = own.filter((r) => `${r.set} ${r.library}` === key);
    console.log(`  ${key.padEnd(12)} identity ${formatFigures(mapFigures(rows, identity))}`);
    console.log(`  ${''.padEnd(12)} platt    ${formatFigures(mapFigures(rows, through(primary.plattKnots)))}`);
    console.log(`  ${''.padEnd(12)} isotonic ${formatFigures(mapFigures(rows, through(primary.isotonic)))}`);
  }
}
// --unseen: rows of sets no confidence weight or map was fitted on (calibration-map.md, second round), each judged whole
// through the primary salt's Platt map beside the identity, then pooled
if (args.unseen?.length && primary) {
  const unseen = args.unseen.flatMap(readRows);
  const platt = through(primary.plattKnots);
  const groups = Map.groupBy(unseen, (r) => r.set);
  console.log(`\nsets never fitted on, through the primary salt's Platt map:`);
  for (const [label, rows] of [...groups, ['pooled', unseen] as const]) {
    console.log(`  ${label.padEnd(14)} identity ${formatFigures(mapFigures(rows, identity))}`);
    console.log(`  ${''.padEnd(14)} platt    ${formatFigures(mapFigures(rows, platt))}`);
  }
  const lower = [...groups.values()].filter((rows) => (mapFigures(rows, platt).ece ?? Infinity) < (mapFigures(rows, identity).ece ?? -Infinity)).length;
  console.log(`  ECE lower on ${lower} of ${groups.size} sets`);
}
if (args['model-out'] && primary) {
  const model = JSON.parse(readFileSync(join(import.meta.dir, '..', 'modules', 'knowledge', 'scoring', 'confidence-model.json'), 'utf8'));
  writeFileSync(args['model-out'], `${JSON.stringify({ bias: model.bias, weights: model.weights, calibration: primary.plattKnots }, null, 2)}\n`);
  console.log(`\nwrote ${args['model-out']}`);
}
