// The embedded answerer used when no model server is configured: it leads with the span that answers
// what the question asks (a number, date, person, yes/no; direct-answer.ts), then quotes the sentences
// of the best-matching clauses that cover the question's topic words, introduced by their heading path
// ("ตาม<document> <หมวด …> ข้อ ๕ …"). Nothing is generated, so nothing can be invented.
import {
  boundsMet,
  CONTINUATION_WORDS,
  DIRECT_KINDS,
  foldThaiDigits,
  opensWith,
  PROVISO_WORDS,
  QUALIFIER_WORDS,
  kindEntry,
  nearDuplicate,
  retrievalConfidence,
  type SearchHit,
  type Question,
  type StatedNumber,
} from '../knowledge';
import { directSpan, type Asked } from './direct-answer';
import { followed, versionNotes } from './versions';
import { OTHER_LANGUAGE_WEIGHT, otherLanguage } from './language';
import { dateFits, questionDays, type AskedDay } from './date-fit';
import { fold, matchScore, questionTerms } from './text-match';
import { ADDRESSEE_LINE, CLAUSE_START, headerOf, LEADS_A_LIST, LIST_ITEM, namesRowKey, pieces, SUB_ITEM, SUBJECT_LINE, TABLE_ROW } from './clause-pieces';

// Pieces that belong to the one before them (knowledge/lexicon/qualifiers.ts says which and why).
const QUALIFIER = opensWith(QUALIFIER_WORDS);
const PROVISO = opensWith(PROVISO_WORDS);
const CONTINUATION = opensWith(CONTINUATION_WORDS);
const MAX_CLAUSE_CHARS = 700;

// The clauses an answer is drawn from, embedded or by a model: the same first five. With four, a library
// where another document's look-alike clauses took the first places left the answering clause fifth and
// unread (measured, scripts/eval-answers.ts: campus_dev on library U right 0.725 → 0.75, dorm B 0.72 →
// 0.76; no other set or library changed).
export const ANSWER_CLAUSES = 5;

export interface ExtractiveResult {
  text: string;
  /** The clauses quoted, best first. */
  used: SearchHit[];
  /** How well the quoted text covers the question, 0–1. */
  coverage: number;
}

function clauseLabel(hit: SearchHit): string | null {
  const last = hit.headingPath[hit.headingPath.length - 1];
  return last && CLAUSE_START.test(last) ? last : null;
}

/**
 * "ตาม<title> <หมวด …>" — where the quoted clause sits. Thai writes ตาม against a Thai title; a title that
 * starts with anything else (a Latin file name, a number) gets a space, as a reader would type it.
 */
export function citationLead(hit: SearchHit): string {
  const label = clauseLabel(hit);
  const sections = hit.headingPath.slice(hit.headingPath[0] === hit.title ? 1 : 0).filter((h) => h !== label);
  return [`ตาม${!hit.title || /^[\u0e00-\u0e7f]/.test(hit.title) ? '' : ' '}${hit.title}`, ...sections].join(' ');
}

// Bonus for a piece holding the kind of span the question asks for, or whose bracket (or period) admits a
// number (or day) the question states ("งบ 5 หมื่น" → "เกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท", "คะแนนเหลือ 55"
// → "ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน"): these decide which sentence of a clause answers, where topic words
// alone tie.
const TYPE_BONUS = 0.15;
const LEAD_LIKELY = 50;
const LEAD_MARGIN = 10;
const BRACKET_BONUS = 0.3;
// The evidence (0–100) at which a clause is about the question at all: an off-question rule lowers a clause's
// confidence by its weight instead of zeroing it, so "not about it" is a floor, not exactly 0.
const ABOUT_AT_ALL = 1;
const HOLDS = Object.fromEntries(DIRECT_KINDS.map((kind) => [kind, kindEntry(kind).quoted!])) as Record<Asked, RegExp>;

/** What the question names that a piece's bracket or period admits or not: numbers (amounts, scores, terms) and days. */
interface NamedValues {
  numbers: StatedNumber[];
  days: AskedDay[];
}

