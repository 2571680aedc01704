// From evidence to what the student sees: the 0–100 accuracy, its band against the admin's
// thresholds, the contact line for medium answers, the cited clauses and the related documents.
import type { ActiveDocument } from '../documents/active';
import { pageParts, rankDocuments } from '../knowledge';
import type { SearchHit } from '../knowledge';
import type { PreferenceRow } from '../preferences/service';
import { answerProfile, answerSupport, type AnswerProfile } from './text-match';
import { oneLine, sectionsOf } from './sections';

export type Band = 'high' | 'medium' | 'low';

export interface Reference {
  documentId: string;
  title: string;
  headingPath: string[];
  page: number;
  text: string;
}

export interface RecommendedDocument {
  id: string;
  title: string;
  category: string | null;
  fileType: string;
  downloadUrl: string;
  score: number;
}

/**
 * Retrieval evidence, scaled by how much of a generated answer the cited clauses support: a fluent
 * answer the clauses don't back loses half its confidence. Quoted (extractive) answers pass support = 1.
 */
export function combineConfidence(retrieval: number, support: number): number {
  const value = retrieval * (0.5 + 0.5 * Math.min(1, Math.max(0, support)));
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}

export function bandOf(accuracy: number, prefs: Pick<PreferenceRow, 'highThreshold' | 'lowThreshold'>): Band {
  if (accuracy >= prefs.highThreshold) return 'high';
  if (accuracy >= prefs.lowThreshold) return 'medium';
  return 'low';
}

/** The clauses an LLM answer leans on: those backing nearly as much of it as the best one. */
export function citedClauses(answer: string, clauses: SearchHit[], max = 3): SearchHit[] {
  const profile = answerProfile(answer); // segmented once, not once per clause (a hot path under load)
  const scored = clauses.map((c) => ({ c, s: answerSupport(profile, [c.headingPath.join(' '), c.text]) })).sort((a, b) => b.s - a.s);
  const best = scored[0]?.s ?? 0;
  const picked = scored
    .filter((x) => x.s >= Math.max(0.3, best * 0.8))
    .slice(0, max)
    .map((x) => x.c);
  return picked.length ? picked : clauses.slice(0, 1);
}

/**
 * The page a model's answer leans on in a passage that runs onto later pages: the page whose part of the passage
 * backs the most of the answer (the passage's own page on a tie, or when it is on one page).
 */
export function supportedPage(answer: string | AnswerProfile, hit: SearchHit): number {
  if (!hit.laterPages?.length) return hit.page;
  let best = { page: hit.page, support: -1 };
  for (const part of pageParts(hit)) {
    const support = answerSupport(answer, [part.text]);
    if (support > best.support) best = { page: part.page, support };
  }
  return best.page;
}

/** `page`: where the words quoted from it are, when the passage runs onto another page (extractive.ts, supportedPage). */
export function toReference(hit: SearchHit, { page = hit.page }: { page?: number } = {}): Reference {
  return { documentId: hit.documentId, title: hit.title, headingPath: hit.headingPath, page, text: hit.text };
}

/** Best-scoring distinct active documents, best first, scores relative to the best (0–1). */
export function recommendDocuments(rows: ReadonlyMap<string, ActiveDocument>, hits: SearchHit[], max = 3): RecommendedDocument[] {
  const ranked = rankDocuments(hits, max * 2);
  const top = ranked[0]?.score || 1;
  return ranked
    .filter((r) => rows.has(r.documentId))
    .slice(0, max)
    .map((r) => {
      const row = rows.get(r.documentId)!;
      return {
        id: r.documentId,
        title: r.title,
        category: row.category,
        fileType: row.fileType,
        downloadUrl: `/api/files/${encodeURIComponent(r.documentId)}/download`,
        score: Math.round((Math.max(0, r.score) / top) * 1000) / 1000,
      };
    });
}

/** Whom to ask when the answer is only moderately sure: the cited documents' contacts, else the general one. */
export function contactLine(active: ReadonlyMap<string, ActiveDocument>, cited: SearchHit[], prefs: Pick<PreferenceRow, 'generalContact'>): string {
  const rows = cited.map((h) => active.get(h.documentId)).filter((r) => r !== undefined);
  const contacts = [...new Set(rows.map((r) => r.fallbackContact.trim()).filter(Boolean))];
  const who = contacts.length ? contacts.join(' / ') : prefs.generalContact.trim();
  return who ? `หากต้องการความชัดเจนเพิ่มเติม กรุณาติดต่อ ${who}` : 'หากต้องการความชัดเจนเพิ่มเติม กรุณาติดต่อเจ้าหน้าที่ที่เกี่ยวข้อง';
}

/** The "show references" block: document, heading path and page of each cited clause. */
export function referencesBlock(refs: Reference[]): string {
  if (!refs.length) return '';
  const lines = refs.map((r) => `- ${[r.title, ...sectionsOf(r)].map(oneLine).join(' › ')} (หน้า ${r.page})`);
  return `อ้างอิง:\n${lines.join('\n')}`;
}
