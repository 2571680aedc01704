// Page-level retrieval for the answer eval (real_dev README): for every answerable question, where is a page
// that holds the answer (gold_file at gold_page, or an also_gold file at its page) in each ranked list of
// pages? The product's list is the chat's search (knowledge.search: the index, copies folded, ordered by
// evidence) read as the pages its passages start on, each page once; the plain rankers (BM25 over character
// trigrams, over words, and their reciprocal-rank fusion) rank the same extracted pages directly. The fusion
// is the floor the product's ranking must stay at or above. Time per question is measured for each.
// `backbone` is the index's own page order alone (its pages table's word and trigram lists fused, no passage
// re-ranking: page-window.ts fusePages). Its BM25 is the reference's (reference-bm25-lance.test.ts); where it is
// under bm25_rrf, the difference is in the tokens (its word tokeniser, the title field, plainTerms' 64 terms) or in
// which list wins a tie of ranks (the index lists words first, the reference trigrams): the index's lists fed the
// reference's tokens, read 100 deep and fused trigrams first give bm25_rrf's page MRR@10 exactly on every eval
// library but one (exam B: .960 against .975).
import type { AppContext } from '../../src/context';
import { knowledgeIndex, readQuestion, searchWithPages } from '../../modules/knowledge';
import { fusePages, PAGE_DEPTH } from '../../modules/knowledge/index/page-window';
import { loadDocumentWithPages } from '../../modules/documents/read';
import { goldPlaces, type Aliases, type EvalQuery } from './answer-scoring';
import { buildReferenceRankers } from './reference-rankers';
import { rankLosses, type RankLoss } from './retrieval-compare';

export interface PageRates {
  n: number;
  hit1: number | null;
  hit5: number | null;
  hit10: number | null;
  mrr10: number | null;
  p50Ms: number;
  p95Ms: number;
}

const pageKey = (file: string, page: number) => `${file}#${page}`;

/** The page keys a question's answer is on (gold and also_gold), and the same pages of each alias of a gold file. */
export function goldPages(q: EvalQuery, aliases: Aliases = {}): Set<string> {
  const copies = (file: string) => [file, ...Object.keys(aliases).filter((a) => aliases[a] === file)];
  return new Set(goldPlaces(q).flatMap((g) => (g.page == null ? [] : copies(g.file).map((f) => pageKey(f, g.page!)))));
}

/** 0-based rank of the first gold page among the first 10, −1 when none. */
export function firstGoldRank(ranked: string[], gold: Set<string>): number {
  return ranked.slice(0, 10).findIndex((p) => gold.has(p));
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
};

export function pageRates(ranks: number[], ms: number[]): PageRates {
  const n = ranks.length;
  const rate = (f: (r: number) => boolean) => (n ? ranks.filter(f).length / n : null);
  return {
    n,
    hit1: rate((r) => r === 0),
    hit5: rate((r) => r >= 0 && r < 5),
    hit10: rate((r) => r >= 0 && r < 10),
    mrr10: n ? ranks.reduce((s, r) => s + (r >= 0 ? 1 / (r + 1) : 0), 0) / n : null,
    p50Ms: quantile(ms, 0.5),
    p95Ms: quantile(ms, 0.95),
  };
}

/** Distinct pages in order of first appearance. */
export function distinctPages(refs: Array<{ file: string; page: number }>): string[] {
  return [...new Set(refs.map((r) => pageKey(r.file, r.page)))];
}

export interface PageComparison {
  rates: Record<string, PageRates>;
  /** questions where the fusion of the plain rankers puts a gold page higher than the product */
  behind: RankLoss[];
}

export async function comparePages(ctx: AppContext, files: Map<string, string>, queries: EvalQuery[], aliases: Aliases): Promise<PageComparison> {
  const answerable = queries.filter((q) => q.kind === 'answer');
  const golds = answerable.map((q) => goldPages(q, aliases));
  const pages: Array<{ id: string; text: string }> = [];
  for (const [documentId, file] of files) {
    const row = await loadDocumentWithPages(ctx, documentId);
    for (const p of row?.pages ?? []) pages.push({ id: pageKey(file, p.page), text: `${row!.doc.fileName}\n${p.content}` });
  }
  const everyDocument = { has: () => true };
  const rates: Record<string, PageRates> = {};
  const product: number[] = [];
  const productMs: number[] = [];
  const backbone: number[] = [];
  const index = await knowledgeIndex(ctx);
  for (const [i, q] of answerable.entries()) {
    const t0 = performance.now();
    const hits = (await searchWithPages(ctx, readQuestion(q.text), { k: 30, live: () => everyDocument })).pages;
    productMs.push(performance.now() - t0);
    const file = (id: string, title: string) => files.get(id) ?? title;
    const fileOf = (id: string, title = id) => aliases[file(id, title)] ?? file(id, title);
    product.push(firstGoldRank(distinctPages(hits.map((h) => ({ file: fileOf(h.documentId, h.title), page: h.page }))), golds[i]!));
    const lists = await index.searchPages(readQuestion(q.text).text, { k: PAGE_DEPTH });
    backbone.push(firstGoldRank(distinctPages(fusePages(lists).map((p) => ({ file: fileOf(p.documentId), page: p.page }))), golds[i]!));
  }
  rates.product = pageRates(product, productMs);
  rates.backbone = pageRates(backbone, []);
  const behind: RankLoss[] = [];
  // BM25 needs three documents to consolidate; a library of fewer pages has no plain rankers to compare.
  for (const ranker of pages.length >= 3 ? buildReferenceRankers(pages) : []) {
    const ms: number[] = [];
    const ranks = answerable.map((q, i) => {
      const t0 = performance.now();
      const ranked = ranker.search(q.text, 10);
      ms.push(performance.now() - t0);
      return firstGoldRank(ranked, golds[i]!);
    });
    rates[ranker.name] = pageRates(ranks, ms);
    if (ranker.name === 'bm25_rrf') behind.push(...rankLosses(answerable, product, ranker.name, ranks));
  }
  return { rates, behind };
}
