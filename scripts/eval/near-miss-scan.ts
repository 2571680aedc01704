// Rows for the near-miss evidence check (modules/knowledge/scoring/near-miss-evidence.md): every question of the pooled
// unions (calibration-split.ts POOLED_UNIONS) and of our own sets (campus_dev A, dorm A, exam A), asked as the chat
// asks, with the shipped evidence and score and the registered candidates (near-miss-candidates.ts).
//   bun scripts/eval/near-miss-scan.ts --out /tmp/near/rows.jsonl
// The file holds ids, kinds, right/wrong and numbers only (no question text); it prints nothing per question.
// Judge it with scripts/eval/near-miss-judge.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readQuestion, search } from '../../modules/knowledge';
import { evidenceFor } from '../../modules/knowledge/scoring/evidence';
import { confidenceOf } from '../../modules/knowledge/scoring/confidence';
import { extractiveAnswer } from '../../modules/assistant/extractive';
import { shutdownOcr } from '../../modules/extraction';
import { nearMissCandidates } from './near-miss-candidates';
import { libraryCandidates } from './near-miss-library';
import { qualifierCandidates } from './near-miss-qualifier';
import { knowledgeIndex } from '../../modules/knowledge/service';
import { fold } from '../../modules/knowledge/index/tokens';
import { type EvalQuery, keywordsFound, namedReference, referenceRight } from './answer-scoring';
import { openLibrary, prepareLibrary } from './library-cache';
import { readQueries, realDevRuns, type EvalRun } from './real-dev';
import { REAL_MORE_ROOT, realMoreRuns } from './real-more';
import { REAL_EXTRA_ROOT, realExtraRuns } from './real-extra';
import type { NearMissRow } from './near-miss-judge';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
if (!args.out) throw new Error('usage: bun scripts/eval/near-miss-scan.ts --out FILE');
const SHARED = join(import.meta.dir, '..', '..', '..', 'shared');
const REAL_DEV = join(SHARED, 'eval', 'real_dev');
const everyDocument = { has: () => true };

async function scan(set: string, run: EvalRun): Promise<NearMissRow[]> {
  const lib = await run.prepare();
  const ctx = await openLibrary(lib);
  const out: NearMissRow[] = [];
  try {
    const index = await knowledgeIndex(ctx);
    const documents = (await Promise.all([...lib.files.keys()].map((id) => index.documentText(id)))).map(fold);
    for (const q of run.queries as EvalQuery[]) {
      const question = readQuestion(q.text);
      const hits = await search(ctx, question, { k: 8, live: () => everyDocument });
      const quote = extractiveAnswer(question, hits);
      const used = quote?.used[0];
      const base = { set, library: run.name, id: q.id, kind: q.kind };
      if (!used || !quote) {
        out.push({ ...base, quoted: false, right: false, shipped: 0, f: {}, c: {} });
        continue;
      }
      const f = evidenceFor(question, hits, used);
      const shipped = f.wordCover === 0 && f.gramCover === 0 ? 0 : confidenceOf(f);
      const ref = namedReference(lib.files, used);
      const right = q.kind === 'answer' && referenceRight(q, ref) && keywordsFound(quote.text, q.answer_keywords ?? [], q.answer_keyword_alternatives);
      out.push({
        ...base,
        quoted: true,
        right,
        shipped,
        f: { ...f },
        c: { ...nearMissCandidates(question, hits, used), ...libraryCandidates(question, used, documents), ...qualifierCandidates(question, used) },
      });
    }
  } finally {
    await ctx.close();
  }
  return out;
}

const rows: NearMissRow[] = [];
const [devUnion] = realDevRuns(REAL_DEV, ['union']);
rows.push(...(await scan('real_dev', devUnion!)));
const [moreUnion] = realMoreRuns(REAL_MORE_ROOT, REAL_DEV, ['union']);
rows.push(...(await scan('real_more', moreUnion!)));
for (const run of realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV, ['union_dev', 'union_more'])) rows.push(...(await scan('real_extra', run)));
const campus = JSON.parse(readFileSync(join(import.meta.dir, 'campus-libraries.json'), 'utf8'));
const campusA = (campus.libraries.A as string[]).map((f) => join(SHARED, 'fixtures', 'docs', f));
const own: EvalRun = { name: 'A', queries: readQueries(join(SHARED, 'eval', 'campus_dev', 'queries.jsonl')), prepare: () => prepareLibrary(campusA) };
rows.push(...(await scan('campus', own)));
for (const set of ['dorm', 'exam']) {
  const dir = join(import.meta.dir, 'data', set);
  const lib = JSON.parse(readFileSync(join(dir, 'libraries.json'), 'utf8'));
  const files = (lib.libraries.A as string[]).map((f) => join(dir, f));
  rows.push(...(await scan(set, { name: 'A', queries: readQueries(join(dir, 'queries.jsonl')), prepare: () => prepareLibrary(files) })));
}
await shutdownOcr();
writeFileSync(args.out, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
console.log(`wrote ${rows.length} rows to ${args.out}`);