function pieceScore(q: ReturnType<typeof questionTerms>, asked: Asked | null, values: NamedValues, piece: string): number {
  let score = matchScore(q, piece);
  if (asked && HOLDS[asked].test(piece)) score += TYPE_BONUS;
  const fits = [...values.numbers.map((n) => boundsMet(piece, n)), ...values.days.map((d) => dateFits(piece, d))];
  for (const f of fits) if (f !== null) score += f ? BRACKET_BONUS : -BRACKET_BONUS;
  return score;
}

interface Quote {
  text: string;
  score: number;
  best: string[];
  header?: string;
}

function quoteClause(
  hit: SearchHit,
  q: ReturnType<typeof questionTerms>,
  asked: Asked | null,
  values: NamedValues,
  listAsked: boolean,
  question: Question,
): Quote {
  const ps = pieces(hit.text);
  // A list item is read with the lead-in that says what it lists ("ห้ามผู้พักกระทำการดังต่อไปนี้ … (๕)
  // ส่งเสียงดัง…"): the question's words are spread over both.
  // The lead-in is the piece before the list: items and an item's own further sentences ("(๑) … ให้แจ้ง
  // ผู้ปกครอง" "และนักศึกษาต้อง…") are passed over.
  const inList = (j: number): boolean =>
    LIST_ITEM.test(ps[j]) || ((QUALIFIER.test(ps[j]) || CONTINUATION.test(ps[j]) || SUB_ITEM.test(ps[j])) && j > 0 && inList(j - 1));
  const leadInAt = (i: number) => {
    let j = i - 1;
    while (j >= 0 && inList(j)) j--;
    return j;
  };
  const leadIn = (i: number) => {
    const j = leadInAt(i);
    return j >= 0 && LEADS_A_LIST.test(ps[j]) ? ps[j] : '';
  };
  const header = headerOf(ps);
  // A table row is named by a question word the header lacks (the row's own name: "ชมรม", "ปริญญาโท")
  // or by its key ("B+").
  const rowWords = header >= 0 ? q.words.filter((w) => !fold(ps[header]).includes(w)) : [];
  const namedRow = (i: number) =>
    header >= 0 && i > header && TABLE_ROW.test(ps[i]) && (rowWords.some((w) => fold(ps[i]).includes(w)) || namesRowKey(question.text, ps[i]));
  // A row the question names is read with its header, as an item with its lead-in: the scanned fee table's
  // row "ปริญญาโท | ๓,๐๐๐" answers "ค่ารักษาสภาพปริญญาโทเท่าไร" through the header "ค่ารักษาสภาพ
  // (บาทต่อภาคการศึกษา)". (Every row read with the header would score alike, and the whole table be quoted.)
  const context = (p: string, i: number) => (LIST_ITEM.test(p) ? `${leadIn(i)} ${p}` : namedRow(i) ? `${ps[header]} ${p}` : p);
  // A number weighs the pieces only where one of them takes it in: that bracket is the answer and the others
  // are not. Where none does, the bound it fails is still the answer ("เกรดตกเหลือ 2.4 จะโดนตัดทุนไหม" and
  // "ต้องมีคะแนนเฉลี่ยไม่ต่ำกว่า ๓.๐๐").
  const inBracket = { ...values, numbers: values.numbers.filter((n) => ps.some((p, i) => boundsMet(context(p, i), n) === true)) };
  // a bilingual clause is quoted from the half in the question's language (language.ts)
  const scores = ps.map((p, i) => pieceScore(q, asked, inBracket, context(p, i)) * (otherLanguage(question.text, p) ? OTHER_LANGUAGE_WEIGHT : 1));
  const best = Math.max(0, ...scores);
  const keep = new Set<number>();
  scores.forEach((s, i) => s >= Math.max(0.15, best * 0.6) && keep.add(i));
  // A named row is quoted, and a chosen row needs the header row to be read.
  ps.forEach((_, i) => namedRow(i) && keep.add(i));
  if ([...keep].some((i) => i > header && header >= 0 && TABLE_ROW.test(ps[i]))) {
    keep.add(header);
    // and the sentence announcing the table ("ค่าบำรุงหอพักให้เป็นไปตามอัตราดังต่อไปนี้") says what it lists
    if (header > 0 && LEADS_A_LIST.test(ps[header - 1])) keep.add(header - 1);
  }
  // A procedure's steps (list-items.ts read them together) answer a question on the procedure: all of them.
  const steps = ps.flatMap((p, i) => (LIST_ITEM.test(p) ? [i] : []));
  if (question.steps && steps.length > 1 && steps.some((i) => keep.has(i))) for (const i of steps) keep.add(i);
  // For a question asking which things, until nothing changes: each rule can bring in a piece another
  // applies to (a deadline's "โดยโครงการต้องประกอบด้วย … ดังต่อไปนี้" joins as its qualifier, and then
  // its items are the answer). Otherwise once: "กี่วัน" is answered without the list.
  for (let size = -1; size !== keep.size && (size < 0 || listAsked); ) {
    size = keep.size;
    // A chosen lead-in that announces a list ("… ดังต่อไปนี้") is useless without its items: all of them,
    // unless one was chosen on its own (the band a stated score falls in), or the question asks for the list.
    for (const i of [...keep]) {
      if (!LEADS_A_LIST.test(ps[i])) continue;
      const items: number[] = [];
      // an item's own further sentences ("และ …", "แต่ …") do not end the list
      for (let j = i + 1; j < ps.length && (LIST_ITEM.test(ps[j]) || QUALIFIER.test(ps[j]) || CONTINUATION.test(ps[j]) || SUB_ITEM.test(ps[j])); j++)
        if (LIST_ITEM.test(ps[j])) items.push(j);
      if (listAsked || !items.some((j) => keep.has(j))) for (const j of items) keep.add(j);
    }
    // Chosen list items need the lead-in that says what they list.
    for (const i of [...keep]) if (LIST_ITEM.test(ps[i]) && leadInAt(i) >= 0) keep.add(leadInAt(i));
    // A proviso after the list (PROVISO) limits every item quoted.
    const firstItem = Math.min(...[...keep].filter((i) => LIST_ITEM.test(ps[i])));
    for (let j = firstItem + 1; j < ps.length; j++) if (PROVISO.test(ps[j])) keep.add(j);
    // Exceptions, conditions and penalties stay with the sentence they qualify.
    // and an item's bulleted details ("(๒) ค่าพาหนะ ให้เบิกจ่ายดังนี้" "- ระยะทางระหว่างจังหวัด …") stay with it
    for (const i of [...keep].sort((a, b) => a - b))
      for (
        let j = i + 1;
        j < ps.length && (QUALIFIER.test(ps[j]) || CONTINUATION.test(ps[j]) || (SUB_ITEM.test(ps[j]) && !SUB_ITEM.test(ps[i]) && LIST_ITEM.test(ps[i])));
        j++
      )
        keep.add(j);
    for (const i of [...keep].sort((a, b) => b - a)) for (let j = i; j > 0 && CONTINUATION.test(ps[j]); j--) keep.add(j - 1);
  }
  // a form found by its subject is addressed by the line below it: the two are read together, as a row with its header
  for (const i of [...keep]) if (SUBJECT_LINE.test(ps[i]) && ADDRESSEE_LINE.test(ps[i + 1] ?? '')) keep.add(i + 1);
  let text = '';
  let prev = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (text.length > MAX_CLAUSE_CHARS && !QUALIFIER.test(ps[i])) {
      text += ' …';
      break;
    }
    const gap = prev >= 0 && i > prev + 1;
    const sep = !text ? '' : LIST_ITEM.test(ps[i]) || TABLE_ROW.test(ps[i]) ? '\n' : ' ';
    text += (gap && !TABLE_ROW.test(ps[i]) ? ' … ' : sep) + ps[i];
    prev = i;
  }
  const label = clauseLabel(hit);
  if (label && !CLAUSE_START.test(text)) text = `${label.split('–')[0]} ${keep.has(0) ? '' : '… '}${text}`;
  // Pieces that answer, best first (a table's header row is context, not an answer).
  const ranked = [...keep]
    .filter((i) => i !== header)
    .sort((a, b) => scores[b] - scores[a] || a - b)
    .map((i) => ps[i]);
  // only a header with its columns marked names the cells of a row read alone (direct-answer.ts readRow)
  return { text, score: best, best: ranked, header: header >= 0 && TABLE_ROW.test(ps[header]) ? ps[header] : undefined };
}

