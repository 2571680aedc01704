// The evidence for one passage is asked for more than once a turn: the evidence order weighs each of the first
// clauses (evidence-order.ts), and the answer weighs the ones it may quote or give a model again
// (assistant/accuracy.ts), over the same retrieved passages in the order's new order. Each is computed once per
// question reading (a Question lives for one turn) and given again while what it read is the same.
//
// What evidenceFor reads (evidence.ts): the question; the passage's title, document name, headings, text and
// document text; and of every retrieved passage its title, document name, headings, text and matched score
// (`matchScore`, else `score`), in any order (the margin takes the best competitor), except when the passage has
// no document text: then everything retrieved, joined in order, stands for its document. A feature that reads
// anything else of the hits must be added to `sameHits`.
import { evidenceFor, type Evidence } from './evidence.ts';
import type { Question } from '../question/question.ts';
import type { SearchHit } from '../index/search-hit.ts';

interface Weighed {
  passage: SearchHit;
  hits: readonly SearchHit[];
  evidence: Evidence;
}

const weighedFor = new WeakMap<Question, Weighed[]>();
// a question weighs at most a few dozen passages; past this many the list is started again
const KEEP_PER_QUESTION = 64;

const matched = (h: SearchHit) => h.matchScore ?? h.score;

function samePassage(a: SearchHit, b: SearchHit): boolean {
  return (
    a === b ||
    (a.text === b.text &&
      a.title === b.title &&
      a.documentName === b.documentName &&
      sameList(a.headingPath, b.headingPath) &&
      Object.is(matched(a), matched(b)))
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The same passages, in the same order when `ordered`, else in any order (each matched once). */
function sameHits(a: readonly SearchHit[], b: readonly SearchHit[], ordered: boolean): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  if (ordered) return a.every((h, i) => samePassage(h, b[i]!));
  const left = [...b];
  for (const h of a) {
    const i = left.findIndex((o) => samePassage(h, o));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** evidenceFor(question, hits, passage), computed once for what it reads. */
export function evidenceOnce(question: Question, hits: SearchHit[], passage: SearchHit): Evidence {
  let list = weighedFor.get(question);
  if (!list) weighedFor.set(question, (list = []));
  const ordered = passage.documentText === undefined;
  for (const w of list)
    if (w.passage.documentText === passage.documentText && samePassage(w.passage, passage) && sameHits(w.hits, hits, ordered)) return w.evidence;
  const evidence = Object.freeze(evidenceFor(question, hits, passage));
  if (list.length >= KEEP_PER_QUESTION) list.length = 0;
  list.push({ passage, hits: [...hits], evidence });
  return evidence;
}
