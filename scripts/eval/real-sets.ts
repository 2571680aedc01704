// Every real set's library of all its documents, in one list, for measurements pooled over the real sets
// (scripts/eval/page-window.ts): real_dev's union, real_more's union, real_extra's two unions, and the union of
// real_new, real_scan, real_reg, real_tu, the fresh sets, real_vru_dev, real_cal_dev and real_cur_dev (fetched-held-sets.ts): 1339
// answerable questions in all (real-sets.test.ts counts them).
//
// Pooled figures are read on two halves, `a` and `b`: real_dev's fit and held halves (real-dev.ts realDevHalf), and
// for the sets held out as a whole a fixed split by the SHA-256 of "pool:" and the id. Nothing is fitted on either:
// a change counts when it gains on both, as a check that it is not one half's luck. The held sets stay held (no
// question of theirs is printed).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { realDevHalf, realDevRuns, type EvalRun } from './real-dev';
import { REAL_MORE_ROOT, realMoreRuns } from './real-more';
import { REAL_EXTRA_ROOT, realExtraRuns } from './real-extra';
import { FETCHED_HELD_SETS } from './fetched-held-sets';
import type { AppContext } from '../../src/context';
import type { Aliases, EvalQuery } from './answer-scoring';
import { openLibrary, type Library } from './library-cache';

export const REAL_DEV_ROOT = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');

export interface RealSetRun {
  /** the set and library, e.g. "real_extra/union_more" */
  name: string;
  run: EvalRun;
}

const named = (set: string, runs: EvalRun[]): RealSetRun[] => runs.map((run) => ({ name: `${set}/${run.name}`, run }));

/** The library of all its documents of every real set, asked all of its questions. */
export function everyRealSet(): RealSetRun[] {
  return [
    ...named('real_dev', realDevRuns(REAL_DEV_ROOT, ['union'])),
    ...named('real_more', realMoreRuns(REAL_MORE_ROOT, REAL_DEV_ROOT, ['union'])),
    ...named('real_extra', realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, ['union_dev', 'union_more'])),
    ...Object.entries(FETCHED_HELD_SETS).flatMap(([set, held]) => named(set, held.makeRuns(held.root, REAL_DEV_ROOT, ['union']))),
  ];
}

/** Which of the two pooled halves a question is in: real_dev's fit half is `a`; a held set's by a fixed hash. */
export function pooledHalf(id: string): 'a' | 'b' {
  // real_dev by its halves; every other set by the pool's own hash, as before real_more's and real_extra's were split
  if (/^rd-/.test(id)) return realDevHalf(id) === 'fit' ? 'a' : 'b';
  return createHash('sha256').update(`pool:${id}`).digest()[0]! % 2 === 0 ? 'a' : 'b';
}

/** One question of a real set, asked of its set's union library (opened: `ctx`). */
export interface RealQuestion {
  /** the set and library, e.g. "real_extra/union_more" */
  set: string;
  q: EvalQuery;
  library: Library;
  ctx: AppContext;
  aliases: Aliases;
}

/**
 * Every answerable and near-miss question of every real set's union library (`skip`: sets left out by name), each
 * once, in the first union that asks it; each library is opened once and closed when its questions are done.
 */
export async function* realQuestions(skip: RegExp | null = null): AsyncGenerator<RealQuestion> {
  const seen = new Set<string>();
  for (const { name, run } of everyRealSet().filter((s) => !skip?.test(s.name))) {
    const questions = run.queries.filter((q) => (q.kind === 'answer' || q.kind === 'near_miss') && !seen.has(q.id));
    if (!questions.length) continue;
    const library = await run.prepare();
    const ctx = await openLibrary(library);
    const aliases: Aliases = (run as { aliases?: Aliases }).aliases ?? {};
    try {
      for (const q of questions) {
        seen.add(q.id);
        yield { set: name, q, library, ctx, aliases };
      }
    } finally {
      await ctx.close();
    }
  }
}