// A clause's own headings (หมวด, a calendar's term "ภาคการศึกษาที่ 1/2568") say which of several
// look-alike clauses the question means: the same row exists under every term.
const HEADING_WEIGHT = 0.3;

function headingMatch(q: ReturnType<typeof questionTerms>, hit: SearchHit): number {
  const sections = hit.headingPath.slice(hit.headingPath[0] === hit.title ? 1 : 0);
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
  const values: NamedValues = { numbers: [...question.stated.values()], days: questionDays(question.text) };
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
      rank:
        (c.score + HEADING_WEIGHT * headingMatch(q, c.hit)) * (retrieved(c.hit) / top) * (otherLanguage(question.text, c.hit.text) ? OTHER_LANGUAGE_WEIGHT : 1),
    }))
    .sort((a, b) => b.rank - a.rank);
  // The evidence model decides between clauses only at the bands' edges: a clause it finds likely
  // right (≥ 80 %) is not passed over for one it finds unlikely (< 30 %), which would turn a clear
  // answer into the fallback (a short title clause sharing the topic words over the clause that answers).
  const likely = (c: (typeof quoted)[number] | undefined) => (c ? retrievalConfidence(question, hits, { passage: c.hit }).confidence : 0);
  const sure = quoted.find((c) => c.hit === hits[0]);
  if (sure && sure !== quoted[0] && sure.score >= 0.2 && likely(sure) >= 80 && likely(quoted[0]) < 30)
    quoted.unshift(...quoted.splice(quoted.indexOf(sure), 1));
  const first = quoted[0];
  if (!first || first.score < 0.2) return null;
  // The evidence picks the lead among the quoted clauses only for a clear winner: one it finds likely to
  // answer (≥ 50 %) and clearly likelier (by 10 points) than the clause retrieval ranked first. It is the
  // reference a student reads first and the one the confidence is measured on. Choosing the likeliest of
  // all retrieved clauses outright raised near-miss confidences (measured: campus_dev2 near-miss fallback
  // 0.4 → 0.3 with a 10-point margin alone; the 50 % floor keeps it).
  const likelyFirst = likely(first);
  const winner = quoted.slice(1).find((c) => c.score >= 0.2 && likely(c) >= Math.max(LEAD_LIKELY, likelyFirst + LEAD_MARGIN));
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
  // enacted, newer one leads, and the answer says they disagree (versions.ts).
  const follow = chosen.length > 1 ? followed({ hit: chosen[0].hit, span: spans[0] }, { hit: chosen[1].hit, span: spans[1] }) : null;
  if (follow && follow === chosen[1].hit) {
    chosen.reverse();
    spans.reverse();
  }
  const lead = spans[0];
  const parts = chosen.map((c, i) => `${i ? 'นอกจากนี้ ' : ''}${citationLead(c.hit)} ${c.text}`);
  const notes = versionNotes(
    chosen.map((c) => c.hit),
    follow ? { followed: chosen[0].hit, other: chosen[1].hit } : null,
  );
  const text = (lead ? `${lead}\n\n` : '') + [...parts, ...(notes.length ? [notes.join('\n')] : [])].join('\n\n');
  return { text, used: chosen.map((c) => c.hit), coverage: Math.min(1, chosen[0].score) };
}
