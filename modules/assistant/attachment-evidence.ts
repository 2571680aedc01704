// A file attached to a question is evidence beside the library (issue 18 item 5): its text is cut into
// clause-sized pieces that compete with the library's clauses, and a quote from it is cited as the
// attachment ("ตามไฟล์แนบ regulation.docx ข้อ ๑๒ …"), never as a library document.
import type { Question, RetrievalEvidence, SearchHit } from '../knowledge';
import { matchScore, questionTerms } from './text-match';
import { foldThaiDigits } from '../../src/thai/digits';

export const ATTACHMENT_PREFIX = 'attachment:';
const CLAUSE_START = /^(?:ข้อ(?:ที่)?|มาตรา|หมวด|ส่วนที่)\s*[0-9๐-๙]/;
const PAGE_MARK = /^---\s*หน้า\s*([0-9๐-๙]+)\s*---$/;
const MAX_PIECE = 900;

interface Piece {
  label: string | null;
  page: number;
  text: string;
}

/** Clause-sized pieces: a new piece at each ข้อ/มาตรา/หมวด line, or when one grows too long. */
function piecesOf(text: string): Piece[] {
  const out: Piece[] = [];
  let page = 1;
  let cur: Piece | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const mark = PAGE_MARK.exec(line);
    if (mark) {
      page = Number(foldThaiDigits(mark[1]));
      continue;
    }
    if (!cur || CLAUSE_START.test(line) || cur.text.length + line.length > MAX_PIECE) {
      cur = { label: CLAUSE_START.test(line) ? line.split(/\s+/).slice(0, 2).join(' ') : null, page, text: line };
      out.push(cur);
    } else cur.text += `\n${line}`;
  }
  return out;
}

export const attachmentTitle = (name: string) => `ไฟล์แนบ ${name}`;

/**
 * The attachments' best pieces for the question as search hits, scored on the library's scale (the best
 * of its hits' scores, `top`) so a piece that matches well ranks beside or above the library's clauses;
 * the retrieval score (SearchHit.retrievalScore) likewise on the scale of the library's retrieval scores.
 */
export function attachmentHits(
  attachments: Array<{ name: string; text: string }>,
  question: Question,
  library: SearchHit[],
  max = 4,
): Array<SearchHit & { match: number }> {
  if (!attachments.length || !question.text.trim()) return [];
  const q = questionTerms(question);
  const top = Math.max(0, ...library.map((h) => h.score)) || 1;
  const retrievalTop = Math.max(0, ...library.map((h) => h.retrievalScore ?? h.score)) || 1;
  const hits = attachments.flatMap((a) =>
    piecesOf(a.text).map((p, i) => {
      const match = matchScore(q, p.text);
      const title = attachmentTitle(a.name);
      return {
        documentId: `${ATTACHMENT_PREFIX}${a.name}`,
        title,
        category: null,
        fileType: a.name.split('.').pop()?.toLowerCase() ?? 'txt',
        chunkOrdinal: i,
        text: p.text,
        headingPath: p.label ? [title, p.label] : [title],
        page: p.page,
        score: top * (0.5 + match),
        retrievalScore: retrievalTop * (0.5 + match),
        match,
      };
    }),
  );
  return hits
    .filter((h) => h.match >= 0.2)
    .sort((a, b) => b.match - a.match)
    .slice(0, max);
}

/** Library and attachment hits in one ranking, best first. */
export function withAttachmentHits(library: SearchHit[], files: SearchHit[]): SearchHit[] {
  return [...library, ...files].sort((a, b) => b.score - a.score);
}

/** The stronger of the library's retrieval evidence and the attachment's (how well its best piece matches). */
export function strongerEvidence(library: RetrievalEvidence, files: Array<{ match: number }>): RetrievalEvidence {
  const best = files[0]?.match ?? 0;
  const fromFile = Math.min(95, 100 * Math.min(1, best / 0.7));
  return fromFile > library.confidence ? { ...library, confidence: fromFile } : library;
}
