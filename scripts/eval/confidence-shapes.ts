// Where the confidence goes wrong on real_dev (issue 37 item 3), per question and without its words: the answerable
// questions that fall back and the near-miss or off-topic questions that are answered, each with the rank of the
// first retrieved passage at a gold place, the rank of the quoted passage, the confidence of the quoted passage and
// of the gold passage (when among the first five), and the feature that pushed it most: each feature's weight times
// its distance from the mean of the answers shown and right (negative pushes toward the fallback).
//   bun scripts/eval/confidence-shapes.ts [--library union] [--model M.json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { confidenceModel, setConfidenceModel, type ConfidenceModel } from '../../modules/knowledge/scoring/confidence';
import { EVIDENCE_FEATURES, type Evidence } from '../../modules/knowledge/scoring/evidence';
import { shutdownOcr } from '../../modules/extraction';
import { collectRows, type Row } from './confidence-rows';
import { rowConfidence } from './logistic';
import { realDevRuns } from './real-dev';

const { values: args } = parseArgs({ options: { library: { type: 'string', default: 'union' }, model: { type: 'string' } } });
if (args.model) setConfidenceModel(JSON.parse(readFileSync(args.model, 'utf8')));
const model: ConfidenceModel = confidenceModel();
const ROOT = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const FALLBACK = 30;

const conf = (f: Evidence | null) => (f ? rowConfidence(model, { f } as Row) : 0);

/** The feature whose weighted distance from the mean right answer is largest in the given direction. */
function pushedBy(f: Evidence, mean: Evidence, sign: -1 | 1): string {
  let best = { name: '-', by: 0 };
  for (const name of EVIDENCE_FEATURES) {
    const by = (model.weights[name] ?? 0) * (f[name] - mean[name]);
    if (sign * by > sign * best.by) best = { name, by };
  }
  return best.by === 0 ? '-' : `${best.name} ${best.by > 0 ? '+' : ''}${best.by.toFixed(2)}`;
}

const fmt = (f: Evidence) => EVIDENCE_FEATURES.map((n) => `${n.slice(0, 5)} ${f[n].toFixed(2)}`).join(' ');

for (const run of realDevRuns(ROOT, args.library!.split(','))) {
  const meta = new Map(run.queries.map((q) => [q.id, q]));
  const rows = await collectRows(run.name, run, false);
  const right = rows.filter((r) => r.right && r.f && conf(r.f) >= FALLBACK);
  const mean = Object.fromEntries(EVIDENCE_FEATURES.map((n) => [n, right.reduce((s, r) => s + r.f![n], 0) / Math.max(1, right.length)])) as unknown as Evidence;
  console.log(`\n${run.name}: mean evidence of the ${right.length} answers shown and right: ${fmt(mean)}`);
  console.log('id            half  type                 para  src   gold  quoted  conf  gold-conf  pushed by            evidence of the quoted');
  const line = (r: Row, sign: -1 | 1) => {
    const q = meta.get(r.id)!;
    const gold = r.candidates.find((c) => c.refRight);
    console.log(
      [
        r.id.padEnd(13),
        r.half.padEnd(5),
        (q.question_type ?? r.kind).padEnd(20),
        (q.paraphrase ?? '-').padEnd(5),
        (q.source_type ?? '-').padEnd(5),
        String(r.goldRank < 0 ? '-' : r.goldRank + 1).padStart(4),
        String(r.quoted < 0 ? '-' : r.quoted + 1).padStart(7),
        conf(r.f).toFixed(0).padStart(5),
        (gold ? conf(gold.f).toFixed(0) : '-').padStart(10),
        ' ',
        (r.f ? pushedBy(r.f, mean, sign) : 'nothing quoted').padEnd(20),
        r.f ? fmt(r.f) : '',
      ].join(' '),
    );
  };
  const fallbacks = rows.filter((r) => r.kind === 'answer' && conf(r.f) < FALLBACK);
  console.log(`answerable, fallback: ${fallbacks.length} of ${rows.filter((r) => r.kind === 'answer').length}`);
  for (const r of fallbacks) line(r, -1);
  const shown = rows.filter((r) => r.kind !== 'answer' && conf(r.f) >= FALLBACK);
  console.log(`near-miss or off-topic, answered: ${shown.length} of ${rows.filter((r) => r.kind !== 'answer').length}`);
  for (const r of shown) line(r, 1);
  const wrongShown = rows.filter((r) => r.kind === 'answer' && !r.right && conf(r.f) >= FALLBACK);
  console.log(`answerable, shown and wrong: ${wrongShown.length}`);
  for (const r of wrongShown) line(r, 1);
}
await shutdownOcr();
process.exit(0);
