// Retrieval beside the answers in eval-answers: for every answerable question, is a passage with the
// right reference (gold file + clause/page, as scored for answers) at rank 1 / within 5 / where? The
// product's index search is compared with the two plain reference rankers (BM25 over character
// trigrams and over Intl.Segmenter words) run over the same passages: the product's own chunks of the
// library, read back from SQLite and chunked as indexing does. A loss of the product shows per set.
import type { AppContext } from '../../src/context';
import { chunkDocument } from '../../modules/knowledge/chunker';
import { knowledgeIndex } from '../../modules/knowledge/service';
import { loadDocumentWithPages } from '../../modules/documents/read';
import { referenceRight, type Aliases, type EvalQuery } from './answer-scoring';
import { buildBm25, REFERENCE_TOKENISERS } from './reference-rankers';

type Ref = { file: string; headingPath: string[]; page: number; text: string };

export interface RetrievalRates {
  n: number;
  hit1: number | null;
  hit5: number | null;
  mrr10: number | null;
}

/** hit@1, hit@5 and MRR@10 of "a passage with the right reference" over ranked passage lists. */
export function retrievalRates(queries: EvalQuery[], ranked: Ref[][], aliases: Aliases): RetrievalRates {
  const ranks = queries.map((q, i) => ranked[i]!.slice(0, 10).findIndex((ref) => referenceRight(q, ref, aliases)));
  const n = ranks.length;
  const rate = (f: (r: number) => boolean) => (n ? ranks.filter(f).length / n : null);
  return { n, hit1: rate((r) => r === 0), hit5: rate((r) => r >= 0 && r < 5), mrr10: n ? ranks.reduce((s, r) => s + (r >= 0 ? 1 / (r + 1) : 0), 0) / n : null };
}

export async function compareRetrieval(
  ctx: AppContext,
  files: Map<string, string>,
  queries: EvalQuery[],
  aliases: Aliases,
): Promise<Record<string, RetrievalRates>> {
  const answerable = queries.filter((q) => q.kind === 'answer');
  const passages: Array<Ref & { id: string }> = [];
  for (const [documentId, file] of files) {
    const row = loadDocumentWithPages(ctx, documentId);
    if (!row) continue;
    const chunks = chunkDocument({ title: row.doc.fileName, pages: row.pages.map((p) => ({ page: p.page, text: p.content })) });
    for (const c of chunks) passages.push({ id: `${documentId}#${c.ordinal}`, file, headingPath: c.headingPath, page: c.page, text: c.text });
  }
  const byId = new Map(passages.map((p) => [p.id, p]));
  const index = await knowledgeIndex(ctx);
  const product: Ref[][] = [];
  for (const q of answerable) {
    const hits = await index.search(q.text, { k: 10 });
    product.push(hits.map((h) => ({ file: files.get(h.documentId) ?? h.title, headingPath: h.headingPath, page: h.page, text: h.text })));
  }
  const rows: Record<string, RetrievalRates> = { product: retrievalRates(answerable, product, aliases) };
  for (const [name, tokenise] of REFERENCE_TOKENISERS) {
    const ranker = buildBm25(
      name,
      tokenise,
      passages.map((p) => ({ id: p.id, text: p.text })),
    );
    rows[name] = retrievalRates(
      answerable,
      answerable.map((q) => ranker.search(q.text, 10).map((id) => byId.get(id)!)),
      aliases,
    );
  }
  return rows;
}
