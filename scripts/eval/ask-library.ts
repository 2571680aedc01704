// One free question asked of one real set's library, as the chat answers it (no model): the answer, its confidence
// and references, and with --signals N the evidence of the first N passages retrieved. For reading how the product
// treats a wording while working on a rule: the question is typed here, so no set's question (fit or held) is read.
//   bun scripts/eval/ask-library.ts SET:LIBRARY "question" [--signals N]     (SET:LIBRARY e.g. real_dev:union, real_scan:rbru)
// The library is the cached one eval-answers.ts builds (EVAL_CACHE_DIR, EVAL_DOCS), built first if missing.
import { parseArgs } from 'node:util';
import { answer } from '../../modules/assistant/service';
import { readQuestion, retrievalConfidence, searchWithPages } from '../../modules/knowledge';
import { openLibrary } from './library-cache';
import type { EvalRun } from './real-dev';
import { realLibraries, realSetRuns } from './real-set-runs';

export { realLibraries };

/** The run (its library's preparation) that SET:LIBRARY names; a name no set has is an error that lists what there is. */
export function libraryRun(spec: string): EvalRun {
  const [set = '', library = ''] = spec.split(':');
  const libraries = realLibraries();
  if (!libraries[set]) throw new Error(`no set "${set}" (have ${Object.keys(libraries).join(', ')})`);
  if (!libraries[set].includes(library)) throw new Error(`no library "${library}" in ${set} (have ${libraries[set].join(', ')})`);
  return realSetRuns(set, [library])![0]!;
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ options: { signals: { type: 'string', default: '0' } }, allowPositionals: true });
  const [spec, question] = positionals;
  if (!spec || !question) {
    console.error('usage: bun scripts/eval/ask-library.ts SET:LIBRARY "question" [--signals N]');
    process.exit(2);
  }
  const lib = await libraryRun(spec).prepare();
  const ctx = await openLibrary(lib);
  try {
    const r = await answer(ctx, { message: question, showRegulation: true, inlineReferences: false, log: false });
    console.log(`shown ${r.accuracy.toFixed(1)} %  evidence ${r.evidence?.toFixed(1) ?? '-'}  ${r.fallback ? 'fallback' : 'answered'}\n${r.text}`);
    for (const ref of r.references) console.log(`reference: ${lib.files.get(ref.documentId) ?? ref.title} ${ref.headingPath.join(' › ')} p${ref.page}`);
    const n = Number(values.signals);
    if (n > 0) {
      const read = readQuestion(question);
      const { hits } = await searchWithPages(ctx, read, { k: 30, live: () => ({ has: () => true }) });
      for (const hit of hits.slice(0, n)) {
        const e = retrievalConfidence(read, hits, { passage: hit });
        console.log(`${e.confidence.toFixed(1).padStart(5)}  ${lib.files.get(hit.documentId)} p${hit.page}  ${JSON.stringify(e.signals)}`);
        console.log(`       ${hit.text.slice(0, 160).replace(/\n/g, ' ⏎ ')}`);
      }
    }
  } finally {
    await ctx.close();
  }
}
