// Question testing (issue 17 item 4): what the bot would answer, the ranked clauses with their scores and
// the evidence behind the confidence — for an admin checking the library, so nothing is logged.
import type { AppContext } from '../../src/context';
import type { QuestionTestResult } from '../../contracts/insights';
import { answer } from '../assistant/service';
import { activeDocuments } from '../documents/active';
import { bestPassageConfidence, readQuestion, retrievalConfidence, search } from '../knowledge';
import { adminSynonyms } from '../synonyms/service';

/** as many clauses as the answer retrieves, and the first five weighed for the confidence (assistant/service.ts) */
const RETRIEVE_K = 8;
const PROMPT_CLAUSES = 5;
const SNIPPET_CHARS = 600;

export async function testQuestion(ctx: AppContext, question: string): Promise<QuestionTestResult> {
  const q = question.trim();
  const result = await answer(ctx, { message: q, showRegulation: true, inlineReferences: false, log: false });
  const read = readQuestion(q, adminSynonyms(ctx));
  const hits = await search(ctx, read, { k: RETRIEVE_K, live: (ids) => activeDocuments(ctx, ids) });
  const best = bestPassageConfidence(read, hits, PROMPT_CLAUSES);
  return {
    answer: {
      text: result.text,
      accuracy: result.accuracy,
      confidence_band: result.band,
      fallback: result.fallback,
      provider: result.provider,
      references: result.references.map((r) => ({ documentId: r.documentId, title: r.title, headingPath: r.headingPath, page: r.page })),
    },
    clauses: hits.map((h, i) => ({
      rank: i + 1,
      document_id: h.documentId,
      title: h.title,
      heading_path: h.headingPath,
      page: h.page,
      score: h.score,
      lexical_score: h.lexicalScore ?? null,
      vector_score: h.vectorScore ?? null,
      confidence: Math.round(retrievalConfidence(read, hits, { passage: h }).confidence * 100) / 100,
      text: h.text.length > SNIPPET_CHARS ? `${h.text.slice(0, SNIPPET_CHARS)}…` : h.text,
    })),
    evidence: {
      confidence: Math.round(best.confidence * 100) / 100,
      top_score: best.topScore,
      margin: best.margin,
      coverage: best.coverage,
      signals: best.signals,
    },
  };
}
