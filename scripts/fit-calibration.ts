// Fits the shown-confidence calibration (modules/knowledge/calibration.ts) from eval-answers output, and
// checks it on data not fitted. Each file is one answer set (any number of libraries in it):
//   bun scripts/eval-answers.ts --library A,B --out /tmp/cal/campus.jsonl
//   bun scripts/eval-answers.ts --library A,B --queries scripts/eval/data/dorm/queries.jsonl --docs scripts/eval/data/dorm --out /tmp/cal/dorm.jsonl
//   …
//   bun scripts/fit-calibration.ts /tmp/cal/*.jsonl
// Each row's evidence score is the one behind its shown confidence (rows written before the calibration
// showed the evidence score itself). Prints: the knots fitted on every file; then, per set and library,
// the expected calibration error of the evidence score, of the shipped map, and of a map fitted on the
// other sets only (leave one set out: the figure that says whether the map generalises).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CALIBRATION_KNOTS, calibrated, throughKnots } from '../modules/knowledge/calibration';
import { reliability } from './eval/answer-scoring';

interface Shown {
  set: string;
  library: string;
  evidence: number;
  right: boolean;
}
type Knots = Array<[number, number]>;

/** Score bands the isotonic fit starts from: the spec's band edges (30, 80) are band edges here too. */
const EDGES = [30, 50, 70, 80, 90, 100.01];
const LOW = 30;
const HIGH = 80;

function readShown(file: string): Shown[] {
  const set = basename(file).replace(/\.jsonl$/, '');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .filter((r) => !r.fallback)
    .map((r) => ({ set, library: r.library, evidence: r.evidence ?? r.confidence, right: r.kind === 'answer' && r.right }));
}

/** Isotonic fit: each band's (mean score, fraction right), adjacent violators pooled. */
function fit(rows: Shown[]): Knots {
  const blocks: Array<{ x: number; y: number; n: number }> = [];
  for (let i = 0; i + 1 < EDGES.length; i++) {
    const inBand = rows.filter((r) => r.evidence >= EDGES[i] && r.evidence < EDGES[i + 1]);
    if (!inBand.length) continue;
    const n = inBand.length;
    blocks.push({ x: inBand.reduce((s, r) => s + r.evidence, 0) / n, y: (100 * inBand.filter((r) => r.right).length) / n, n });
    while (blocks.length > 1 && blocks[blocks.length - 2].y > blocks[blocks.length - 1].y) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const n2 = a.n + b.n;
      blocks.push({ x: (a.x * a.n + b.x * b.n) / n2, y: (a.y * a.n + b.y * b.n) / n2, n: n2 });
    }
  }
  return toKnots(blocks.map((b) => [b.x, b.y] as [number, number]));
}

/**
 * The fitted points as knots that keep the decisions: flat from 30 to the first point, a score under 80
 * shown under 80 and one at 80 or more shown at 80 or more, at most 99 (no answer is certain), rising.
 */
function toKnots(points: Knots): Knots {
  const at = (x: number) => throughKnots(points, Math.max(x, points[0][0])); // flat before the first point
  const clamp = (x: number, y: number) => Math.round(Math.min(x < HIGH ? HIGH - 1 : 99, Math.max(x < HIGH ? LOW : HIGH, y)));
  const xs = [
    LOW,
    ...points.map((p) => p[0]).filter((x) => x > LOW && x < HIGH - 0.01),
    HIGH - 0.01,
    HIGH,
    ...points.map((p) => p[0]).filter((x) => x > HIGH),
    100,
  ];
  const knots: Knots = xs.map((x) => [Math.round(x * 100) / 100, clamp(x, at(x))]);
  // strictly rising (a point lower where the fit is flat), so that of two answers the likelier one is
  // never shown as the less likely, and no answers tie (ties would cost AUROC for nothing)
  for (let i = knots.length - 2; i >= 0; i--) knots[i][1] = Math.min(knots[i][1], knots[i + 1][1] - 1);
  return knots;
}

const ece = (rows: Shown[], shown: (evidence: number) => number) =>
  (reliability(rows.map((r) => ({ confidence: shown(r.evidence), right: r.right }))).ece ?? 0).toFixed(3);

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: bun scripts/fit-calibration.ts <eval-answers --out file>…');
  process.exit(2);
}
const rows = files.flatMap(readShown);
const sets = [...new Set(rows.map((r) => r.set))];
console.log(`${rows.length} shown answers in ${sets.length} sets`);
console.log('fitted on all:', JSON.stringify(fit(rows)));
console.log('shipped:      ', JSON.stringify(CALIBRATION_KNOTS));
console.log('\nexpected calibration error: evidence score / shipped map / map fitted without the set');
for (const set of sets) {
  const held = fit(rows.filter((r) => r.set !== set));
  for (const library of [...new Set(rows.filter((r) => r.set === set).map((r) => r.library))]) {
    const own = rows.filter((r) => r.set === set && r.library === library);
    console.log(
      `${set.padEnd(10)} ${library.padEnd(5)} n ${String(own.length).padStart(3)}  ${ece(own, (e) => e)} / ${ece(own, calibrated)} / ${ece(own, (e) => throughKnots(held, e))}`,
    );
  }
}
console.log(`pooled           n ${rows.length}  ${ece(rows, (e) => e)} / ${ece(rows, calibrated)}`);
