// The real_more set (scripts/eval/data/real_more/README.md): more real libraries of Thai university documents
// (RMUTI, KU, SSKRU), held out as a whole, each with its own questions; 'union' holds them all, 'union_all' them
// with real_dev's three libraries (the questions are real_more's: an answer must not turn into a fallback or a wrong
// answer because eighty more documents of three other universities are present). Unions are composed from the
// extracted libraries (library-cache.ts prepareUnion), never read again by OCR.
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedSetQueries, fetchedSetRuns, type FetchedSet } from './fetched-set';
import type { EvalRun } from './real-dev';

export const REAL_MORE_ROOT = join(import.meta.dir, 'data', 'real_more');
export const REAL_MORE_UNIVERSITIES = ['rmuti', 'ku', 'sskru'] as const;
export const REAL_MORE_RUNS = [...REAL_MORE_UNIVERSITIES, 'union', 'union_all'] as const;
const SET: FetchedSet = { name: 'real_more', universities: REAL_MORE_UNIVERSITIES };

/** The questions of the named library of real_more (a union asks all of them). */
export const realMoreQueries = (root: string, name: string): EvalQuery[] => fetchedSetQueries(SET, root, name);

/** Runs for the named libraries (fetched-set.ts): every question is 'held', so `half` 'fit' keeps none. */
export const realMoreRuns = (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] =>
  fetchedSetRuns(SET, root, realDevRoot, names, half);
