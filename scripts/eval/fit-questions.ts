// The fit-half questions of every real set, and how many of them a pattern matches: the way to read questions before
// writing a rule from them. Only questions realDevHalf puts in the fit half are read (a halved set's held half and the
// sets held out whole never are), so a listing made here cannot show a held question, as a listing of a queries file
// by hand can.
//   bun scripts/eval/fit-questions.ts [REGEX …] [--show]   (--show prints the matching questions; no regex: all of them)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REAL_DEV_ROOT } from './real-sets.ts';
import { realDevHalf } from './real-dev.ts';

interface Question {
  id: string;
  kind: string;
  text: string;
}

const DATA = join(import.meta.dir, 'data');

/** Every queries.jsonl of the real sets: real_dev's universities, and each university folder of the sets under data/. */
export function realQueryFiles(): string[] {
  const folders = (root: string) =>
    existsSync(root)
      ? readdirSync(root, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(root, d.name))
      : [];
  const sets = readdirSync(DATA).filter((name) => name.startsWith('real_'));
  return [...folders(REAL_DEV_ROOT), ...sets.flatMap((set) => folders(join(DATA, set)))].map((dir) => join(dir, 'queries.jsonl')).filter((f) => existsSync(f));
}

/** The fit-half questions of the given files (a question met twice, as a union repeats them, once). */
export function fitQuestions(files: readonly string[]): Question[] {
  const seen = new Map<string, Question>();
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const q = JSON.parse(line) as Question;
      if (realDevHalf(q.id) === 'fit' && !seen.has(q.id)) seen.set(q.id, q);
    }
  return [...seen.values()];
}

if (import.meta.main) {
  const show = process.argv.includes('--show');
  const patterns = process.argv.slice(2).filter((a) => a !== '--show');
  const questions = fitQuestions(realQueryFiles());
  console.log(`${questions.length} fit-half questions`);
  for (const source of patterns.length ? patterns : ['']) {
    const re = new RegExp(source);
    const byKind: Record<string, number> = {};
    for (const q of questions.filter((q) => re.test(q.text))) {
      byKind[q.kind] = (byKind[q.kind] ?? 0) + 1;
      if (show) console.log(`  ${q.id} ${q.kind} ${q.text}`);
    }
    console.log(`${source || '(all)'} ${JSON.stringify(byKind)}`);
  }
}
