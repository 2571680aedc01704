// One retrieved clause quoted for a question: its sentence-sized pieces (clause-pieces.ts) weighed against the
// question's words, what the question asks and the values it names; the pieces that answer are quoted with what
// they need to be read (a list item's lead-in, a row's header, a proviso, the sentence a qualifier belongs to).
import {
  boundsMet,
  CONTINUATION_WORDS,
  DIRECT_KINDS,
  foldThaiDigits,
  kindEntry,
  opensWith,
  PROVISO_WORDS,
  QUALIFIER_WORDS,
  type Question,
  type SearchHit,
  type StatedNumber,
} from '../knowledge';
import type { Asked } from './direct-answer';
import { OTHER_LANGUAGE_WEIGHT, otherLanguage } from './language';
import { dateFits, type AskedDay } from './date-fit';
import { FULL_MONTH_PATTERN, SHORT_MONTH_PATTERN } from '../../src/thai/months';
import { fold, matchScore, type questionTerms } from './text-match';
import {
  ADDRESSEE_LINE,
  CLAUSE_START,
  COURSE_ENTRY,
  headerOf,
  LEADS_A_LIST,
  LIST_ITEM,
  namesRowKey,
  pieces,
  PREREQUISITE_LINE,
  SUB_ITEM,
  SUBJECT_LINE,
  TABLE_ROW,
  wrappedCell,
} from './clause-pieces';
import { sectionsOf } from './sections';

// Pieces that belong to the one before them (knowledge/lexicon/qualifiers.ts says which and why).
const QUALIFIER = opensWith(QUALIFIER_WORDS);
const PROVISO = opensWith(PROVISO_WORDS);
const CONTINUATION = opensWith(CONTINUATION_WORDS);
// The quote of the pieces that answer runs to this length before it is cut ("…"): pieces chosen together (a procedure's
// steps, a list's items) run past 700 characters. At 700, two answers of the real sets' held questions lost their key
// fact to the cut; from 1,000 to 2,000 none did (`fail-classes.ts` and the battery, 5 Dec 2026; the length was read off
// those held counts, and nothing but the shown text reads it: not the confidence, the fallback or the references).
const MAX_CLAUSE_CHARS = 1000;
// A clause this short is one rule in a few sentences: it is quoted whole, as a reader would copy it. Quoted in part, the
// sentence naming who decides, the row's value or the condition after a break is left out while the piece that shares
// the question's words is shown: the key fact was in the cited clause and not in the answer (scripts/eval/keyword-misses.ts
// "quote" bucket). Which pieces answer best (`best`, the direct answer's lead) is still read from the scores alone.
export const WHOLE_CLAUSE_CHARS = 300;
// A clause of sentences alone (no list items, no table rows) is quoted whole up to this length: its
// conditions and exceptions are read with the sentence asked about. A list or a table of that length is still read by
// the items or rows that answer: quoted whole, a grading scale's or a fee table's every band stood beside the one
// asked for (direct-answer.test.ts), and every clause up to this length quoted whole failed seven such tests.
export const WHOLE_PROSE_CHARS = 700;

// A calendar or a schedule whose column gap extraction lost (a typed list, an OCR'd table): one line an event and its
// date ("สอบปลายภาค วันที่ ๒๔ พฤศจิกายน - ๕ ธันวาคม ๒๕๖๘"), under a title line at most. Its lines are rows, not sentences:
// quoted whole as prose, the one row asked for stood among ten others.
const DATED_LINE = new RegExp(`(?:${FULL_MONTH_PATTERN}|${SHORT_MONTH_PATTERN})|[0-9๐-๙]{1,2}\\s*/\\s*[0-9๐-๙]{1,2}\\s*/\\s*[0-9๐-๙]{2,4}`);
const SCHEDULE_LINE_CHARS = 100;
const isSchedule = (ps: string[]) => {
  const dated = ps.filter((p) => p.length <= SCHEDULE_LINE_CHARS && DATED_LINE.test(p)).length;
  return dated >= 3 && dated >= ps.length - 1;
};

/**
 * The clause a passage sits in: its innermost heading when that opens like a clause ("ข้อ ๕", "มาตรา ๓"). The first
 * heading is the document's title, and a file named like a clause ("ข้อ 7 การสมรรถนะ.pdf") is no clause of itself:
 * read as one, the quote opened with the title that ตาม had just cited.
 */
export function clauseLabel(hit: SearchHit): string | null {
  const last = sectionsOf(hit).at(-1);
  return last && CLAUSE_START.test(last) ? last : null;
}

