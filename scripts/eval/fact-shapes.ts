// Where the key fact of an answer is when the reference is right and the answer misses it (real_dev, real_more):
// in the cited passage but not quoted (the quote chose or cut other pieces), elsewhere on the cited page (the
// passage the page's other passages hold), on the next page, or nowhere in the document's indexed text (OCR,
// another wording: no quote can show it). Held questions are counted only, never named (scripts/eval/real-dev.ts).
//   bun scripts/eval/fact-shapes.ts [--set real_dev|real_more] [--library union] [--half fit|held]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answer } from '../../modules/assistant/service';
import { documentPassages } from '../../modules/knowledge/service';
import { keywordsFound, namedReference, scoreOne } from './answer-scoring';
import { openLibrary } from './library-cache';
import { readableOutcome, realDevRuns } from './real-dev';
import { REAL_MORE_ROOT, realMoreRuns } from './real-more';

const { values: args } = parseArgs({
  options: { set: { type: 'string', default: 'real_dev' }, library: { type: 'string', default: 'union' }, half: { type: 'string' } },
});
const REAL_DEV = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const half = args.half as 'fit' | 'held' | undefined;
const realMore = args.set === 'real_more';
const runs = realMore ? realMoreRuns(REAL_MORE_ROOT, REAL_DEV, args.library!.split(','), half) : realDevRuns(REAL_DEV, args.library!.split(','), half);
const held = realMore || half === 'held';
for (const run of runs) {
  const lib = await run.prepare();
  const ctx = await openLibrary(lib);
  const shapes = new Map<string, string[]>();
  for (const q of run.queries) {
    if (q.kind !== 'answer') continue;
    const r = await answer(ctx, { message: q.text, showRegulation: true, inlineReferences: false, log: false });
    const references = r.references.map((x) => namedReference(lib.files, x));
    const o = scoreOne(q, { text: r.text, confidence: r.accuracy, fallback: r.fallback, references });
    if (!o.refRight || o.keywordsRight) continue;
    const has = (text: string) => keywordsFound(text, q.answer_keywords ?? [], q.answer_keyword_alternatives);
    const top = r.references[0]!;
    const passages = await documentPassages(ctx, top.documentId);
    const on = (page: number) =>
      passages
        .filter((p) => p.page === page)
        .map((p) => p.text)
        .join('\n');
    const shape = has(top.text)
      ? 'in the cited passage, not quoted'
      : has(on(top.page))
        ? 'elsewhere on the cited page'
        : has(on(top.page) + on(top.page + 1))
          ? 'over the page break or on the next page'
          : has(passages.map((p) => p.text).join('\n'))
            ? 'elsewhere in the document'
            : 'not in the indexed text (OCR, wording)';
    shapes.set(shape, [...(shapes.get(shape) ?? []), q.id]);
  }
  console.log(`${args.set} ${run.name}${half ? ` (${half})` : ''}: reference right, key fact missing`);
  for (const [shape, ids] of shapes) {
    const named = ids.filter((id) => readableOutcome(id, { held, realDev: true }));
    console.log(`  ${shape}: ${ids.length}${named.length ? ` (${named.join(', ')})` : ''}`);
  }
  await ctx.close();
}
process.exit(0);
