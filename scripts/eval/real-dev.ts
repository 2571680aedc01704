// The real_dev set (../shared/eval/real_dev/README.md): three libraries of real Thai university documents,
// each with its own questions, and their union (every document of the three, every question): an answer must
// not turn into a fallback or a wrong answer because another university's documents are present. The union
// is composed from the three extracted libraries (library-cache.ts prepareUnion), never read again by OCR.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { prepareLibrary, prepareUnion, type Library } from './library-cache';

export const REAL_DEV_UNIVERSITIES = ['crru', 'sut', 'ssru'] as const;

export interface EvalRun {
  name: string;
  queries: EvalQuery[];
  prepare: () => Promise<Library>;
}

export const readQueries = (file: string): EvalQuery[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalQuery);

/**
 * The fixed half of real_dev a model may be fitted on ('fit') and the half it is checked on ('held'): by the
 * first byte of the SHA-256 of the question id, even = fit. Written down so no fit can move a question over.
 * real_more (ids 'rm-…', scripts/eval/data/real_more) and real_extra (ids 'rx-…', scripts/eval/data/real_extra, new
 * questions over real_dev's and real_more's documents) were held out as a whole until real_dev's fit half was read
 * out (its failures read for many sessions, each left one of a kind); since 30 Nov 2026 they are shared out by the
 * registered split's primary salt (calibration-split.ts, fixed before any result was read), so their fit half is
 * read for rules as real_dev's is and their held half stays held. So are real_scan ('rs-…', office scans) and
 * real_reg ('rr-…', scanned regulations): scans are the acceptance library's shape, and the fit halves above hold
 * few. So is real_vru_dev ('rv-…', Valaya Alongkorn Rajabhat's notices and forms, written on 3 Dec 2026 as a dev set split
 * from the start), and real_cal_dev ('rc-…', King Mongkut's University of Technology Thonburi's academic calendars and fee
 * tables, Srinakharinwirot University's and Chiang Mai University's academic calendars, written on 6 Dec 2026 as a dev set
 * of questions answered by one row of a table, split from the start), and real_cur_dev ('rk-…', curriculum questions over
 * KMUTNB's, Kasetsart Sakon Nakhon's and Suranaree's curricula, written on 7 Dec 2026 as a dev set, split from the start).
 * real_new (ids 'rn-…', two more universities) and real_tu ('rt-…', student-activity and discipline rules) are
 * held out as a whole: always 'held'.
 */
export function realDevHalf(id: string): 'fit' | 'held' {
  if (['rn-', 'rt-', 'rf-', 'rg-'].some((prefix) => id.startsWith(prefix))) return 'held';
  const shared = ['rm-', 'rx-', 'rs-', 'rr-', 'rv-', 'rc-', 'rk-'].some((prefix) => id.startsWith(prefix)) ? `${PRIMARY_SPLIT_SALT}\0${id}` : id;
  return createHash('sha256').update(shared).digest()[0]! % 2 === 0 ? 'fit' : 'held';
}

/** The salt of the registered split's primary half (calibration-split.ts CALIBRATION_SPLIT_SALTS[0]). */
export const PRIMARY_SPLIT_SALT = 'calib-split-1';

/**
 * Whether an eval may print this question's own outcome (its id, its answer): never in a held run, and in a run over
 * the whole of real_dev only for the fit half; held questions are read as aggregates only.
 */
export function readableOutcome(id: string, run: { held: boolean; realDev: boolean }): boolean {
  if (run.held) return false;
  return !run.realDev || realDevHalf(id) === 'fit';
}

/**
 * The lines of library.txt: the files of one university's library, in its order, in `docs` (real_dev's own docs
 * folder unless a set keeps its files elsewhere: fetched-docs.ts).
 */
export function libraryFiles(root: string, university: string, docs = join(root, 'docs', university)): string[] {
  return readFileSync(join(root, university, 'library.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((f) => join(docs, f));
}

/** One library of a set: the folder of its questions and library.txt, its name, and where its files are if elsewhere. */
export type LibraryPart = [root: string, university: string, docs?: () => string];

/**
 * Extracted libraries by folder and university, each prepared once; `union` prepares its parts one at a time (one
 * OCR at a time, as the CLI does) and composes them (library-cache.ts prepareUnion, never read again by OCR).
 */
export function libraryParts() {
  const prepared = new Map<string, Promise<Library>>();
  const part = (root: string, u: string, docs?: () => string) => {
    const key = `${root}:${u}`;
    if (!prepared.has(key)) prepared.set(key, prepareLibrary(libraryFiles(root, u, docs?.())));
    return prepared.get(key)!;
  };
  const union = async (list: LibraryPart[]) => {
    const libs: Library[] = [];
    for (const [root, u, docs] of list) libs.push(await part(root, u, docs));
    return prepareUnion(libs);
  };
  return { part, union };
}

/** Runs for the named libraries (crru, sut, ssru, union); the union prepares its parts first (cached). */
export function realDevRuns(root: string, names: string[], half?: 'fit' | 'held'): EvalRun[] {
  const inHalf = (qs: EvalQuery[]) => (half ? qs.filter((q) => realDevHalf(q.id) === half) : qs);
  const { part, union } = libraryParts();
  return names.map((name) => {
    if (name === 'union')
      return {
        name,
        queries: inHalf(REAL_DEV_UNIVERSITIES.flatMap((u) => readQueries(join(root, u, 'queries.jsonl')))),
        prepare: () => union(REAL_DEV_UNIVERSITIES.map((u) => [root, u])),
      };
    if (!(REAL_DEV_UNIVERSITIES as readonly string[]).includes(name))
      throw new Error(`no real_dev library "${name}" (have ${REAL_DEV_UNIVERSITIES.join(', ')}, union)`);
    return { name, queries: inHalf(readQueries(join(root, name, 'queries.jsonl'))), prepare: () => part(root, name) };
  });
}
