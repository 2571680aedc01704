// The embedded answerer used when no model server is configured: it leads with the span that answers
// what the question asks (a number, date, person, yes/no; direct-answer.ts), then quotes the sentences
// of the best-matching clauses that cover the question's topic words, introduced by their heading path
// ("ตาม<document> <หมวด …> ข้อ ๕ …"). Nothing is generated, so nothing can be invented.
import escapeStringRegexp from 'escape-string-regexp';
import { foldThaiDigits, nearDuplicate, pageOfPiece, retrievalConfidence, type SearchHit, type Question } from '../knowledge';
import { directSpan } from './direct-answer';
import { followed, versionNotes } from './versions';
import { questionDays } from './date-fit';
import { fold, questionTerms } from './text-match';
import { clauseLabel, quoteClause, type NamedValues, type Quote } from './clause-quote';
import { withoutBlanks } from './clause-pieces';
import { beforeName } from '../../src/thai/spacing';
import { oneLine, sectionsOf } from './sections';

// The clauses an answer is drawn from, embedded or by a model: the same first five. With four, a library
// where another document's look-alike clauses took the first places left the answering clause fifth and
// unread (measured, scripts/eval-answers.ts: campus_dev on library U right 0.725 → 0.75, dorm B 0.72 →
// 0.76; no other set or library changed).
export const ANSWER_CLAUSES = 5;

export interface ExtractiveResult {
  text: string;
  /** The clauses quoted, best first. */
  used: SearchHit[];
  /** The page each quoted clause is cited at: where the words that answer are, for a clause running onto the next. */
  pages: number[];
  /** How well the quoted text covers the question, 0–1. */
  coverage: number;
}

/**
 * "ตาม<title> <หมวด …>" — where the quoted clause sits. Thai writes ตาม against a Thai title; a title that
 * starts with anything else (a Latin file name, a number) gets a space, as a reader would type it.
 */
export function citationLead(hit: SearchHit): string {
  return oneLine([beforeName('ตาม', hit.title), ...citedSections(hit)].join(' '));
}

const citedSections = (hit: SearchHit) => {
  const label = clauseLabel(hit);
  return sectionsOf(hit).filter((h) => h !== label);
};

/**
 * The quote without the name its citation has just given at its start: a form's first line is often its file's name,
 * and the reply read "ตามใบคำร้องขออนุมัติหน่วยกิจกรรม ใบคำร้องขออนุมัติหน่วยกิจกรรม …". A quote that is the name alone
 * stays.
 */
export function afterCitedName(hit: SearchHit, quote: string): string {
  // the innermost heading first: it stands last in the citation, just before the quote
  const names = [...citedSections(hit).reverse(), hit.title].filter((n) => n.trim().length > 0);
  for (const name of names) {
    const opening = new RegExp(`^\\s*${escapeStringRegexp(name.trim()).replace(/\s+/g, '\\s+')}(?:\\s+|$)`);
    const rest = quote.replace(opening, '');
    if (rest !== quote && rest.trim()) return rest;
  }
  return quote;
}

// The evidence a clause needs to be quoted first in place of the one the quote's match put first (and LEAD_MARGIN
// more than it): just over the fallback's 30, so a clause the evidence would show is quoted where the first would fall
// back. Measured on every set (50, 40, 35, 30), the real sets' halves included, on 21831f2: from 50 to 35 the real
// sets (549 questions) gain 8 right answers (held halves 110 -> 117: real_dev held union .366 -> .390,
// real_scan .366 -> .439), at 8 more wrong answers and 5 more near-misses shown, all at 35-50 % (with the staff
// contact); at 30 our own sets' near-misses were answered at 30.8-34.8 % (campus_dev2 near-miss fallback .70 -> .20).
const LEAD_LIKELY = 35;
const LEAD_MARGIN = 10;
// The evidence (0–100) at which a clause is about the question at all: an off-question rule lowers a clause's
// confidence by its weight instead of zeroing it, so "not about it" is a floor, not exactly 0.
const ABOUT_AT_ALL = 1;

