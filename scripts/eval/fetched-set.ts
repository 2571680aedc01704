// The shape real_more and real_new share: libraries of fetched (never committed) documents of other universities,
// held out as a whole, each with its own questions; 'union' holds them all, 'union_all' them with real_dev's three
// libraries (the questions stay the set's own: an answer must not turn into a fallback or a wrong answer because
// other universities' documents are present). Unions are composed from the extracted libraries (library-cache.ts
// prepareUnion), never read again by OCR.
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedLibraryDir } from './fetched-docs';
import { type EvalRun, type LibraryPart, libraryParts, readQueries, REAL_DEV_UNIVERSITIES, realDevHalf } from './real-dev';

export interface FetchedSet {
  /** The folder name under ../eval-docs and scripts/eval/data (real_more, real_new). */
  name: string;
  universities: readonly string[];
}

/** The questions of the named library of a fetched set (a union asks all of them). */
export function fetchedSetQueries(set: FetchedSet, root: string, name: string): EvalQuery[] {
  const own = set.universities.includes(name) ? [name] : [...set.universities];
  return own.flatMap((u) => readQueries(join(root, u, 'queries.jsonl')));
}

/**
 * Runs for the named libraries (each university, union, union_all). `half` keeps real_dev's split (realDevHalf): every
 * question of a fetched set is 'held', so 'fit' keeps none. `realDevRoot` holds real_dev (for union_all only).
 */
export function fetchedSetRuns(set: FetchedSet, root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] {
  const { part, union } = libraryParts();
  const runNames = [...set.universities, 'union', 'union_all'];
  const docs = (u: string) => () => fetchedLibraryDir(set.name, u);
  const mine = set.universities.map((u): LibraryPart => [root, u, docs(u)]);
  return names.map((name) => {
    if (!runNames.includes(name)) throw new Error(`no ${set.name} library "${name}" (have ${runNames.join(', ')})`);
    const queries = fetchedSetQueries(set, root, name).filter((q) => !half || realDevHalf(q.id) === half);
    const prepare =
      name === 'union'
        ? () => union(mine)
        : name === 'union_all'
          ? () => union([...mine, ...REAL_DEV_UNIVERSITIES.map((u): LibraryPart => [realDevRoot, u])])
          : () => part(root, name, docs(name));
    return { name, queries, prepare };
  });
}
