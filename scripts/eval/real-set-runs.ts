// Which runs a real set's libraries are, by the set's name: the one choice eval-answers.ts (--set) and ask-library.ts
// make, each set's own function (real-dev.ts, real-more.ts, real-extra.ts, fetched-held-sets.ts) doing the work.
import { FETCHED_HELD_SETS } from './fetched-held-sets';
import { realDevRuns, REAL_DEV_UNIVERSITIES, type EvalRun } from './real-dev';
import { REAL_EXTRA_ROOT, REAL_EXTRA_RUNS, realExtraRuns } from './real-extra';
import { REAL_MORE_ROOT, REAL_MORE_UNIVERSITIES, realMoreRuns } from './real-more';
import { REAL_DEV_ROOT } from './real-sets';

/** Every real set's library names, by set. */
export function realLibraries(): Record<string, readonly string[]> {
  return {
    real_dev: [...REAL_DEV_UNIVERSITIES, 'union'],
    real_more: [...REAL_MORE_UNIVERSITIES, 'union', 'union_all'],
    real_extra: REAL_EXTRA_RUNS,
    ...Object.fromEntries(Object.entries(FETCHED_HELD_SETS).map(([set, held]) => [set, held.runs])),
  };
}

/** The runs of the named libraries of a real set (`half`: only that half's questions); null for a set that is not real. */
export function realSetRuns(set: string, names: string[], half?: 'fit' | 'held'): EvalRun[] | null {
  const held = FETCHED_HELD_SETS[set];
  if (held) return held.makeRuns(held.root, REAL_DEV_ROOT, names, half);
  if (set === 'real_dev') return realDevRuns(REAL_DEV_ROOT, names, half);
  if (set === 'real_more') return realMoreRuns(REAL_MORE_ROOT, REAL_DEV_ROOT, names, half);
  if (set === 'real_extra') return realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, names, half);
  return null;
}
