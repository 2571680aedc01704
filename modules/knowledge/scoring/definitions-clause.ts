// A regulation's definitions clause ("ในระเบียบนี้ “นักศึกษา” หมายความว่า … “ภาคการศึกษา” หมายความว่า …") holds
// the regulation's most general words, the ones every question repeats (นักศึกษา, ปริญญาตรี, ภาคการศึกษา), and
// answers none of those questions: it says what the words mean, not what to do. Ranked by its words, it
// stood first for questions another clause answers (a fee while on leave, the payment after restoration).
// Unless the question asks what a word means, its score is lowered: a prior on the kind of clause, which
// orders the hits. The evidence (evidence.ts) still weighs it as a competitor by what it matches
// (matchScore), as the confidence model was fitted: with the lowered score as its margin's competitor, a
// near miss ("นักศึกษาต้องแต่งกายอย่างไร…", on dress, which the regulation never covers) was answered at 63 %
// with the clause on trips. Applied where titles are (the text search's BM25 scores; title-field.ts).
// Measured with scripts/eval-answers.ts and eval-retrieval.ts at 0.8 (the first value tried; 0.9 kept
// half the gain): hit@1 leave +1 question on every library (A, B, S, U, US), campus_dev A, G, S200 and U
// +1, criminal code 0.507 → 0.521; no hit@1 or hit@5 lost on any set or library; xquad_th, iApp, act and
// civil unchanged. Answers: right leave S 0.562 → 0.594, US 0.50 → 0.531, campus_dev2 US 0.56 → 0.58, leave
// ECE 0.10–0.19 → 0.07–0.15; a leave question answered wrongly with the definitions at 64 % falls back
// (fallback A/B 0.219 → 0.25); with the dormitory regulation in the library, campus_dev's "เพื่อนต่างเพศ
// ขึ้นห้อง" is answered by its ban instead of falling back (counted as a near-miss answered); campus_dev A
// and B unchanged.
import type { SearchHit } from '../index/search-hit.ts';

const DEFINES = /หมายความว่า|หมายถึง/g;
// a clause defining two terms or more is a definitions clause; one "หมายถึง" may be part of a rule
const DEFINED_TERMS = 2;
// what a word means, or what it takes in ("องค์กรนักศึกษานับรวมใครบ้าง ชมรมนับด้วยมั้ย")
const ASKS_MEANING = /หมายความว่า|หมายถึง|คำว่า|ความหมาย|นิยาม|แปลว่า|คืออะไร|คือใคร|คือผู้ใด|นับรวม|รวมถึง|นับเป็น/;

const DEFINITIONS_WEIGHT = 0.8;

/** Whether the clause defines two terms or more. */
export function isDefinitions(text: string): boolean {
  return (text.match(DEFINES)?.length ?? 0) >= DEFINED_TERMS;
}

/** Hits with a definitions clause's score lowered, best first, unless the question asks what something means. */
export function definitionsAfterRules(query: string, hits: SearchHit[]): SearchHit[] {
  if (ASKS_MEANING.test(query) || !hits.some((h) => isDefinitions(h.text))) return hits;
  return hits.map((h) => (isDefinitions(h.text) ? { ...h, score: h.score * DEFINITIONS_WEIGHT, matchScore: h.score } : h)).sort((a, b) => b.score - a.score);
}
