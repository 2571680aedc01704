// A real library's passages as the index holds them: each document with its display title and its own name
// (document-name.ts), each passage with its page, heading path and length, and where a page starts. Reading the
// documents this way (never the questions) found the structure the chunker missed: an annex cited as the clause
// before it, an amendment scanned behind the announcement it amends, a memo without a name (scripts/eval/data/README.md,
// 'Document structure read from real scans'). A held set's documents may be read; its questions may not.
//   bun scripts/eval/library-passages.ts SET LIBRARY [FILE-FILTER]
//   (SET: real_dev, real_more, real_extra, or a fetched set: real_new, real_scan, real_reg, real_tu, real_fresh_a…)
import { knowledgeIndex } from '../../modules/knowledge';
import { FETCHED_HELD_SETS } from './fetched-held-sets';
import { openLibrary } from './library-cache';
import { realDevRuns, type EvalRun } from './real-dev';
import { REAL_EXTRA_ROOT, realExtraRuns } from './real-extra';
import { REAL_MORE_ROOT, realMoreRuns } from './real-more';
import { REAL_DEV_ROOT } from './real-sets';

/** The eval's run of one set's library (its questions are not read here). */
function runOf(set: string, library: string): EvalRun | undefined {
  if (set === 'real_dev') return realDevRuns(REAL_DEV_ROOT, [library])[0];
  if (set === 'real_more') return realMoreRuns(REAL_MORE_ROOT, REAL_DEV_ROOT, [library])[0];
  if (set === 'real_extra') return realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, [library])[0];
  const held = Object.hasOwn(FETCHED_HELD_SETS, set) ? FETCHED_HELD_SETS[set] : undefined;
  return held?.makeRuns(held.root, REAL_DEV_ROOT, [library])[0];
}

const [set, library, only] = process.argv.slice(2);
const run = set && library ? runOf(set, library) : undefined;
if (!run) {
  console.error('usage: bun scripts/eval/library-passages.ts SET LIBRARY [FILE-FILTER]');
  process.exit(2);
}
const lib = await run.prepare();
const ctx = await openLibrary(lib);
try {
  const index = await knowledgeIndex(ctx);
  for (const [id, file] of lib.files) {
    if (only && !file.includes(only)) continue;
    const passages = await index.documentPassages(id);
    const name = passages.find((p) => p.documentName)?.documentName ?? '-';
    console.log(`\n##### ${file} (${passages.length} passages) title=${passages[0]?.title ?? '-'} name=${name}`);
    let page = 0;
    for (const p of passages) {
      if (p.page !== page) console.log('   [page break]');
      page = p.page;
      console.log(`-- p${p.page} [${p.headingPath.join(' > ')}] ${p.text.length}ch: ${p.text.replace(/\s+/g, ' ').slice(0, 200)}`);
    }
  }
} finally {
  await ctx.close();
}
