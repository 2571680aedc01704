// The page window (knowledge/index/page-window.ts) against the plain rankers' fusion on real_dev, page level, per
// library and half: the product with each window (demote:promote, 99 = unbounded), then bm25_rrf.
//   bun scripts/eval/page-window.ts [crru,sut,ssru,union] [1:99:5:99,1:1:5:99,0:0:5:99]   (demote:promote:floor pages:structure weight)
import { join } from 'node:path';
import { openLibrary } from './library-cache';
import { realDevHalf, realDevRuns } from './real-dev';
import { readQuestion, searchWithPages } from '../../modules/knowledge';
import { PAGE_FLOOR, PAGE_WINDOW } from '../../modules/knowledge/index/page-window';
import { loadDocumentWithPages } from '../../modules/documents/read';
import { goldPages, firstGoldRank, distinctPages, pageRates } from './page-retrieval';
import { buildReferenceRankers } from './reference-rankers';

const root = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const f = (x: number | null) => (x == null ? '  -  ' : x.toFixed(3));
const names = (process.argv[2] ?? 'crru,sut,ssru,union').split(',');
const windows = (process.argv[3] ?? '1:99:5:99,1:1:5:99,0:0:5:99').split(',').map((w) => w.split(':').map(Number) as [number, number, number, number]);
const inf = (x: number) => (x === 99 ? Infinity : x);
for (const run of realDevRuns(root, names)) {
  const lib = await run.prepare();
  const ctx = openLibrary(lib);
  const pages: Array<{ id: string; text: string }> = [];
  for (const [documentId, file] of lib.files) {
    const row = await loadDocumentWithPages(ctx, documentId);
    for (const p of row?.pages ?? []) pages.push({ id: `${file}#${p.page}`, text: `${row!.doc.fileName}\n${p.content}` });
  }
  const rrf = buildReferenceRankers(pages)[2]!;
  const answerable = run.queries.filter((q) => q.kind === 'answer');
  const rows: Record<string, Record<string, number[]>> = {};
  const add = (name: string, half: string, r: number) => ((rows[name] ??= {})[half] ??= []).push(r);
  for (const [d, p, n, w] of windows) {
    [PAGE_WINDOW.demote, PAGE_WINDOW.promote, PAGE_FLOOR.pages, PAGE_FLOOR.structureWeight] = [inf(d), inf(p), n, inf(w)];
    const name = `D${d}P${p}F${n}W${w}`;
    for (const q of answerable) {
      const hits = (await searchWithPages(ctx, readQuestion(q.text), { k: 30, live: () => ({ has: () => true }) })).pages;
      const r = firstGoldRank(distinctPages(hits.map((h) => ({ file: lib.files.get(h.documentId) ?? h.title, page: h.page }))), goldPages(q, {}));
      add(name, 'all', r);
      add(name, realDevHalf(q.id), r);
    }
  }
  for (const q of answerable) {
    const r = firstGoldRank(rrf.search(q.text, 10), goldPages(q, {}));
    add('bm25_rrf', 'all', r);
    add('bm25_rrf', realDevHalf(q.id), r);
  }
  for (const half of ['all', 'fit', 'held'])
    for (const [name, byHalf] of Object.entries(rows)) {
      const r = pageRates(byHalf[half] ?? [], []);
      console.log(`${run.name.padEnd(6)} ${half.padEnd(5)} ${name.padEnd(12)} n=${r.n} ${f(r.hit1)} ${f(r.hit5)} ${f(r.hit10)} ${f(r.mrr10)}`);
    }
}
process.exit(0);
