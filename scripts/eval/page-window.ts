// The page window (knowledge/index/page-window.ts) against the plain rankers' fusion, page level, on every real
// set's library of all its documents (real-sets.ts) and pooled over them, on each pooled half (a, b) and on all:
// the product with each window (demote:promote:floor pages:passages' weight, 99 = unbounded), then bm25_rrf.
// Held sets print aggregates only.
//   bun scripts/eval/page-window.ts [1:99:5:12,0:0:5:12,1:1:5:12]
// Measured on c61e934 (371 answerable questions), page MRR@10 pooled all / a / b: the window in use 1:99:5:12
// .777 / .802 / .752; the backbone alone (0:0) .759 / .777 / .741; 1:1 .761; 1:2 .764; 2:99 .770; passages' weight
// 1 .768, 3 .777 (.808 / .746), 6 .775, their order alone (99) .773; ten pages held (1:99:10:12) .777; bm25_rrf
// .748 / .770 / .725. No window beats the one in use on both halves. real_extra's two unions are where it loses to
// the backbone alone (union_dev .764 against .812, union_more .580 against .657); every other set gains by it.
import { openLibrary } from './library-cache';
import { readQuestion, searchWithPages } from '../../modules/knowledge';
import { PAGE_FLOOR, PAGE_WINDOW } from '../../modules/knowledge/index/page-window';
import { loadDocumentWithPages } from '../../modules/documents/read';
import { goldPages, firstGoldRank, distinctPages, pageRates } from './page-retrieval';
import { buildReferenceRankers } from './reference-rankers';
import { everyRealSet, pooledHalf } from './real-sets';
import { FetchedDocsMissing } from './fetched-docs';

const f = (x: number | null) => (x == null ? '  -  ' : x.toFixed(3));
const windows = (process.argv[2] ?? '1:99:5:12,0:0:5:12,1:1:5:12').split(',').map((w) => w.split(':').map(Number) as [number, number, number, number]);
const inf = (x: number) => (x === 99 ? Infinity : x);
const pooled: Record<string, Record<string, number[]>> = {};
const print = (name: string, rows: Record<string, Record<string, number[]>>) => {
  for (const half of ['all', 'a', 'b'])
    for (const [config, byHalf] of Object.entries(rows)) {
      const r = pageRates(byHalf[half] ?? [], []);
      console.log(
        `${name.padEnd(22)} ${half.padEnd(4)} ${config.padEnd(12)} n=${String(r.n).padStart(3)} ${f(r.hit1)} ${f(r.hit5)} ${f(r.hit10)} ${f(r.mrr10)}`,
      );
    }
};
console.log('set                    half config       n   hit@1 hit@5 hit@10 MRR@10');
for (const { name, run } of everyRealSet()) {
  // a fetched set whose documents this machine does not have (fetched-docs.ts) is left out of the pool, and said so
  const lib = await run.prepare().catch((e: unknown) => {
    if (!(e instanceof FetchedDocsMissing)) throw e;
    console.log(`${name.padEnd(22)} left out: the documents of ${e.set}/${e.library} are not in ${e.dir}`);
    return null;
  });
  if (!lib) continue;
  const ctx = await openLibrary(lib);
  const pages: Array<{ id: string; text: string }> = [];
  for (const [documentId, file] of lib.files) {
    const row = await loadDocumentWithPages(ctx, documentId);
    for (const p of row?.pages ?? []) pages.push({ id: `${file}#${p.page}`, text: `${row!.doc.fileName}\n${p.content}` });
  }
  const rrf = buildReferenceRankers(pages)[2]!;
  const rows: Record<string, Record<string, number[]>> = {};
  const add = (config: string, id: string, r: number) => {
    for (const bucket of [rows, pooled]) for (const half of ['all', pooledHalf(id)]) ((bucket[config] ??= {})[half] ??= []).push(r);
  };
  for (const q of run.queries.filter((x) => x.kind === 'answer')) {
    // each question's windows one after another, so its searches are answered from the kept results
    for (const [d, p, n, w] of windows) {
      [PAGE_WINDOW.demote, PAGE_WINDOW.promote, PAGE_FLOOR.pages, PAGE_FLOOR.structureWeight] = [inf(d), inf(p), n, inf(w)];
      const hits = (await searchWithPages(ctx, readQuestion(q.text), { k: 30, live: () => ({ has: () => true }) })).pages;
      add(
        `D${d}P${p}F${n}W${w}`,
        q.id,
        firstGoldRank(distinctPages(hits.map((h) => ({ file: lib.files.get(h.documentId) ?? h.title, page: h.page }))), goldPages(q, {})),
      );
    }
    add('bm25_rrf', q.id, firstGoldRank(rrf.search(q.text, 10), goldPages(q, {})));
  }
  await ctx.close();
  print(name, rows);
}
print('pooled', pooled);
process.exit(0);
