// How many of a brief's facts the drafting reader gets (modules/assistant/drafting/brief.ts readBrief), on briefs
// written with their facts before the reader was run on them (scripts/eval/data/briefs/held.jsonl; README there).
// Prints, per fact, right / asked, and each miss (the brief is ours: nothing here is held from us).
//   bun scripts/eval/brief-facts.ts [--set FILE] [--app-root DIR]   (DIR: another checkout's reader, for a before/after)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { set: { type: 'string', default: join(import.meta.dir, 'data', 'briefs', 'held.jsonl') }, 'app-root': { type: 'string' } },
});
const root = args['app-root'] ?? join(import.meta.dir, '..', '..');
const { readBrief } = (await import(join(root, 'modules/assistant/drafting/brief.ts'))) as typeof import('../../modules/assistant/drafting/brief');

type Facts = Record<string, string | number | null>;
// the reader's value of each fact a brief may state
const READ: Record<string, (f: ReturnType<typeof readBrief>) => string | number | null> = {
  name: (f) => f.projectName,
  subject: (f) => f.subject,
  recipient: (f) => f.recipient,
  org: (f) => f.organisation,
  venue: (f) => f.venue,
  province: (f) => f.province,
  participants: (f) => f.participants,
  budget: (f) => f.budget,
  items: (f) => f.budgetItems.length,
  purpose: (f) => f.purposes[0] ?? null,
  // who signs a memo: the first person named who is not an advisor (memo-layout.ts)
  signer: (f) => (f.people.find((p) => !/ที่ปรึกษา|advis/i.test(p.position ?? '')) ?? f.people[0])?.name ?? null,
};
const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim() : a === b;

// a fixed "today" so that a year-less date reads the same on any day
const NOW = new Date('2026-11-30T03:00:00Z');
const tally = new Map<string, { right: number; asked: number }>();
const misses: string[] = [];
for (const line of readFileSync(args.set!, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const { id, brief, facts } = JSON.parse(line) as { id: string; brief: string; facts: Facts };
  const read = readBrief(brief, NOW);
  for (const [fact, want] of Object.entries(facts)) {
    const got = READ[fact]!(read);
    const t = tally.get(fact) ?? { right: 0, asked: 0 };
    t.asked++;
    if (same(got, want)) t.right++;
    else misses.push(`  ${id} ${fact}: ${JSON.stringify(got)} (want ${JSON.stringify(want)})`);
    tally.set(fact, t);
  }
}
let right = 0;
let asked = 0;
for (const [fact, t] of tally) {
  console.log(`${fact.padEnd(13)} ${t.right}/${t.asked}`);
  right += t.right;
  asked += t.asked;
}
console.log(`all facts     ${right}/${asked} (${((100 * right) / asked).toFixed(1)} %)`);
if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
