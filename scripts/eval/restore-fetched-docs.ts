// Puts a fetched set's documents back where the evals read them (fetched-docs.ts), from the snapshots the search
// library's `fetch` brings (bare git directories under /work/.mirror/<owner>+<name>/): each CATALOGUE.md row names its
// source repository and the file's git blob, so the file is that blob, whatever path or commit it sits at. Every
// written file is checked against the blob; a repository not fetched yet is named, not guessed. A set whose files are
// not blobs of their source but text written from it (real_tu: build-real-tu.ts) has a builder (SET_BUILDERS) that
// writes them from the same snapshot, and they are checked against the catalogue's blobs the same way.
//   bun scripts/eval/restore-fetched-docs.ts [--mirror DIR] [set …]      (default: every fetched set)
// A new machine keeps neither the documents nor the snapshots, so this is the first step of the real-set dev loop there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueTable, gitBlob } from './catalogue';
import { buildRealTu } from './build-real-tu';
import { DEFAULT_MIRROR_ROOT, fetchedDocsRoot, mirrorGitDir } from './fetched-docs';

// mirrorGitDir lives in fetched-docs.ts, where build-real-tu.ts finds it too without importing this file
export { mirrorGitDir };

export interface SourceRow {
  library: string;
  file: string;
  /** owner/name of the public repository the file was copied from */
  repo: string;
  /** the abbreviated git blob (12 hex digits) the catalogue gives */
  blob: string;
}

/** The rows of a set's CATALOGUE.md that name a file, its source repository and its blob. */
export function catalogueSources(setRoot: string): SourceRow[] {
  return catalogueTable(setRoot).flatMap(({ library, file, repo, blob }) => (repo && blob ? [{ library, file, repo, blob }] : []));
}

const git = (gitDir: string, args: string[]) => spawnSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 512 * 1024 * 1024 });

export type RestoreOutcome = 'restored' | 'built' | 'present' | 'repository not fetched' | 'blob not in repository' | 'build failed' | 'blob differs';

/** Writes each row's file under outRoot/<library>/ from its repository's snapshot; a file already there with the right blob is kept. */
export function restoreRows(rows: SourceRow[], outRoot: string, mirrorRoot: string): Array<SourceRow & { outcome: RestoreOutcome }> {
  const holds = (path: string, blob: string) => existsSync(path) && gitBlob(readFileSync(path)).startsWith(blob);
  return rows.map((row) => {
    const target = join(outRoot, row.library, row.file);
    if (holds(target, row.blob)) return { ...row, outcome: 'present' };
    const gitDir = mirrorGitDir(mirrorRoot, row.repo);
    if (!gitDir) return { ...row, outcome: 'repository not fetched' };
    const full = git(gitDir, ['rev-parse', '--verify', '-q', `${row.blob}^{blob}`])
      .stdout.toString()
      .trim();
    if (!full) return { ...row, outcome: 'blob not in repository' };
    mkdirSync(join(outRoot, row.library), { recursive: true });
    writeFileSync(target, git(gitDir, ['cat-file', 'blob', full]).stdout);
    return { ...row, outcome: holds(target, row.blob) ? 'restored' : 'blob differs' };
  });
}

/** Writes a set's files (every library under outRoot) from its source repository's git directory; throws when it cannot. */
export type SetBuilder = (gitDir: string, outRoot: string) => Promise<unknown>;

/** The sets whose files are built from their source repository rather than copied from it. */
export const SET_BUILDERS = new Map<string, SetBuilder>([['real_tu', (gitDir, outRoot) => buildRealTu(gitDir, join(outRoot, 'tu'))]]);

/** restoreRows for a set with a builder: a builder writes all its repository's files at once, so it runs once, and only
 * when a file is missing or wrong; each file is then checked against its catalogued blob. */
export async function buildRows(
  rows: SourceRow[],
  outRoot: string,
  mirrorRoot: string,
  build: SetBuilder,
): Promise<Array<SourceRow & { outcome: RestoreOutcome; error?: string }>> {
  const holds = (row: SourceRow) => {
    const path = join(outRoot, row.library, row.file);
    return existsSync(path) && gitBlob(readFileSync(path)).startsWith(row.blob);
  };
  const present = new Set(rows.filter(holds));
  const errors = new Map<string, string>();
  for (const repo of new Set(rows.filter((r) => !present.has(r)).map((r) => r.repo))) {
    const gitDir = mirrorGitDir(mirrorRoot, repo);
    if (!gitDir) continue;
    await build(gitDir, outRoot).catch((e: unknown) => errors.set(repo, e instanceof Error ? e.message : String(e)));
  }
  return rows.map((row) => {
    if (present.has(row)) return { ...row, outcome: 'present' };
    if (!mirrorGitDir(mirrorRoot, row.repo)) return { ...row, outcome: 'repository not fetched' };
    const error = errors.get(row.repo);
    if (error) return { ...row, outcome: 'build failed', error };
    return { ...row, outcome: holds(row) ? 'built' : 'blob differs' };
  });
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ options: { mirror: { type: 'string', default: DEFAULT_MIRROR_ROOT } }, allowPositionals: true });
  const dataRoot = resolve(import.meta.dir, 'data');
  const sets = positionals.length ? positionals : readdirSync(dataRoot).filter((s) => existsSync(join(dataRoot, s, 'CATALOGUE.md')));
  let missing = 0;
  for (const set of sets) {
    const rows = catalogueSources(join(dataRoot, set));
    const build = SET_BUILDERS.get(set);
    const results: Array<SourceRow & { outcome: RestoreOutcome; error?: string }> = build
      ? await buildRows(rows, fetchedDocsRoot(set), values.mirror!, build)
      : restoreRows(rows, fetchedDocsRoot(set), values.mirror!);
    const counts = new Map<string, number>();
    for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    console.log(`${set}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'no catalogued source rows'}`);
    for (const r of results.filter((r) => !['restored', 'built', 'present'].includes(r.outcome))) {
      missing++;
      console.log(`  ${r.library}/${r.file}: ${r.outcome} (${r.repo}, blob ${r.blob})${r.error ? `: ${r.error}` : ''}`);
    }
    const repos = [...new Set(results.filter((r) => r.outcome === 'repository not fetched').map((r) => r.repo))];
    if (repos.length) console.log(`  fetch first: ${repos.map((r) => `github:${r}`).join(' ')}`);
  }
  process.exit(missing ? 1 : 0);
}
