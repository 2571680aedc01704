// The held sets of one shape (fetched-set.ts) that `eval-answers.ts --set` runs: each set's folder of questions, the
// names of its runs (its libraries, union, union_all) and how to make them. A new set of this shape is one line here.
import type { EvalRun } from './real-dev';
import { REAL_NEW_ROOT, REAL_NEW_RUNS, realNewRuns } from './real-new';
import { REAL_REG_ROOT, REAL_REG_RUNS, realRegRuns } from './real-reg';
import { REAL_SCAN_ROOT, REAL_SCAN_RUNS, realScanRuns } from './real-scan';

export interface FetchedHeldSet {
  root: string;
  runs: readonly string[];
  makeRuns: (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held') => EvalRun[];
}

export const FETCHED_HELD_SETS: Record<string, FetchedHeldSet> = {
  real_new: { root: REAL_NEW_ROOT, runs: REAL_NEW_RUNS, makeRuns: realNewRuns },
  real_scan: { root: REAL_SCAN_ROOT, runs: REAL_SCAN_RUNS, makeRuns: realScanRuns },
  real_reg: { root: REAL_REG_ROOT, runs: REAL_REG_RUNS, makeRuns: realRegRuns },
};

/** The held set of this shape named by `--set`, if it is one. */
export const fetchedHeldSet = (name: string | undefined): FetchedHeldSet | undefined =>
  name !== undefined && Object.hasOwn(FETCHED_HELD_SETS, name) ? FETCHED_HELD_SETS[name] : undefined;
