// The real_extra set (scripts/eval/data/real_extra/README.md): new questions, held out as a whole, over the documents
// real_dev (crru, sut, ssru) and real_more (rmuti, ku, sskru) already hold, so no document is read again: every
// library comes from the extraction cache (library-cache.ts), the unions are composed from the extracted parts
// (prepareUnion). 'union_dev' is real_dev's three libraries asked the crru/sut/ssru questions, 'union_more' real_more's
// three asked the rmuti/ku/sskru questions.
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedLibraryDir } from './fetched-docs';
import { type EvalRun, type LibraryPart, libraryParts, readQueries, REAL_DEV_UNIVERSITIES, realDevHalf } from './real-dev';
import { REAL_MORE_ROOT, REAL_MORE_UNIVERSITIES } from './real-more';

export const REAL_EXTRA_ROOT = join(import.meta.dir, 'data', 'real_extra');
export const REAL_EXTRA_LIBRARIES = [...REAL_DEV_UNIVERSITIES, ...REAL_MORE_UNIVERSITIES] as const;
export const REAL_EXTRA_UNIONS = { union_dev: [...REAL_DEV_UNIVERSITIES], union_more: [...REAL_MORE_UNIVERSITIES] } as const;
export const REAL_EXTRA_RUNS = [...REAL_EXTRA_LIBRARIES, 'union_dev', 'union_more'] as const;

/** The libraries a run name stands for (a union, its parts). */
export function realExtraParts(name: string): string[] {
  if (name in REAL_EXTRA_UNIONS) return [...REAL_EXTRA_UNIONS[name as keyof typeof REAL_EXTRA_UNIONS]];
  if ((REAL_EXTRA_LIBRARIES as readonly string[]).includes(name)) return [name];
  throw new Error(`no real_extra library "${name}" (have ${REAL_EXTRA_RUNS.join(', ')})`);
}

/** The questions of the named library or union of real_extra. */
export function realExtraQueries(root: string, name: string): EvalQuery[] {
  return realExtraParts(name).flatMap((u) => readQueries(join(root, u, 'queries.jsonl')));
}

/** The union a single library's questions are asked again in (for the outcome-changed counts). */
export function realExtraUnionOf(name: string): string | undefined {
  return Object.entries(REAL_EXTRA_UNIONS).find(([, parts]) => (parts as readonly string[]).includes(name))?.[0];
}

/**
 * Runs for the named libraries (crru, sut, ssru, rmuti, ku, sskru, union_dev, union_more). Each library is the one its
 * set defines: real_dev's from `realDevRoot` (its library.txt and docs), real_more's from REAL_MORE_ROOT's library.txt
 * and the fetched documents (fetched-docs.ts). Every question is 'held' (`half` 'fit' keeps none).
 */
export function realExtraRuns(root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held'): EvalRun[] {
  const { part, union } = libraryParts();
  const library = (u: string): LibraryPart =>
    (REAL_DEV_UNIVERSITIES as readonly string[]).includes(u) ? [realDevRoot, u] : [REAL_MORE_ROOT, u, () => fetchedLibraryDir('real_more', u)];
  return names.map((name) => {
    const parts = realExtraParts(name);
    const queries = realExtraQueries(root, name).filter((q) => !half || realDevHalf(q.id) === half);
    const prepare = parts.length === 1 ? () => part(...library(name)) : () => union(parts.map(library));
    return { name, queries, prepare };
  });
}
