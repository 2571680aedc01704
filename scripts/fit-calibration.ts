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
import { fit, type Shown } from './eval/calibration-fit';
import { reliability } from './eval/answer-scoring';

function readShown(file: string): Shown[] {
  const set = basename(file).replace(/\.jsonl$/, '');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .filter((r) => !r.fallback)
    .map((r) => ({ set, library: r.library, evidence: r.evidence ?? r.confidence, right: r.kind === 'answer' && r.right }));
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
