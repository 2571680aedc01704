// Candidate confidence features read beside the shipped evidence (issue 37 item 3): for every question of real_dev's
// FIT half (each university's own library) and our own sets, the chat's search and the embedded answerer's quote, as
// confidence-rows.ts collects them, and for each candidate its AUROC (right against wrong) among the shown answers
// (shipped confidence ≥ 30) and among all answerable ones, per source. The held half is printed as aggregates only.
//   bun scripts/eval/feature-scan.ts [--half fit|held|more|extra] [--dump FILE]   (--dump: the fit half's rows, for
//   reading; more: real_more's libraries, extra: real_extra's six, each held out as a whole, aggregates only)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readQuestion, search } from '../../modules/knowledge';
import { evidenceFor } from '../../modules/knowledge/scoring/evidence';
import { confidenceOf } from '../../modules/knowledge/scoring/confidence';
import { extractiveAnswer } from '../../modules/assistant/extractive';
import { shutdownOcr } from '../../modules/extraction';
import { candidateFeatures } from './feature-candidates';
import { type EvalQuery, keywordsFound, namedReference, referenceRight } from './answer-scoring';
import { auroc } from './confidence-measures';
import { openLibrary, prepareLibrary } from './library-cache';
import { readQueries, realDevRuns, type EvalRun } from './real-dev';
import { REAL_MORE_ROOT, REAL_MORE_UNIVERSITIES, realMoreRuns } from './real-more';
import { REAL_EXTRA_LIBRARIES, REAL_EXTRA_ROOT, realExtraRuns } from './real-extra';

const { values: args } = parseArgs({ options: { half: { type: 'string', default: 'fit' }, dump: { type: 'string' } } });
const SHARED = join(import.meta.dir, '..', '..', '..', 'shared');
const everyDocument = { has: () => true };

interface ScanRow {
  source: string;
  id: string;
  answerable: boolean;
  right: boolean;
  text?: string;
  quote?: string;
  keys?: string[];
  refRight?: boolean;
  shipped: number;
  x: Record<string, number>;
}

async function scan(source: string, run: EvalRun): Promise<ScanRow[]> {
  const lib = await run.prepare();
  const ctx = await openLibrary(lib);
  const out: ScanRow[] = [];
  try {
    for (const q of run.queries as EvalQuery[]) {
      const question = readQuestion(q.text);
      const hits = await search(ctx, question, { k: 8, live: () => everyDocument });
      const quote = extractiveAnswer(question, hits);
      const used = quote?.used[0];
      if (!used || !quote) continue;
      const f = evidenceFor(question, hits, used);
      const shipped = f.wordCover === 0 && f.gramCover === 0 ? 0 : confidenceOf(f);
      const ref = namedReference(lib.files, used);
      const answerable = q.kind === 'answer';
      const right = answerable && referenceRight(q, ref) && keywordsFound(quote.text, q.answer_keywords ?? [], q.answer_keyword_alternatives);
      out.push({
        source,
        id: q.id,
        text: q.text,
        quote: quote.text.slice(0, 400),
        keys: q.answer_keywords,
        refRight: referenceRight(q, ref),
        answerable,
        right,
        shipped,
        x: { ...f, shipped: shipped / 100, ...candidateFeatures(question, hits, used, quote.text) },
      });
    }
  } finally {
    await ctx.close();
  }
  return out;
}

const rows: ScanRow[] = [];
const half = args.half as 'fit' | 'held' | 'more' | 'extra';
const REAL_DEV = join(SHARED, 'eval', 'real_dev');
const runs =
  half === 'more'
    ? realMoreRuns(REAL_MORE_ROOT, REAL_DEV, [...REAL_MORE_UNIVERSITIES])
    : half === 'extra'
      ? realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV, [...REAL_EXTRA_LIBRARIES])
      : realDevRuns(REAL_DEV, ['crru', 'sut', 'ssru'], half);
for (const run of runs) rows.push(...(await scan(run.name, run)));
if (half === 'fit') {
  const campus = JSON.parse(readFileSync(join(import.meta.dir, 'campus-libraries.json'), 'utf8'));
  const campusA = (campus.libraries.A as string[]).map((f) => join(SHARED, 'fixtures', 'docs', f));
  rows.push(
    ...(await scan('campus', {
      name: 'campus',
      queries: readQueries(join(SHARED, 'eval', 'campus_dev', 'queries.jsonl')),
      prepare: () => prepareLibrary(campusA),
    })),
  );
  for (const set of ['dorm', 'exam']) {
    const dir = join(import.meta.dir, 'data', set);
    const lib = JSON.parse(readFileSync(join(dir, 'libraries.json'), 'utf8'));
    const files = (lib.libraries.A as string[]).map((f) => join(dir, f));
    rows.push(...(await scan(set, { name: set, queries: readQueries(join(dir, 'queries.jsonl')), prepare: () => prepareLibrary(files) })));
  }
}
await shutdownOcr();

const names = Object.keys(rows[0]?.x ?? {});
const fmt = (v: number | null) => (v === null ? '  -  ' : v.toFixed(2));
const REAL: string[] = half === 'more' ? [...REAL_MORE_UNIVERSITIES] : half === 'extra' ? [...REAL_EXTRA_LIBRARIES] : ['crru', 'sut', 'ssru'];
const groups: Array<[string, ScanRow[]]> = [
  ['real', rows.filter((r) => REAL.includes(r.source))],
  ...REAL.map((s): [string, ScanRow[]] => [s, rows.filter((r) => r.source === s)]),
  ['own', rows.filter((r) => !REAL.includes(r.source))],
];
console.log(`AUROC right vs wrong among shown answerable (shipped ≥ 30) | among all quoted (near-misses wrong) — ${half} half`);
console.log(['feature'.padEnd(14), ...groups.map(([g, rs]) => `${g}(${rs.filter((r) => r.shipped >= 30 && r.answerable).length})`.padEnd(12))].join(' '));
for (const n of names) {
  const cells = groups.map(([, rs]) => {
    const shown = rs.filter((r) => r.shipped >= 30 && r.answerable);
    const a = auroc(
      shown.filter((r) => r.right).map((r) => r.x[n]!),
      shown.filter((r) => !r.right).map((r) => r.x[n]!),
    );
    const b = auroc(
      rs.filter((r) => r.right).map((r) => r.x[n]!),
      rs.filter((r) => !r.right).map((r) => r.x[n]!),
    );
    return `${fmt(a)}|${fmt(b)}`.padEnd(12);
  });
  console.log([n.padEnd(14), ...cells].join(' '));
}
if (args.dump && half === 'fit') writeFileSync(args.dump, rows.map((r) => JSON.stringify(r)).join('\n'));
