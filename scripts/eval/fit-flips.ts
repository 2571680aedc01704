// The questions whose outcome moved between two batteries (battery.sh A, battery.sh B), read from the outcome rows the
// eval printed: eval-answers prints a row only for a question it may name (readableOutcome: our own sets, the fit half
// of a halved real set; never a held half or a set held out whole), so nothing here can show a held question. A
// battery's summary (battery-summary.ts) says what moved; this says which fit questions moved it, so that a change can
// be read on the questions it was written from before it is judged on the aggregates of the rest.
//   bun scripts/eval/fit-flips.ts A B [--all]      (--all: every row whose text changed, a confidence moved too)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One printed outcome: `[library] id kind … confidence% band reference verdict` (answer-report.ts formatOutcome). */
export interface OutcomeRow {
  library: string;
  id: string;
  right: boolean;
  fallback: boolean;
  text: string;
}

const ROW = /^\[([^\]]+)\] (\S+)\s+(.*)$/;

/** The outcome rows of one eval log, by library and id. */
export function outcomeRows(log: string): Map<string, OutcomeRow> {
  const rows = new Map<string, OutcomeRow>();
  for (const line of log.split('\n')) {
    const m = ROW.exec(line.trim());
    if (!m || !/\b(?:RIGHT|wrong)\b/.test(m[3]!)) continue;
    const text = m[3]!.replace(/\s+/g, ' ');
    rows.set(`${m[1]} ${m[2]}`, { library: m[1]!, id: m[2]!, right: /\bRIGHT\b/.test(text), fallback: /\bfallback\b/.test(text), text });
  }
  return rows;
}

export interface Flip {
  set: string;
  before?: OutcomeRow;
  after?: OutcomeRow;
}

/** The rows of `after` whose verdict (right or not) or fallback moved from `before`, or every changed row with `all`. */
export function flips(set: string, before: Map<string, OutcomeRow>, after: Map<string, OutcomeRow>, all = false): Flip[] {
  const out: Flip[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [a, b] = [before.get(key), after.get(key)];
    const moved = !a || !b || a.right !== b.right || a.fallback !== b.fallback || (all && a.text !== b.text);
    if (moved) out.push({ set, before: a, after: b });
  }
  return out;
}

const describe = (r: OutcomeRow | undefined) => (r ? r.text : '(no row)');

if (import.meta.main) {
  const [a, b] = process.argv.slice(2).filter((x) => !x.startsWith('--'));
  if (!a || !b) throw new Error('usage: bun scripts/eval/fit-flips.ts A B [--all]');
  const all = process.argv.includes('--all');
  let rows = 0;
  let moved = 0;
  for (const log of readdirSync(b)
    .filter((f) => f.endsWith('.log') && existsSync(join(a, f)))
    .sort()) {
    const set = log.replace(/\.log$/, '');
    const [before, after] = [outcomeRows(readFileSync(join(a, log), 'utf8')), outcomeRows(readFileSync(join(b, log), 'utf8'))];
    // a battery run before its logs kept rows (or a held run) has none to compare: every row would read as moved
    if ((before.size === 0) !== (after.size === 0)) {
      console.log(`${set}: rows in one battery only, not compared`);
      continue;
    }
    const found = flips(set, before, after, all);
    rows += after.size;
    moved += found.length;
    for (const f of found) {
      const r = (f.after ?? f.before)!;
      console.log(`${set} [${r.library}] ${r.id}\n    ${describe(f.before)}\n  → ${describe(f.after)}`);
    }
  }
  console.log(`${moved} of ${rows} readable rows moved${rows === 0 ? ' (no rows: were the batteries run with rows kept? battery.sh keeps them)' : ''}`);
}
