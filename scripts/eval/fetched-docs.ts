// Where the documents of the real sets found in public repositories live. They are not committed: the search
// library's rule is that what `fetch` brings stays out of commits, data files included. Each set's folder in
// scripts/eval/data keeps what we wrote (questions, library.txt, CATALOGUE.md with every file's source
// repository, path, commit and blob); the files sit beside the project like ../shared does, in
// ../eval-docs/<set>/<library>/, or under EVAL_DOCS/<set>/<library>/ when that is set.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PROJECT_ROOT = resolve(import.meta.dir, '..', '..');

/** The folder holding the fetched documents of one set (its libraries are sub-folders). */
export function fetchedDocsRoot(set: string, env: Record<string, string | undefined> = process.env): string {
  return env.EVAL_DOCS ? resolve(env.EVAL_DOCS, set) : join(PROJECT_ROOT, '..', 'eval-docs', set);
}

/** A library whose documents are not on this machine: a tool pooling every set may leave it out and say so. */
export class FetchedDocsMissing extends Error {
  constructor(
    readonly set: string,
    readonly library: string,
    readonly dir: string,
  ) {
    super(
      `${set}/${library}: its documents are not here (${dir}). They are not committed; scripts/eval/data/${set}/CATALOGUE.md names each file's public source (repository, path, commit, blob). Put them in ../eval-docs/${set}/${library}/ beside the project, or set EVAL_DOCS; \`bun scripts/eval/restore-fetched-docs.ts ${set}\` copies them from the fetched repositories and names any not fetched yet.`,
    );
  }
}

/** The folder of one library's documents; a clear error names where to put them and where they come from. */
export function fetchedLibraryDir(set: string, library: string, env: Record<string, string | undefined> = process.env): string {
  const dir = join(fetchedDocsRoot(set, env), library);
  if (!existsSync(dir)) throw new FetchedDocsMissing(set, library, dir);
  return dir;
}

/** Where the search library's `fetch` puts its snapshots: <root>/<owner>+<name>/, a bare git directory or a folder holding one. */
export const DEFAULT_MIRROR_ROOT = '/work/.mirror';

export const isGitDir = (dir: string): boolean => existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'));

/** The git directory of a fetched repository: the snapshot folder itself, the one git directory inside it, or the
 * .git of the one clone with a work tree inside it (fetch keeps some snapshots so: <root>/<owner>+<name>/repo/.git). */
export function mirrorGitDir(mirrorRoot: string, repo: string): string | null {
  const dir = join(mirrorRoot, repo.replace('/', '+'));
  if (!existsSync(dir)) return null;
  if (isGitDir(dir)) return dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (isGitDir(join(dir, entry.name))) return join(dir, entry.name);
    if (isGitDir(join(dir, entry.name, '.git'))) return join(dir, entry.name, '.git');
  }
  return null;
}
