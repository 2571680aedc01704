// The real_new set (scripts/eval/data/real_new/README.md): libraries of two more Thai universities (RMUTT's graduate
// office forms, the University of Phayao's registrar manual), written after every change it judges and held out as a
// whole, each library with its own questions; 'union' holds both, 'union_all' them with real_dev's three libraries
// (the questions are real_new's: an answer must not turn into a fallback or a wrong answer because another
// university's documents are present). Unions are composed from the extracted libraries (library-cache.ts
// prepareUnion), never read again by OCR.
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedLibraryDir } from './fetched-docs';
import { type EvalRun, type LibraryPart, libraryParts, readQueries, REAL_DEV_UNIVERSITIES, realDevHalf } from './real-dev';

export const REAL_NEW_ROOT = join(import.meta.dir, 'data', 'real_new');
export const REAL_NEW_UNIVERSITIES = ['rmutt', 'up'] as const;
export const REAL_NEW_RUNS = [...REAL_NEW_UNIVERSITIES, 'union', 'union_all'] as const;

/** The questions of the named library of real_new (a union asks all of them). */
export function realNewQueries(root: string, name: string): EvalQuery[] {
  const own = (REAL_NEW_UNIVERSITIES as readonly string[]).includes(name) ? [name] : [...REAL_NEW_UNIVERSITIES];
  return own.flatMap((u) => readQueries(join(root, u, 'queries.jsonl')));
}

/**
 * Runs for the named libraries (rmutt, up, union, union_all). Every real_new question is 'held' (realDevHalf), so
 * `half` 'fit' keeps none. `realDevRoot` holds real_dev (for union_all only).
 */
export function realNewRuns(root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] {
  const { part, union } = libraryParts();
  // The files were fetched from public repositories and are not committed (fetched-docs.ts).
  const docs = (u: string) => () => fetchedLibraryDir('real_new', u);
  const mine = REAL_NEW_UNIVERSITIES.map((u): LibraryPart => [root, u, docs(u)]);
  return names.map((name) => {
    if (!(REAL_NEW_RUNS as readonly string[]).includes(name)) throw new Error(`no real_new library "${name}" (have ${REAL_NEW_RUNS.join(', ')})`);
    const queries = realNewQueries(root, name).filter((q) => !half || realDevHalf(q.id) === half);
    const prepare =
      name === 'union'
        ? () => union(mine)
        : name === 'union_all'
          ? () => union([...mine, ...REAL_DEV_UNIVERSITIES.map((u): LibraryPart => [realDevRoot, u])])
          : () => part(root, name, docs(name));
    return { name, queries, prepare };
  });
}
