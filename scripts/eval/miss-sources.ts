// The texts keyword-misses.ts looks in for one answer: the cited passage, the document's other passages on its page
// or in its clause (the index's own passages), the page as stored (document_pages) and the rest of the document.
import type { AppContext } from '../../src/context';
import { documentPassages } from '../../modules/knowledge';
import { clauseOf, type EvalQuery } from './answer-scoring';
import { keywordMisses, type KeywordMiss } from './keyword-misses';

interface CitedReference {
  documentId: string;
  headingPath: string[];
  page: number;
  text: string;
}

export async function missSources(ctx: AppContext, q: EvalQuery, answer: string, ref: CitedReference): Promise<KeywordMiss[]> {
  const clause = clauseOf(ref);
  const passages = await documentPassages(ctx, ref.documentId).catch(() => []);
  const siblings = passages
    .filter((p) => p.text !== ref.text && (p.page === ref.page || (clause !== null && clauseOf(p) === clause)))
    .map((p) => `${p.headingPath.join(' ')}\n${p.text}`);
  const row = ctx.sqlite.query('SELECT content FROM document_pages WHERE document_id = ? AND page = ?').get(ref.documentId, ref.page) as {
    content: string;
  } | null;
  return keywordMisses(q.answer_keywords ?? [], q.answer_keyword_alternatives ?? {}, {
    answer,
    cited: `${ref.headingPath.join(' ')}\n${ref.text}`,
    siblings,
    page: row?.content ?? '',
    document: passages.filter((p) => p.text !== ref.text).map((p) => p.text),
  });
}