// A clause's own headings (หมวด, a calendar's term "ภาคการศึกษาที่ 1/2568") say which of several
// look-alike clauses the question means: the same row exists under every term.
const HEADING_WEIGHT = 0.3;

function headingMatch(q: ReturnType<typeof questionTerms>, hit: SearchHit): number {
  const sections = sectionsOf(hit);
  if (!sections.length || !q.words.length) return 0;
  const heading = fold(sections.join(' '));
  const named = q.words.filter((w) => /\d/.test(w));
  // a term or year the question names decides; otherwise the topic words the heading shares
  if (named.some((w) => w.includes('/'))) return named.some((w) => w.includes('/') && heading.includes(w)) ? 1 : 0;
  return q.words.filter((w) => heading.includes(w)).length / q.words.length;
}

// A copy of a clause in another document is the same text with the same numbers; with other numbers it is
// another version of the rule (versions.ts), quoted beside it.
const numbersIn = (text: string) =>
  foldThaiDigits(text)
    .match(/[0-9][0-9,.]*/g)
    ?.join(' ') ?? '';
const copyOf = (a: SearchHit, b: SearchHit) => nearDuplicate(a.text, b.text) && (a.documentId === b.documentId || numbersIn(a.text) === numbersIn(b.text));

/** The clauses an answer quotes, chosen from the retrieved passages' own text; `answer` writes the answer. */
export interface QuotePlan {
  /** the passages that may be quoted (the lead, and the second if it adds something): only these are read wider */
  quoted: SearchHit[];
  /**
   * `pages`: a quoted passage's wider text to quote from (page-prose.ts); the passage itself decided how well it
   * answers, so which clause is quoted first does not change with its neighbours.
   */
  answer(pages?: ReadonlyMap<SearchHit, SearchHit>): ExtractiveResult | null;
}

export function extractiveAnswer(question: Question, hits: SearchHit[], pages: ReadonlyMap<SearchHit, SearchHit> = new Map()): ExtractiveResult | null {
  return quotePlan(question, hits)?.answer(pages) ?? null;
}

export function quotePlan(question: Question, hits: SearchHit[]): QuotePlan | null {
  if (!hits.length) return null;
  const q = questionTerms(question);
  const asked = question.asked;
  const values: NamedValues = { numbers: [...new Set(question.stated.values())], days: questionDays(question.text) };
  const listAsked = question.list;
  const quoteOf = (hit: SearchHit) => quoteClause(hit, q, asked, values, listAsked, question);
  // the text search's scores: with the evidence order's, the quote would pick the likeliest of more clauses
  // and answer near misses (knowledge/scoring/evidence-order.ts)
  const retrieved = (h: SearchHit) => Math.max(h.retrievalScore ?? h.score, 0);
  const top = Math.max(...hits.slice(0, ANSWER_CLAUSES).map(retrieved)) || 1;
  const quoted = hits
    .slice(0, ANSWER_CLAUSES)
    .map((hit) => ({ hit, ...quoteOf(hit) }))
    // Retrieval already weighed titles, synonyms and the whole library: a clause ranked below the top
    // needs to match much better to be quoted first.
    .map((c) => ({
      ...c,
      rank: (c.score + HEADING_WEIGHT * headingMatch(q, c.hit)) * (retrieved(c.hit) / top),
    }))
    .sort((a, b) => b.rank - a.rank);
  const likely = (c: (typeof quoted)[number] | undefined) => (c ? retrievalConfidence(question, hits, { passage: c.hit }).confidence : 0);
  const first = quoted[0];
  if (!first || first.score < 0.2) return null;
  // The evidence picks the lead among the quoted clauses only for a clear winner: one it finds likely to
  // answer (LEAD_LIKELY) and clearly likelier (LEAD_MARGIN) than the clause the quote's match put first. So a clause it
  // finds likely right (≥ 80 %) is never passed over for one it finds unlikely (< 30 %), which would turn a clear
  // answer into the fallback (a short title clause sharing the topic words over the clause that answers). It is the
  // reference a student reads first and the one the confidence is measured on. Choosing the likeliest of
  // all retrieved clauses outright raised near-miss confidences (measured: campus_dev2 near-miss fallback
  // 0.4 → 0.3 with a 10-point margin alone; the floor keeps it). Of several such clauses the likeliest leads, not the
  // first in the quote's order: a price list's page whose running foot names the unit the question names came before
  // the row that answers.
  const likelyFirst = likely(first);
  const winner = quoted
    .slice(1)
    .filter((c) => c.score >= 0.2 && likely(c) >= Math.max(LEAD_LIKELY, likelyFirst + LEAD_MARGIN))
    .reduce<(typeof quoted)[number] | undefined>((w, c) => (!w || likely(c) > likely(w) ? c : w), undefined);
  const head = winner ?? first;
  // A second clause only when it adds something: never a copy of the first (a duplicate document).
  // (the clause it displaced stays as the second only if the evidence finds it about the question at all)
  const next = winner ? (likelyFirst >= ABOUT_AT_ALL ? first : undefined) : quoted.find((c) => c !== first && !copyOf(c.hit, first.hit));
  const second = next && !copyOf(next.hit, head.hit) && next.score >= 0.35 && next.rank >= Math.min(first.rank, head.rank) * 0.8 ? next : undefined;
  return {
    quoted: [head.hit, ...(second ? [second.hit] : [])],
    answer(pages = new Map()) {
      // the page is read for what the passage's own answer leaves out, never instead of it: a quote from the page
      // that drops (or cuts at its length) a piece the passage's own quote shows is not taken
      const wider = (c: typeof head) => {
        const page = pages.get(c.hit) && quoteOf(pages.get(c.hit)!);
        return page && c.best.length > 0 && c.best.every((p) => page.text.includes(p.slice(0, 40))) ? { ...c, ...page, score: c.score } : c;
      };
      const chosen = [wider(head)];
      const also = second && wider(second);
      if (also && also.text !== chosen[0].text) chosen.push(also);
      return composed(question, chosen);
    },
  };
}

