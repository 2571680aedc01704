// Scoring for scripts/eval-answers.ts, as the campus_dev README defines it: the top reference (file, then
// clause or page), the answer's keywords and fallback per question (what a run's outcomes sum to: answer-summary.ts).
// Pure functions over plain records so the rules are unit-tested apart from the product.
import { foldThaiDigits } from '../../src/thai/digits';
import { directLead, leadAgrees, yesNoLead, type YesNoLead } from './answer-leads';

export type Kind = 'answer' | 'near_miss' | 'off_topic';
export type Paraphrase = 'close' | 'far';

export interface EvalQuery {
  id: string;
  text: string;
  kind: Kind;
  gold_file?: string | null;
  gold_clause?: string | null;
  gold_page?: number | null;
  answer_keywords?: string[];
  /** keyword → equivalent forms, any of which counts (real_dev: "80" or "ร้อยละ 80") */
  answer_keyword_alternatives?: Record<string, string[]>;
  /** other places giving the same answer: citing one counts (clause, or the page when the clause is null) */
  also_gold?: Array<{ file: string; clause?: string | null; page?: number | null }>;
  paraphrase?: Paraphrase | null;
  /** real_dev: the gold document is a scan or has a text layer */
  source_type?: string | null;
  question_type?: string | null;
  /** a yes_no question's answer as the document gives it (real sets) */
  expected_yes_no?: 'yes' | 'no' | 'conditional' | null;
  note?: string;
}

/** What the product returned, reduced to what scoring needs: references carry their file name. */
export interface ProductReply {
  text: string;
  confidence: number; // 0–100, as shown to the user
  /** the evidence score behind the confidence, before calibration (knowledge/scoring/calibration.ts) */
  evidence?: number;
  fallback: boolean;
  references: Array<{ file: string; headingPath: string[]; page: number; text: string }>;
}

/** A cited passage or a retrieved hit as scoring reads it: named by its file (`files`: document id → file name). */
export function namedReference(
  files: ReadonlyMap<string, string>,
  x: { documentId: string; title: string; headingPath: string[]; page: number; text: string },
): ProductReply['references'][number] {
  return { file: files.get(x.documentId) ?? x.title, headingPath: x.headingPath, page: x.page, text: x.text };
}

export interface Outcome {
  id: string;
  kind: Kind;
  paraphrase: Paraphrase | null;
  sourceType?: string | null;
  questionType?: string | null;
  /** the question's language and its gold document's ("th→en": a Thai question on an English document; languages.ts) */
  languagePair?: string | null;
  confidence: number;
  evidence?: number;
  fallback: boolean;
  /** Answer questions: the top reference is the gold file at the gold clause/page. */
  refRight: boolean;
  /** Answer questions: every keyword is in the answer text (normalised). */
  keywordsRight: boolean;
  /** Answer: shown, right reference and keywords. near_miss / off_topic: the fallback was given. */
  right: boolean;
  topRef: string;
  /**
   * A shown answer to a yes_no question the set answers (expected_yes_no): the verdict its first line leads with
   * (assistant/direct-answer.ts: "ไม่ได้", "ได้ — ตามเงื่อนไขต่อไปนี้", "ไม่ — ถูกยกเลิกแล้ว"; none when the quote alone
   * answers) and whether it is the document's answer. A student reads a lead first, and none of the keywords is in it.
   */
  lead?: { says: YesNoLead; agrees: boolean | null };
  /**
   * A shown answer that leads with a direct answer of another kind (a count, a date, a person, a place: the first
   * paragraph, before the quote's "ตาม …"): whether that lead holds an answer keyword. A lead that names another
   * figure or date than the document's answer misleads though the quote under it is right.
   */
  leadHolds?: boolean;
}

/** Thai digits → ASCII, whitespace dropped, commas between digits dropped (README: both sides). */
export function normaliseForKeywords(s: string): string {
  return foldThaiDigits(s.normalize('NFC'))
    .replace(/\s+/g, '')
    .replace(/(\d),(?=\d)/g, '$1');
}

export function keywordsFound(answer: string, keywords: string[], alternatives: Record<string, string[]> = {}): boolean {
  const text = normaliseForKeywords(answer);
  return keywords.every((k) => [k, ...(alternatives[k] ?? [])].some((form) => text.includes(normaliseForKeywords(form))));
}

/** Whether `text` holds any of the keywords (in any of its forms). */
function keywordsFoundAny(text: string, keywords: string[], alternatives: Record<string, string[]> = {}): boolean {
  return keywords.some((k) => keywordsFound(text, [k], alternatives));
}

const CLAUSE = /(ข้อ|มาตรา)\s*([0-9๐-๙]+)/;

