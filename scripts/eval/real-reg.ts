// The real_reg set (scripts/eval/data/real_reg/README.md): office scans of the regulations of one more Thai university
// (Rajamangala University of Technology Phra Nakhon: the workload, competency and salary-round rules its Faculty of
// Science and Technology posts for its lecturers, two thirds of them scanned and signed), written after every change it
// judges and held out as a whole; 'union' is its one library, 'union_all' it with real_dev's three libraries (the
// questions are real_reg's: an answer must not turn into a fallback or a wrong answer because other universities'
// documents are present). The scans are OCR'd once into the eval cache (library-cache.ts).
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedSetQueries, fetchedSetRuns, type FetchedSet } from './fetched-set';
import type { EvalRun } from './real-dev';

export const REAL_REG_ROOT = join(import.meta.dir, 'data', 'real_reg');
export const REAL_REG_UNIVERSITIES = ['rmutp'] as const;
export const REAL_REG_RUNS = [...REAL_REG_UNIVERSITIES, 'union', 'union_all'] as const;
const SET: FetchedSet = { name: 'real_reg', universities: REAL_REG_UNIVERSITIES };

/** The questions of the named library of real_reg (a union asks all of them). */
export const realRegQueries = (root: string, name: string): EvalQuery[] => fetchedSetQueries(SET, root, name);

/** Runs for the named libraries (fetched-set.ts): every question is 'held', so `half` 'fit' keeps none. */
export const realRegRuns = (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] =>
  fetchedSetRuns(SET, root, realDevRoot, names, half);