function composed(question: Question, chosen: Array<Quote & { hit: SearchHit }>): ExtractiveResult {
  const asked = question.asked;
  const spans = chosen.map((c) => (asked ? directSpan(asked, question, c.best, c.header) : null));
  // Two documents that answer differently (a draft and the enacted rule, last year's and this year's): the
  // enacted, newer one leads, and the answer says they disagree (versions.ts). Two versions of a rule that state
  // different figures disagree whether or not the figure is the count the question names (which alone may lead), and
  // a permission disagrees with a prohibition, one date with another and one role with another, though no answer leads
  // with a permission, a date or a role the passage only mentions.
  const stated = (i: number) =>
    asked === 'count' || asked === 'whether' || asked === 'when' || asked === 'who'
      ? directSpan(asked, question, chosen[i]!.best, chosen[i]!.header, true)
      : spans[i]!;
  const follow = chosen.length > 1 ? followed({ hit: chosen[0].hit, span: stated(0) }, { hit: chosen[1].hit, span: stated(1) }) : null;
  if (follow && follow === chosen[1].hit) {
    chosen.reverse();
    spans.reverse();
  }
  const lead = spans[0];
  const parts = chosen.map((c, i) => `${i ? 'นอกจากนี้ ' : ''}${citationLead(c.hit)} ${afterCitedName(c.hit, c.text)}`);
  const notes = versionNotes(
    chosen.map((c) => c.hit),
    follow ? { followed: chosen[0].hit, other: chosen[1].hit } : null,
  );
  const text = (lead ? `${lead}\n\n` : '') + [...parts, ...(notes.length ? [notes.join('\n')] : [])].join('\n\n');
  // a clause is cited at the page of the piece its direct answer is read from, else of the piece that answers best
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  const answering = (c: (typeof chosen)[number], i: number) =>
    (i === 0 && lead ? c.best.find((p) => squeeze(p).includes(squeeze(lead))) : undefined) ?? c.best[0] ?? c.text;
  const pages = chosen.map((c, i) => (c.hit.laterPages?.length ? pageOfPiece(c.hit, answering(c, i)) : c.hit.page));
  return { text: withoutBlanks(text), used: chosen.map((c) => c.hit), pages, coverage: Math.min(1, chosen[0].score) };
}
