// The real_scan set (scripts/eval/data/real_scan/README.md): office scans of one more Thai university (Rambhai Barni
// Rajabhat's library rules and its IT centre's scanned report tables and memos), written after every change it judges
// and held out as a whole; 'union' is its one library, 'union_all' it with real_dev's three libraries (the questions are
// real_scan's: an answer must not turn into a fallback or a wrong answer because other universities' documents are
// present). The scans are OCR'd once into the eval cache (library-cache.ts).
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedSetQueries, fetchedSetRuns, type FetchedSet } from './fetched-set';
import type { EvalRun } from './real-dev';

export const REAL_SCAN_ROOT = join(import.meta.dir, 'data', 'real_scan');
export const REAL_SCAN_UNIVERSITIES = ['rbru'] as const;
export const REAL_SCAN_RUNS = [...REAL_SCAN_UNIVERSITIES, 'union', 'union_all'] as const;
const SET: FetchedSet = { name: 'real_scan', universities: REAL_SCAN_UNIVERSITIES };

/** The questions of the named library of real_scan (a union asks all of them). */
export const realScanQueries = (root: string, name: string): EvalQuery[] => fetchedSetQueries(SET, root, name);

/** Runs for the named libraries (fetched-set.ts): every question is 'held', so `half` 'fit' keeps none. */
export const realScanRuns = (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] =>
  fetchedSetRuns(SET, root, realDevRoot, names, half);
