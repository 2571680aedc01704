// Bench: what one LanceDB full-text query costs on a real library, beside the same BM25 held in this process
// (knowledge/index/memory-bm25.ts, which lexical-search.ts searches a table of up to MEMORY_MAX_ROWS rows with).
// A chat turn runs five FTS queries (the passages' plain words, plain trigrams and shaped lists; the pages' words and
// trigrams: plain-fusion.ts, page-table.ts). This asks each real question's five term lists of the cached library's
// two tables, three passes (the first cold for the question's terms, the next two warm), and prints LanceDB's CPU
// per query (this process, all threads) beside the held BM25 over the same tokens, and how far the two rankings agree
// (the first row, and the first k: LanceDB's statistics are per partition of its index, the held index's the table's).
//   bun scripts/bench/fts-floor.ts [SET:LIBRARY]      (default real_dev:union; the eval cache, EVAL_CACHE_DIR)
import * as lancedb from '@lancedb/lancedb';
import { readQuestion } from '../../modules/knowledge';
import { knowledgeIndex } from '../../modules/knowledge/service';
import { plainTerms } from '../../modules/knowledge/scoring/plain-fusion';
import { queryTerms } from '../../modules/knowledge/question/query-terms';
import { buildMemoryIndex } from '../../modules/knowledge/index/memory-bm25';
import { percentile } from '../../modules/knowledge/eval-metrics';
import { openLibrary } from '../eval/library-cache';
import { realSetRuns } from '../eval/real-set-runs';

const [set, library] = (process.argv[2] ?? 'real_dev:union').split(':') as [string, string];
const [run] = realSetRuns(set, [library]) ?? [];
if (!run) throw new Error(`no real set library ${set}:${library}`);
const lib = await run.prepare();
const ctx = await openLibrary(lib);
await knowledgeIndex(ctx); // the index as the product opens it (a layout change rebuilds it first)
const db = await lancedb.connect(`${lib.dataDir}/index`);

/** The product's held BM25 over a table (memory-bm25.ts), as lexical-search.ts reads it. */
async function replica(table: lancedb.Table) {
  const rows = (await table.query().select(['tokens', 'isActive']).withRowId().toArray()) as Array<{ tokens: string; isActive: boolean; _rowid: bigint }>;
  const held = await buildMemoryIndex(rows.map((r) => ({ tokens: String(r.tokens), active: r.isActive !== false, row: { _rowid: r._rowid } })));
  return (terms: string, k: number): bigint[] => held.search(terms, { activeOnly: false }, k).map((r) => r._rowid as bigint);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const tables = { chunks: await db.openTable('chunks'), pages: await db.openTable('pages') };
const replicas = { chunks: await replica(tables.chunks), pages: await replica(tables.pages) };
const lists = run.queries.map((q) => {
  const question = readQuestion(q.text);
  const { words, grams } = plainTerms(question.text);
  const shaped = queryTerms(question.text, question.expansions) ?? '';
  return [
    ['chunks', words, 16],
    ['chunks', grams, 16],
    ['chunks', shaped, 16],
    ['pages', words, 30],
    ['pages', grams, 30],
  ] as const;
});
const p50 = (xs: number[]) => percentile(xs, 0.5);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
for (const pass of [1, 2, 3]) {
  const [lance, own]: [number[], number[]] = [[], []];
  let [queries, sameFirst, overlap] = [0, 0, 0];
  for (const question of lists)
    for (const [table, terms, k] of question) {
      if (!terms) continue;
      let c0 = cpu();
      const rows = (await tables[table]
        .query()
        .fullTextSearch(new lancedb.MatchQuery(terms, 'tokens'))
        .select(['_score'])
        .withRowId()
        .limit(k)
        .toArray()) as Array<{
        _rowid: bigint;
      }>;
      lance.push(cpu() - c0);
      c0 = cpu();
      const mine = replicas[table](terms, k);
      own.push(cpu() - c0);
      queries++;
      if (rows[0]?._rowid === mine[0]) sameFirst++;
      const theirs = new Set(rows.map((r) => r._rowid));
      overlap += rows.length ? mine.filter((id) => theirs.has(id)).length / rows.length : 1;
    }
  console.log(
    `${set}:${library} pass ${pass} (${pass === 1 ? 'cold for the questions' : 'warm'}): ${queries} queries, CPU a query p50 / mean: LanceDB ${p50(lance).toFixed(2)} / ${mean(lance).toFixed(2)} ms, in-process BM25 ${p50(own).toFixed(3)} / ${mean(own).toFixed(3)} ms; the first row the same ${sameFirst} of ${queries}, the first k shared ${(overlap / queries).toFixed(3)}`,
  );
}
await ctx.close();
process.exit(0);
