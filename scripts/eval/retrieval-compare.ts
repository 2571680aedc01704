// Retrieval beside the answers in eval-answers: for every answerable question, is a passage with the
// right reference (gold file + clause/page, as scored for answers) at rank 1 / within 5 / where? The
// product's order (the index search, then the first clauses by their evidence, as the chat's search; copies
// are not folded, as the rankers do not fold them) is compared with the two plain reference rankers (BM25 over character
// trigrams and over Intl.Segmenter words) run over the same passages: the product's own chunks of the
// library, read back from SQLite and chunked as indexing does. A loss of the product shows per set.
import type { AppContext } from '../../src/context';
import { chunkDocument } from '../../modules/knowledge/index/chunker';
import { knowledgeIndex } from '../../modules/knowledge/service';
import { orderedByEvidence } from '../../modules/knowledge/scoring/evidence-order';
import { readQuestion } from '../../modules/knowledge/question/question';
import { loadDocumentWithPages } from '../../modules/documents/read';
import { type Aliases, type EvalQuery, namedReference, referenceRight } from './answer-scoring';
import { buildBm25, REFERENCE_TOKENISERS } from './reference-rankers';

type Ref = { file: string; headingPath: string[]; page: number; text: string };

export interface RetrievalRates {
  n: number;
  hit1: number | null;
  hit5: number | null;
  mrr10: number | null;
}

/** Where the first passage with the right reference is in each ranked list: 0-based, −1 when not in the first 10. */
const rightRanks = (queries: EvalQuery[], ranked: Ref[][], aliases: Aliases) =>
  queries.map((q, i) => ranked[i]!.slice(0, 10).findIndex((ref) => referenceRight(q, ref, aliases)));

/** hit@1, hit@5 and MRR@10 of "a passage with the right reference", from where it ranks in each list. */
function ratesOf(ranks: number[]): RetrievalRates {
  const n = ranks.length;
  const rate = (f: (r: number) => boolean) => (n ? ranks.filter(f).length / n : null);
  return { n, hit1: rate((r) => r === 0), hit5: rate((r) => r >= 0 && r < 5), mrr10: n ? ranks.reduce((s, r) => s + (r >= 0 ? 1 / (r + 1) : 0), 0) / n : null };
}

/** A question on which a reference ranker puts the right passage higher than the product (1-based ranks, 0 = not in 10). */
export interface RankLoss {
  id: string;
  product: number;
  ranker: string;
  rank: number;
}

/** The questions a ranker ranks right higher than the product (0-based ranks in, 1-based out; −1 / 0 = not in 10). */
export function rankLosses(queries: Array<Pick<EvalQuery, 'id'>>, product: number[], ranker: string, ranks: number[]): RankLoss[] {
  const worse = (a: number, b: number) => b >= 0 && (a < 0 || a > b);
  return queries.flatMap((q, i) => (worse(product[i]!, ranks[i]!) ? [{ id: q.id, product: product[i]! + 1, ranker, rank: ranks[i]! + 1 }] : []));
}

export interface RetrievalComparison {
  rates: Record<string, RetrievalRates>;
  /** the product's losses to the reference rankers, question by question: what to read when a rate is behind */
  behind: RankLoss[];
}

export async function compareRetrieval(ctx: AppContext, files: Map<string, string>, queries: EvalQuery[], aliases: Aliases): Promise<RetrievalComparison> {
  const answerable = queries.filter((q) => q.kind === 'answer');
  const passages: Array<Ref & { id: string }> = [];
  for (const [documentId, file] of files) {
    const row = await loadDocumentWithPages(ctx, documentId);
    if (!row) continue;
    const chunks = chunkDocument({ title: row.doc.fileName, pages: row.pages.map((p) => ({ page: p.page, text: p.content })) });
    for (const c of chunks) passages.push({ id: `${documentId}#${c.ordinal}`, file, headingPath: c.headingPath, page: c.page, text: c.text });
  }
  const byId = new Map(passages.map((p) => [p.id, p]));
  const index = await knowledgeIndex(ctx);
  const product: Ref[][] = [];
  for (const q of answerable) {
    const hits = await orderedByEvidence(index, readQuestion(q.text), await index.search(q.text, { k: 10 }));
    product.push(hits.map((h) => namedReference(files, h)));
  }
  const productRanks = rightRanks(answerable, product, aliases);
  const rates: Record<string, RetrievalRates> = { product: ratesOf(productRanks) };
  const behind: RankLoss[] = [];
  for (const [name, tokenise] of REFERENCE_TOKENISERS) {
    const ranker = buildBm25(
      name,
      tokenise,
      passages.map((p) => ({ id: p.id, text: p.text })),
    );
    const ranks = rightRanks(
      answerable,
      answerable.map((q) => ranker.search(q.text, 10).map((id) => byId.get(id)!)),
      aliases,
    );
    rates[name] = ratesOf(ranks);
    behind.push(...rankLosses(answerable, productRanks, name, ranks));
  }
  return { rates, behind };
}
