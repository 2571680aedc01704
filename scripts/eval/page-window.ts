// The page window (knowledge/index/page-window.ts) against the plain rankers' fusion on real_dev, page level, per
// library and half: the product with each window (demote:promote, 99 = unbounded), then bm25_rrf.
//   bun scripts/eval/page-window.ts [crru,sut,ssru,union] [1:99,1:1,0:0]
import { join } from 'node:path';
import { openLibrary } from './library-cache';
import { realDevHalf, realDevRuns } from './real-dev';
import { readQuestion, search } from '../../modules/knowledge';
import { PAGE_WINDOW } from '../../modules/knowledge/index/page-window';
import { loadDocumentWithPages } from '../../modules/documents/read';
import { goldPages, firstGoldRank, distinctPages, pageRates } from './page-retrieval';
import { buildReferenceRankers } from './reference-rankers';

const root = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const f = (x: number | null) => (x == null ? '  -  ' : x.toFixed(3));
const names = (process.argv[2] ?? 'crru,sut,ssru,union').split(',');
const windows = (process.argv[3] ?? '1:99,1:1,0:0').split(',').map((w) => w.split(':').map(Number) as [number, number]);
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
  for (const [d, p] of windows) {
    PAGE_WINDOW.demote = d === 99 ? Infinity : d;
    PAGE_WINDOW.promote = p === 99 ? Infinity : p;
    for (const q of answerable) {
      const hits = await search(ctx, readQuestion(q.text), { k: 30, live: () => ({ has: () => true }) });
      const r = firstGoldRank(distinctPages(hits.map((h) => ({ file: lib.files.get(h.documentId) ?? h.title, page: h.page }))), goldPages(q, {}));
      add(`D${d}P${p}`, 'all', r);
      add(`D${d}P${p}`, realDevHalf(q.id), r);
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
