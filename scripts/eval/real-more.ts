// The real_more set (scripts/eval/data/real_more/README.md): more real libraries of Thai university documents
// (RMUTI, KU, SSKRU), held out as a whole, each with its own questions; 'union' holds them all, 'union_all' them
// with real_dev's three libraries (the questions are real_more's: an answer must not turn into a fallback or a wrong
// answer because eighty more documents of three other universities are present). Unions are composed from the
// extracted libraries (library-cache.ts prepareUnion), never read again by OCR.
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedLibraryDir } from './fetched-docs';
import { type LibraryPart, libraryParts, readQueries, REAL_DEV_UNIVERSITIES, realDevHalf, type EvalRun } from './real-dev';

export const REAL_MORE_ROOT = join(import.meta.dir, 'data', 'real_more');
export const REAL_MORE_UNIVERSITIES = ['rmuti', 'ku', 'sskru'] as const;
export const REAL_MORE_RUNS = [...REAL_MORE_UNIVERSITIES, 'union', 'union_all'] as const;

/** The questions of the named libraries of real_more (a union asks all of them). */
export function realMoreQueries(root: string, name: string): EvalQuery[] {
  const own = (REAL_MORE_UNIVERSITIES as readonly string[]).includes(name) ? [name] : [...REAL_MORE_UNIVERSITIES];
  return own.flatMap((u) => readQueries(join(root, u, 'queries.jsonl')));
}

/**
 * Runs for the named libraries (rmuti, ku, sskru, union, union_all). `half` keeps real_dev's split (realDevHalf): every
 * real_more question is 'held', so 'fit' keeps none. `realDevRoot` holds real_dev (for union_all only).
 */
export function realMoreRuns(root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] {
  const { part, union } = libraryParts();
  // The files were fetched from public repositories and are not committed (fetched-docs.ts).
  const docs = (u: string) => () => fetchedLibraryDir('real_more', u);
  const mine = REAL_MORE_UNIVERSITIES.map((u): LibraryPart => [root, u, docs(u)]);
  return names.map((name) => {
    if (!(REAL_MORE_RUNS as readonly string[]).includes(name)) throw new Error(`no real_more library "${name}" (have ${REAL_MORE_RUNS.join(', ')})`);
    const queries = realMoreQueries(root, name).filter((q) => !half || realDevHalf(q.id) === half);
    const prepare =
      name === 'union'
        ? () => union(mine)
        : name === 'union_all'
          ? () => union([...mine, ...REAL_DEV_UNIVERSITIES.map((u): LibraryPart => [realDevRoot, u])])
          : () => part(root, name, docs(name));
    return { name, queries, prepare };
  });
}
