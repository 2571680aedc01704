// A retrieved clause's folded text (tokens.ts fold), kept for the turns after: the same clauses come back turn after
// turn, and the evidence (evidence.ts, a clause beside its title and headings) and the order's proximity term
// (proximity.ts, a clause beside its headings) each read the clauses folded. One memo holds both.
import { fold } from '../index/tokens.ts';
import { memoByString } from '../question/memo.ts';

export const foldedText = memoByString(fold, 1024, Infinity);
