import type { AnswerResult } from './service';

/** The documented `/api/chat` body (docs/api.md "Assistant"). */
export function chatBody(r: AnswerResult, connectionId?: string) {
  return {
    text: r.text,
    accuracy: r.accuracy,
    references: r.references,
    documents: r.documents,
    confidence_band: r.band,
    fallback: r.fallback,
    // what a vote goes to (POST /api/questions/{id}/feedback); absent when the question log is off
    ...(r.questionId ? { question_id: r.questionId } : {}),
    ...(connectionId ? { connection_id: connectionId } : {}),
  };
}
