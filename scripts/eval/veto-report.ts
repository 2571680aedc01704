// What the off-question rules fire on (issue 37 item 3; they are features with fitted weights, no longer hard
// rules). For every real_dev question: the chat's search, the answer, and the rules (knowledge/scoring/evidence.ts
// OFF_QUESTION_RULES) that fire on the first passage. Prints the answerable questions that fall back although
// the first passage is a right reference, with the rules firing on it, and per rule how often it fires on a right
// first passage against on a near-miss or off-topic question's (what it costs against what it saves).
//   bun scripts/eval/veto-report.ts [--library crru,sut,ssru,union] [--half fit|held] (fit: the questions a rule may be
// read on; the held half is judged only in aggregate)
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answer } from '../../modules/assistant/service';
import { readQuestion, search } from '../../modules/knowledge';
import { retrievalConfidence } from '../../modules/knowledge/scoring/confidence';
import { evidenceFor, OFF_QUESTION_RULES } from '../../modules/knowledge/scoring/evidence';
import { shutdownOcr } from '../../modules/extraction';
import { referenceRight } from './answer-scoring';
import { openLibrary } from './library-cache';
import { readableOutcome, realDevRuns } from './real-dev';

const { values: args } = parseArgs({ options: { library: { type: 'string', default: 'crru,sut,ssru,union' }, half: { type: 'string', default: 'fit' } } });
const ROOT = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const everyDocument = { has: () => true };

for (const run of realDevRuns(ROOT, args.library!.split(','), args.half === 'all' ? undefined : (args.half as 'fit' | 'held'))) {
  const lib = await run.prepare();
  const ctx = await openLibrary(lib);
  const fires = Object.fromEntries(OFF_QUESTION_RULES.map((v) => [v, { rightFirst: 0, rightFirstFallback: 0, notAnswerable: 0 }]));
  const lines: string[] = [];
  let rightFirst = 0;
  let rightFirstFallback = 0;
  try {
    for (const q of run.queries) {
      const hits = await search(ctx, readQuestion(q.text), { k: 10, live: () => everyDocument });
      const top = hits[0];
      if (!top) continue;
      const f = evidenceFor(readQuestion(q.text), hits, top);
      const vetoes = OFF_QUESTION_RULES.filter((v) => f[v] > 0);
      if (q.kind !== 'answer') {
        for (const v of vetoes) fires[v]!.notAnswerable++;
        continue;
      }
      const ref = { file: lib.files.get(top.documentId) ?? top.title, headingPath: top.headingPath, page: top.page, text: top.text };
      if (!referenceRight(q, ref)) continue;
      rightFirst++;
      for (const v of vetoes) fires[v]!.rightFirst++;
      const r = await answer(ctx, { message: q.text, showRegulation: true, inlineReferences: false });
      if (!r.fallback) continue;
      rightFirstFallback++;
      for (const v of vetoes) fires[v]!.rightFirstFallback++;
      const e = retrievalConfidence(readQuestion(q.text), hits, { passage: top });
      const s = Object.entries(e.signals)
        .map(([k, x]) => `${k} ${x.toFixed(2)}`)
        .join(', ');
      // held questions count in the totals only, whichever half was asked for (readableOutcome)
      if (!readableOutcome(q.id, { held: args.half === 'held', realDev: true })) continue;
      lines.push(`  ${q.id}  evidence ${e.confidence.toFixed(1)}  shown ${r.accuracy.toFixed(1)}  rules: ${vetoes.join(', ') || 'none'}  (${s})`);
    }
  } finally {
    await ctx.close();
  }
  console.log(`\nlibrary ${run.name}: right reference first for ${rightFirst} answerable questions, ${rightFirstFallback} of them fall back`);
  console.log(lines.join('\n'));
  console.log('  rule: fires on a right first passage (of which fall back) / on a near-miss or off-topic first passage');
  for (const [v, f] of Object.entries(fires)) console.log(`    ${v.padEnd(18)} ${f.rightFirst} (${f.rightFirstFallback}) / ${f.notAnswerable}`);
}
await shutdownOcr();
process.exit(0);
