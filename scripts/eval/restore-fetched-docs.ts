// Puts a fetched set's documents back where the evals read them (fetched-docs.ts), from the snapshots the search
// library's `fetch` brings (bare git directories under /work/.mirror/<owner>+<name>/): each CATALOGUE.md row names its
// source repository and the file's git blob, so the file is that blob, whatever path or commit it sits at. Every
// written file is checked against the blob; a repository not fetched yet is named, not guessed.
//   bun scripts/eval/restore-fetched-docs.ts [--mirror DIR] [set …]      (default: every fetched set)
// A new machine keeps neither the documents nor the snapshots, so this is the first step of the real-set dev loop there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueTable, gitBlob } from './catalogue';
import { fetchedDocsRoot } from './fetched-docs';

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

/** The git directory of a fetched repository: the snapshot folder itself or the one git directory inside it. */
export function mirrorGitDir(mirrorRoot: string, repo: string): string | null {
  const dir = join(mirrorRoot, repo.replace('/', '+'));
  if (!existsSync(dir)) return null;
  const isGit = (d: string) => existsSync(join(d, 'HEAD')) && existsSync(join(d, 'objects'));
  if (isGit(dir)) return dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory() && isGit(join(dir, entry.name))) return join(dir, entry.name);
  return null;
}

const git = (gitDir: string, args: string[]) => spawnSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 512 * 1024 * 1024 });

export type RestoreOutcome = 'restored' | 'present' | 'repository not fetched' | 'blob not in repository' | 'blob differs';

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

if (import.meta.main) {
  const { values, positionals } = parseArgs({ options: { mirror: { type: 'string', default: '/work/.mirror' } }, allowPositionals: true });
  const dataRoot = resolve(import.meta.dir, 'data');
  const sets = positionals.length ? positionals : readdirSync(dataRoot).filter((s) => existsSync(join(dataRoot, s, 'CATALOGUE.md')));
  let missing = 0;
  for (const set of sets) {
    const results = restoreRows(catalogueSources(join(dataRoot, set)), fetchedDocsRoot(set), values.mirror!);
    const counts = new Map<string, number>();
    for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    console.log(`${set}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'no catalogued source rows'}`);
    for (const r of results.filter((r) => r.outcome !== 'restored' && r.outcome !== 'present')) {
      missing++;
      console.log(`  ${r.library}/${r.file}: ${r.outcome} (${r.repo}, blob ${r.blob})`);
    }
    const repos = [...new Set(results.filter((r) => r.outcome === 'repository not fetched').map((r) => r.repo))];
    if (repos.length) console.log(`  fetch first: ${repos.map((r) => `github:${r}`).join(' ')}`);
  }
  process.exit(missing ? 1 : 0);
}
