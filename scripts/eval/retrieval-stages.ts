// Where the product puts a question's gold at each stage of its order, beside the plain rankers: to find which
// stage loses a gold that a plain ranker keeps (issue #37: the plain rankers as a floor on every retrieval set).
// The stages are eval-retrieval.ts's, in its order: the index's candidates (the fusion of the shaped, word and
// trigram lists, read to depth 50), the evidence order of their first ten, the page window, the documents.
// Ranks are 1-based by document (a document's best passage); "-" = not among them.
//
// Usage: bun scripts/eval/retrieval-stages.ts --corpus C.jsonl --queries Q.jsonl [--k 10] [--out R.jsonl]
// Prints one line per question whose gold any ranker holds in its first k, then the counts of where the losses are.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chunkDocument } from '../../modules/knowledge/index/chunker.ts';
import { createEmbedder } from '../../modules/knowledge/embedding/index.ts';
import { openKnowledgeIndex } from '../../modules/knowledge/index/index-store.ts';
import { PAGE_DEPTH, pageWindowed } from '../../modules/knowledge/index/page-window.ts';
import { orderedByEvidence } from '../../modules/knowledge/scoring/evidence-order.ts';
import { rankDocuments } from '../../modules/knowledge/scoring/retrieval.ts';
import { readQuestion } from '../../modules/knowledge/question/question.ts';
import { buildReferenceRankers } from './reference-rankers.ts';
import { readJsonl, type CorpusLine, type QueryLine } from './retrieval-set.ts';

const { values: args } = parseArgs({
  options: { corpus: { type: 'string' }, queries: { type: 'string' }, k: { type: 'string', default: '10' }, out: { type: 'string' } },
});
if (!args.corpus || !args.queries) {
  console.error('usage: retrieval-stages.ts --corpus C.jsonl --queries Q.jsonl [--k 10] [--out R.jsonl]');
  process.exit(2);
}
const k = Number(args.k);
const corpus = await readJsonl<CorpusLine>(args.corpus);
const queries = (await readJsonl<QueryLine>(args.queries)).filter((q) => q.gold && q.gold.length > 0);

/** The 1-based place of the first gold among the documents in list order (documents counted once), or null. */
function goldRank(documentIds: readonly string[], gold: readonly string[]): number | null {
  const seen: string[] = [];
  for (const id of documentIds) if (!seen.includes(id)) seen.push(id);
  const at = seen.findIndex((id) => gold.includes(id));
  return at < 0 ? null : at + 1;
}

const STAGES = ['candidates', 'evidence', 'window', 'product', 'bm25_trigram', 'bm25_word', 'bm25_rrf'] as const;
const dir = await mkdtemp(path.join(tmpdir(), 'askreg-stages-'));
try {
  const index = await openKnowledgeIndex(dir, await createEmbedder({ provider: 'none' }));
  const batch = corpus.map((doc) => ({
    meta: { documentId: doc.id, title: doc.title ?? '', category: null, isActive: true, fileType: 'txt', pages: [{ page: 1, text: doc.text }] },
    chunks: chunkDocument({ title: doc.title ?? '', pages: [{ page: 1, text: doc.text }] }),
  }));
  for (let at = 0; at < batch.length; at += 256) await index.indexDocuments(batch.slice(at, at + 256));
  await index.optimize();
  // every question searched alike, the first as the last (lexical-search.ts: the tables held in the process)
  await index.settled();
  const references = buildReferenceRankers(corpus.map((d) => ({ id: d.id, text: `${d.title ?? ''}\n${d.text}` })));

  const rows: Array<Record<string, unknown>> = [];
  console.log(['id'.padEnd(12), ...STAGES.map((s) => s.slice(0, 10).padStart(11)), '  product top 3'].join(''));
  for (const q of queries) {
    const question = readQuestion(q.text);
    const [found, pageLists] = await Promise.all([index.search(q.text, { k: Math.max(50, k * 5) }), index.searchPages(q.text, { k: PAGE_DEPTH })]);
    const ordered = await orderedByEvidence(index, question, found);
    const windowed = await pageWindowed(ordered, pageLists);
    const product = rankDocuments(windowed, k).map((r) => r.documentId);
    const lists: Record<(typeof STAGES)[number], string[]> = {
      candidates: found.map((h) => h.documentId),
      evidence: ordered.map((h) => h.documentId),
      window: windowed.map((h) => h.documentId),
      product,
      ...(Object.fromEntries(references.map((r) => [r.name, r.search(q.text, k)])) as Record<'bm25_trigram' | 'bm25_word' | 'bm25_rrf', string[]>),
    };
    const ranks = Object.fromEntries(STAGES.map((s) => [s, goldRank(lists[s], q.gold!)])) as Record<(typeof STAGES)[number], number | null>;
    rows.push({ id: q.id, gold: q.gold, story: question.story, ranks, top: product.slice(0, 3) });
    const cell = (r: number | null) => String(r ?? '-').padStart(11);
    console.log([q.id.padEnd(12), ...STAGES.map((s) => cell(ranks[s])), `  ${product.slice(0, 3).join(' ')}`].join(''));
  }
  await index.close();
  if (args.out) await Bun.write(args.out, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);

  // where the product's first place is lost: the gold not among the candidates, or moved off the first place by a stage
  const first = (r: Record<string, unknown>, s: string) => (r.ranks as Record<string, number | null>)[s] === 1;
  const count = (pred: (r: Record<string, unknown>) => boolean) => rows.filter(pred).length;
  console.log(
    JSON.stringify({
      n: rows.length,
      product_hit1: count((r) => first(r, 'product')),
      rrf_hit1: count((r) => first(r, 'bm25_rrf')),
      rrf_hit1_product_not: count((r) => first(r, 'bm25_rrf') && !first(r, 'product')),
      product_hit1_rrf_not: count((r) => first(r, 'product') && !first(r, 'bm25_rrf')),
      gold_not_in_candidates: count((r) => (r.ranks as Record<string, number | null>).candidates === null),
      first_in_candidates_lost_by_evidence: count((r) => first(r, 'candidates') && !first(r, 'evidence')),
      moved_to_first_by_evidence: count((r) => !first(r, 'candidates') && first(r, 'evidence')),
      first_by_evidence_lost_by_window: count((r) => first(r, 'evidence') && !first(r, 'window')),
    }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