// Bonus for a piece holding the kind of span the question asks for, or whose bracket (or period) admits a
// number (or day) the question states ("งบ 5 หมื่น" → "เกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท", "คะแนนเหลือ 55"
// → "ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน"): these decide which sentence of a clause answers, where topic words
// alone tie.
const TYPE_BONUS = 0.15;
const BRACKET_BONUS = 0.3;
const HOLDS = Object.fromEntries(DIRECT_KINDS.map((kind) => [kind, kindEntry(kind).quoted!])) as Record<Asked, RegExp>;
// the kinds answered by a figure (an amount, a count, a date), which a quote without one does not answer
const FIGURE_KINDS: ReadonlySet<Asked> = new Set(['count', 'when']);
// an item's own number at the start of its text: "๑. ", "2) "
const ITEM_NUMBER = /^([0-9๐-๙]+)[.)]\s*/;
const NUMBER_LABEL = /^(?:(?:ข้อ(?:ที่)?|มาตรา)\s*[0-9๐-๙]+\s*)?(?:\(?[0-9๐-๙]+(?:\.[0-9๐-๙]+)*[).]\s*)?/;

/** What the question names that a piece's bracket or period admits or not: numbers (amounts, scores, terms) and days. */
export interface NamedValues {
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

export interface Quote {
  text: string;
  score: number;
  best: string[];
  header?: string;
}

export function quoteClause(
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
  // A question asking how much, how many or when wants to read the figure: when no piece chosen holds one, the
  // best-matching piece that does (one sharing the question's words besides holding a figure) joins the quote, so a
  // clause whose amount sits on its own line below the sentence that matched still shows it.
  // (a clause's or an item's own number, "ข้อ ๗", "(๒)", is no figure)
  const holdsFigure = (p: string) => HOLDS[asked!].test(p.replace(NUMBER_LABEL, ''));
  if (asked && FIGURE_KINDS.has(asked) && ![...keep].some((i) => holdsFigure(ps[i]))) {
    const figure = ps.reduce((b, p, i) => (holdsFigure(p) && scores[i] > TYPE_BONUS && (b < 0 || scores[i] > scores[b]) ? i : b), -1);
    if (figure >= 0) keep.add(figure);
  }
  // A named row is quoted, and a chosen row needs the header row to be read.
  ps.forEach((_, i) => namedRow(i) && keep.add(i));
  // A row's first cell wrapped over two lines is quoted whole: the line naming the row with the row giving its value.
  for (const i of [...keep]) {
    if (wrappedCell(ps[i], ps[i - 1], ps[i + 1])) keep.add(i + 1);
    if (i > 0 && wrappedCell(ps[i - 1], ps[i - 2], ps[i])) keep.add(i - 1);
  }
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
  // and a course's entry with its prerequisite line: the entry quoted for the course's name left the line under it out
  // ("…" between the entry and the description), and the prerequisite quoted alone did not say which course it is
  for (const i of [...keep]) {
    if (COURSE_ENTRY.test(ps[i]) && PREREQUISITE_LINE.test(ps[i + 1] ?? '')) keep.add(i + 1);
    if (i > 0 && PREREQUISITE_LINE.test(ps[i]) && COURSE_ENTRY.test(ps[i - 1]!)) keep.add(i - 1);
  }
  const answering = [...keep];
  // (a table is read by its rows: the row asked for with its header, not the rows beside it, which a reader would
  // take for the answer)
  const size = ps.reduce((n, p) => n + p.length, 0);
  const prose = !ps.some((p) => LIST_ITEM.test(p) || SUB_ITEM.test(p)) && !isSchedule(ps);
  if (keep.size > 0 && !ps.some((p) => TABLE_ROW.test(p)) && (size <= WHOLE_CLAUSE_CHARS || (prose && size <= WHOLE_PROSE_CHARS)))
    ps.forEach((_, i) => keep.add(i));
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
  if (label && !CLAUSE_START.test(text)) {
    const head = label.split('–')[0]!;
    // An announcement numbers its items "๑." with no ข้อ, and the chunker labels such an item ข้อ ๑: its own number
    // is what the label says, so "ข้อ ๑ ๑. นักศึกษา…" is quoted "ข้อ ๑ นักศึกษา…".
    const own = keep.has(0) ? ITEM_NUMBER.exec(text) : null;
    text =
      own && foldThaiDigits(own[1]!) === foldThaiDigits(head.replace(/^\S+\s*/, ''))
        ? `${head} ${text.slice(own[0].length)}`
        : `${head} ${keep.has(0) ? '' : '… '}${text}`;
  }
  // Pieces that answer, best first (a table's header row is context, not an answer).
  const ranked = answering
    .filter((i) => i !== header)
    .sort((a, b) => scores[b] - scores[a] || a - b)
    .map((i) => ps[i]);
  // only a header with its columns marked names the cells of a row read alone (direct-answer.ts readRow)
  return { text, score: best, best: ranked, header: header >= 0 && TABLE_ROW.test(ps[header]) ? ps[header] : undefined };
}
