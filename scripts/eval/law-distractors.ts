// Our law-shaped retrieval sets (scripts/eval/data/{act,penal,civil}) hold 55-115 sections each; a real law library holds
// thousands, many of them look-alikes from other acts. This puts our sets at that scale: a seeded sample of whole real
// acts, cut into sections (law-sections.ts), is added to each set's own corpus as distractors, so a loss that only
// shows among thousands of candidates shows in scripts/eval-retrieval.ts. The acts' text is fetched, never committed
// (how to get it: scripts/eval/data/README.md).
//
// Usage: bun scripts/eval/law-distractors.ts --acts DIR --out DIR [--sections 5000] [--seed 17] [--sets act,penal,civil]
// DIR holds one act per .txt file (PyThaiNLP/thai-law data/last/law/<group>/<id>.txt); writes DIR_OUT/<set>/corpus.jsonl
// with the set's own lines first (ids kept) and then the distractors (ids "x-<act id>-<n>", the n-th section of the act).
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rng } from '../seeded-random.ts';
import { actTitle, cutSections } from './law-sections.ts';
import { readJsonl, type CorpusLine as RetrievalLine } from './retrieval-set.ts';

// our law-shaped sets; copies of any of their sections are left out of every output, so each set meets the same library
const LAW_SETS = ['act', 'penal', 'civil'];

/** A distractor's line: a real act's section always carries the act's name. */
export type CorpusLine = RetrievalLine & { title: string };

export interface Act {
  id: string;
  lines: CorpusLine[];
}

/** One act file as corpus lines, or null when it has no sections or no readable Thai name (a missing-page notice). */
export function actLines(actId: string, actText: string): Act | null {
  const title = actTitle(actText);
  const sections = cutSections(actText);
  if (sections.length === 0 || !/[ก-๙]/.test(title)) return null;
  return { id: actId, lines: sections.map((s, i) => ({ id: `x-${actId}-${i + 1}`, title, text: s.text })) };
}

/** Whole acts in a seeded order (of the acts alone, whatever the input order) until at least `sections` sections are taken. */
export function chooseActs(acts: Act[], sections: number, seed: number): Act[] {
  const pool = [...acts].sort((a, b) => a.id.localeCompare(b.id));
  const random = rng(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const chosen: Act[] = [];
  let taken = 0;
  for (const act of pool) {
    if (taken >= sections) break;
    chosen.push(act);
    taken += act.lines.length;
  }
  return chosen;
}

const squeezed = (text: string): string => text.replace(/\s+/g, '');

/**
 * The distractors without word-for-word copies of our own sections. Boilerplate such as "มาตรา ๒
 * พระราชบัญญัตินี้ให้ใช้บังคับเมื่อพ้นกำหนด…" is printed identically in dozens of acts: a copy of the gold under
 * another id would be a miss that no ranker can avoid but by the tie order, which measures nothing.
 */
export function withoutCopiesOf(distractors: CorpusLine[], ownLines: CorpusLine[]): CorpusLine[] {
  const own = new Set(ownLines.map((l) => squeezed(l.text)));
  return distractors.filter((l) => !own.has(squeezed(l.text)));
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      acts: { type: 'string' },
      out: { type: 'string' },
      sections: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '17' },
      sets: { type: 'string', default: LAW_SETS.join(',') },
    },
  });
  if (!args.acts || !args.out) {
    console.error('usage: law-distractors.ts --acts DIR --out DIR [--sections 5000] [--seed 17] [--sets act,penal,civil]');
    process.exit(2);
  }
  const sets = args.sets!.split(',').filter(Boolean);
  const setDir = (set: string) => path.join(import.meta.dir, 'data', set);
  const ownBySet = new Map<string, CorpusLine[]>();
  for (const set of new Set([...LAW_SETS, ...sets])) ownBySet.set(set, await readJsonl<CorpusLine>(path.join(setDir(set), 'corpus.jsonl')));

  const acts: Act[] = [];
  for (const file of (await readdir(args.acts)).filter((f) => f.endsWith('.txt')).sort()) {
    const act = actLines(path.basename(file, '.txt'), await Bun.file(path.join(args.acts, file)).text());
    if (act) acts.push(act);
  }
  const chosen = chooseActs(acts, Number(args.sections), Number(args.seed));
  const sampled = chosen.flatMap((a) => a.lines);
  const distractors = withoutCopiesOf(sampled, [...ownBySet.values()].flat());
  const chars = distractors.reduce((sum, l) => sum + l.text.length, 0);
  console.error(
    `${acts.length} acts read; ${chosen.length} chosen: ${distractors.length} sections (${sampled.length - distractors.length} copies of ours left out), ${Math.round(chars / distractors.length)} characters on average`,
  );
  for (const set of sets) {
    const target = path.join(args.out, set);
    await mkdir(target, { recursive: true });
    const lines = [...ownBySet.get(set)!, ...distractors].map((l) => JSON.stringify(l));
    await Bun.write(path.join(target, 'corpus.jsonl'), `${lines.join('\n')}\n`);
    console.error(`${target}/corpus.jsonl: ${lines.length} lines`);
  }
}

if (import.meta.main) await main();
