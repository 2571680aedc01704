// Confidence models side by side, end to end (issue 37 items 3 and 5): for each model file (or "shipped"), the
// answer eval on real_dev (union: all, fit half, held half; each university's held half), campus_dev A, our dorm
// and exam sets (library A), and the confidence figures of the law retrieval sets (act, civil, penal with their
// out-of-scope questions). One line per model and set: right, answerable / near-miss / off-topic fallback, ECE
// and AUROC (all questions), answers at >= 80 and their precision.
//   bun scripts/eval/confidence-compare.ts shipped /tmp/conf/noRate.json ablate:synonyms …
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome } from './answer-scoring';
import { summarise } from './answer-summary';
import { realDevHalf } from './real-dev';
import { REAL_MORE_UNIVERSITIES } from './real-more';

const ROOT = join(import.meta.dir, '..', '..');
const DATA = join(import.meta.dir, 'data');
const TMP = '/tmp/askreg-confidence-compare';

async function run(argv: string[]): Promise<string> {
  const p = Bun.spawn(['bun', ...argv], { cwd: ROOT, stdout: 'pipe', stderr: 'ignore' });
  const out = await new Response(p.stdout).text();
  await p.exited;
  return out;
}
const lastJson = (out: string) => JSON.parse(out.trim().split('\n').at(-1)!);

const pct = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '   -' : `${(100 * v).toFixed(0).padStart(3)}%`);
const num = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '    -' : v.toFixed(3));

interface Line {
  right: number | null;
  ans: number | null;
  near: number | null;
  off: number | null;
  ece: number | null;
  auroc: number | null;
  high: number;
  highPrecision: number | null;
}

function line(s: ReturnType<typeof summarise>): Line {
  return {
    right: s.answer.right,
    ans: s.answer.fallback,
    near: s.nearMiss.fallback,
    off: s.offTopic.fallback,
    ece: s.ece,
    auroc: s.aurocAll,
    high: s.highShown,
    highPrecision: s.highPrecision,
  };
}
const fmt = (tag: string, l: Line) =>
  `${tag.padEnd(40)} right ${pct(l.right)}  fallback ans ${pct(l.ans)} near ${pct(l.near)} off ${pct(l.off)}  ECE ${num(l.ece)}  AUROC ${num(l.auroc)}  >=80: ${l.high} at ${pct(l.highPrecision)}`;

async function answerSet(model: string[], extra: string[]): Promise<Line> {
  const j = lastJson(await run(['scripts/eval-answers.ts', '--json-only', '--library', 'A', ...extra, ...model]));
  return lineOf(j.libraries.A);
}

/** A library's figures from eval-answers' JSON line. */
function lineOf(a: {
  answer: { right: number; fallback: number };
  nearMiss: { fallback: number };
  offTopic: { fallback: number };
  ece: number;
  aurocAll: number;
  highShown: number;
  highPrecision: number;
}): Line {
  return {
    right: a.answer.right,
    ans: a.answer.fallback,
    near: a.nearMiss.fallback,
    off: a.offTopic.fallback,
    ece: a.ece,
    auroc: a.aurocAll,
    high: a.highShown,
    highPrecision: a.highPrecision,
  };
}

for (const name of process.argv.slice(2)) {
  // ablate:<group>[,<group>]: the shipped model with those evidence rule groups left out (evidence.ts EVIDENCE_RULE_GROUPS)
  const model = name === 'shipped' ? [] : name.startsWith('ablate:') ? ['--ablate', name.slice('ablate:'.length)] : ['--model', name];
  const out = `${TMP}-${name.replace(/\W+/g, '_')}.jsonl`;
  await run(['scripts/eval-answers.ts', '--set', 'real_dev', '--json-only', '--out', out, ...model]);
  const rows = readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Outcome & { library: string });
  const of = (lib: string, half?: 'fit' | 'held') => rows.filter((r) => r.library === lib && (!half || realDevHalf(r.id) === half));
  console.log(`\n== ${name}`);
  console.log(fmt('real_dev union', line(summarise(of('union')))));
  console.log(fmt('real_dev union fit', line(summarise(of('union', 'fit')))));
  console.log(fmt('real_dev union held', line(summarise(of('union', 'held')))));
  for (const u of ['crru', 'sut', 'ssru']) console.log(fmt(`real_dev ${u} held`, line(summarise(of(u, 'held')))));
  // real_more: held out as a whole (written after every rule group), its libraries and their union
  const moreLibs = [...REAL_MORE_UNIVERSITIES, 'union'];
  const more = lastJson(await run(['scripts/eval-answers.ts', '--set', 'real_more', '--json-only', '--library', moreLibs.join(','), ...model]));
  for (const lib of moreLibs) if (more.libraries[lib]) console.log(fmt(`real_more ${lib}`, lineOf(more.libraries[lib])));
  console.log(fmt('campus_dev A', await answerSet(model, [])));
  for (const set of ['dorm', 'exam'])
    console.log(fmt(`${set} A`, await answerSet(model, ['--queries', join(DATA, set, 'queries.jsonl'), '--docs', join(DATA, set)])));
  for (const set of ['act', 'civil', 'penal']) {
    const d = join(DATA, set);
    const j = lastJson(
      await run([
        'scripts/eval-retrieval.ts',
        '--corpus',
        join(d, 'corpus.jsonl'),
        '--queries',
        join(d, 'queries.jsonl'),
        '--oos',
        join(d, 'oos.jsonl'),
        ...model,
      ]),
    );
    console.log(
      `${`${set} (retrieval)`.padEnd(40)} AUROC ${num(j.auroc)}  answer fallback@30 ${pct(j.answer_fallback_at30)}  out-of-scope fallback@30 ${pct(j.refuse_fallback_at30)}`,
    );
  }
}
process.exit(0);
