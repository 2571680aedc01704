// The real_new set (scripts/eval/data/real_new/README.md): libraries of two more Thai universities (RMUTT's graduate
// office forms, the University of Phayao's registrar manual), written after every change it judges and held out as a
// whole, each library with its own questions; 'union' holds both, 'union_all' them with real_dev's three libraries
// (the questions are real_new's: an answer must not turn into a fallback or a wrong answer because another
// university's documents are present). Unions are composed from the extracted libraries (library-cache.ts
// prepareUnion), never read again by OCR.
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedSetQueries, fetchedSetRuns, type FetchedSet } from './fetched-set';
import type { EvalRun } from './real-dev';

export const REAL_NEW_ROOT = join(import.meta.dir, 'data', 'real_new');
export const REAL_NEW_UNIVERSITIES = ['rmutt', 'up'] as const;
export const REAL_NEW_RUNS = [...REAL_NEW_UNIVERSITIES, 'union', 'union_all'] as const;
const SET: FetchedSet = { name: 'real_new', universities: REAL_NEW_UNIVERSITIES };

/** The questions of the named library of real_new (a union asks all of them). */
export const realNewQueries = (root: string, name: string): EvalQuery[] => fetchedSetQueries(SET, root, name);

/** Runs for the named libraries (fetched-set.ts): every question is 'held', so `half` 'fit' keeps none. */
export const realNewRuns = (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] =>
  fetchedSetRuns(SET, root, realDevRoot, names, half);