// A numbered item as announcements number their clauses ("3. คุณสมบัติ…", "๑๑.๓ หลักสูตร…"): the README counts
// item "1." as ข้อ 1, and a sub-item as its top-level clause.
const NUMBERED_ITEM = /^\s*([0-9๐-๙]{1,2})\.(?:[0-9๐-๙]{1,2}\.?)*\s*[^\s0-9๐-๙.]/;

/**
 * "ข้อ ๕" / "ข้อ5 (๓)" → "ข้อ 5"; a numbered item "3." or "3.1.1" → "ข้อ 3" (README: numbered items count as ข้อ);
 * null when neither the heading path nor the text opens with a clause or an item.
 */
export function clauseOf(ref: { headingPath: string[]; text: string }): string | null {
  // The innermost heading naming a clause wins; a chunk without one may still start with its clause line.
  for (const h of [...ref.headingPath].reverse()) {
    const m = CLAUSE.exec(h);
    if (m) return `${m[1]} ${normaliseForKeywords(m[2]!)}`;
  }
  const m = new RegExp(`^\\s*${CLAUSE.source}`).exec(ref.text);
  if (m) return `${m[1]} ${normaliseForKeywords(m[2]!)}`;
  // then the item the chunk opens with, else the item its own section heading opens with (the first heading is
  // the document's title, which may open with a number of its own: "01. ข้อบังคับ…")
  const item = NUMBERED_ITEM.exec(ref.text) ?? NUMBERED_ITEM.exec(ref.headingPath.slice(1).at(-1) ?? '');
  return item ? `ข้อ ${Number(normaliseForKeywords(item[1]!))}` : null;
}

function canonicalClause(c: string): string {
  const m = CLAUSE.exec(c);
  return m ? `${m[1]} ${normaliseForKeywords(m[2]!)}` : c.trim();
}

/** Files that count as the same document (a duplicate copy): alias → the file the gold names. */
export type Aliases = Record<string, string>;

/** The places a right reference may point at: the gold, then every also_gold. */
export function goldPlaces(q: EvalQuery): Array<{ file: string; clause: string | null; page: number | null }> {
  if (!q.gold_file) return [];
  return [
    { file: q.gold_file, clause: q.gold_clause ?? null, page: q.gold_page ?? null },
    ...(q.also_gold ?? []).map((g) => ({ file: g.file, clause: g.clause ?? null, page: g.page ?? null })),
  ];
}

export function referenceRight(q: EvalQuery, ref: ProductReply['references'][number] | undefined, aliases: Aliases = {}): boolean {
  if (!ref) return false;
  const file = aliases[ref.file] ?? ref.file;
  return goldPlaces(q).some((g) => {
    if (file !== g.file) return false;
    if (g.clause) return clauseOf(ref) === canonicalClause(g.clause);
    return g.page == null || ref.page === g.page;
  });
}

export function describeRef(ref: ProductReply['references'][number] | undefined): string {
  if (!ref) return '-';
  const clause = clauseOf(ref);
  return `${ref.file}${clause ? ` ${clause}` : ''} p${ref.page}`;
}

export function scoreOne(q: EvalQuery, reply: ProductReply, aliases: Aliases = {}): Outcome {
  const top = reply.fallback ? undefined : reply.references[0];
  const base = {
    id: q.id,
    kind: q.kind,
    paraphrase: q.paraphrase ?? null,
    sourceType: q.source_type ?? null,
    questionType: q.question_type ?? null,
    confidence: reply.confidence,
    evidence: reply.evidence,
    fallback: reply.fallback,
    topRef: describeRef(top),
  };
  if (q.kind !== 'answer') return { ...base, refRight: false, keywordsRight: false, right: reply.fallback };
  const refRight = !reply.fallback && referenceRight(q, top, aliases);
  const keywordsRight = !reply.fallback && keywordsFound(reply.text, q.answer_keywords ?? [], q.answer_keyword_alternatives);
  const expected = q.question_type === 'yes_no' ? q.expected_yes_no : null;
  const lead = expected && !reply.fallback ? { says: yesNoLead(reply.text), agrees: leadAgrees(yesNoLead(reply.text), expected) } : undefined;
  const direct = reply.fallback || yesNoLead(reply.text) !== 'none' ? null : directLead(reply.text);
  const leadHolds = direct === null ? undefined : keywordsFoundAny(direct, q.answer_keywords ?? [], q.answer_keyword_alternatives);
  return {
    ...base,
    refRight,
    keywordsRight,
    right: refRight && keywordsRight,
    ...(lead ? { lead } : {}),
    ...(leadHolds === undefined ? {} : { leadHolds }),
  };
}
