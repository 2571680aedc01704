// The split of the real questions that the shown-confidence map is fitted and judged on (issue 37 item 3;
// scripts/eval/data/README.md, 'A fit/held split of every real set for the shown-confidence map', registered before
// any result was read). real_dev's fit half has been read for rules for many sessions and is no longer
// over-confident, while every held set is: a map fitted on it alone comes out near the identity and does not carry.
// So real_more and real_extra are shared out too, by a salted hash of the id; several salts give the spread, so that
// no lucky split decides. real_dev keeps its own fixed halves (realDevHalf), whatever the salt: its held half is
// never fitted on.
import { createHash } from 'node:crypto';
import { realDevHalf } from './real-dev';

/** The registered salts, the first the primary split (the one a landed map is fitted on). */
export const CALIBRATION_SPLIT_SALTS = ['calib-split-1', 'calib-split-2', 'calib-split-3', 'calib-split-4', 'calib-split-5'] as const;

/** Where a question falls: 'own' for our own sets (not real documents; never part of the split). */
export function calibrationSplitHalf(id: string, salt: string): 'fit' | 'held' | 'own' {
  if (id.startsWith('rd-')) return realDevHalf(id);
  if (!id.startsWith('rm-') && !id.startsWith('rx-')) return 'own';
  return createHash('sha256').update(`${salt}\0${id}`).digest()[0]! % 2 === 0 ? 'fit' : 'held';
}

/**
 * The libraries whose answers are pooled, each real question once: real_dev's union, real_more's union and real_extra's
 * two unions (a university's questions asked of the union of its set's libraries, as a student of any of them asks).
 */
export const POOLED_UNIONS: ReadonlyArray<{ set: string; library: string }> = [
  { set: 'real_dev', library: 'union' },
  { set: 'real_more', library: 'union' },
  { set: 'real_extra', library: 'union_dev' },
  { set: 'real_extra', library: 'union_more' },
];

export const inPooledUnions = (set: string, library: string): boolean => POOLED_UNIONS.some((u) => u.set === set && u.library === library);
