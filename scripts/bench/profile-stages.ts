// Where a chat turn's main-thread time goes, read from a server's CPU profile (bun --cpu-prof, which
// scripts/bench/chat.ts asks for with BENCH_CPU_PROF=<dir>): each sample is given to the first stage of STAGES that
// any frame of its stack belongs to, so a LanceDB read made while searching counts as LanceDB, and the search's own
// work (fusion, page window) as its stage. Bun samples about once a millisecond, so a count per turn reads as ms of
// the JavaScript thread (native calls it waits in included). The other threads (LanceDB's own, the JIT) are not in
// the profile: chat.ts prints their CPU per turn beside it.
//   bun scripts/bench/profile-stages.ts <file.cpuprofile> [--turns N]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

export interface Frame {
  functionName: string;
  url: string;
}

interface Stage {
  name: string;
  holds(frame: Frame): boolean;
}

const file = (f: Frame) => f.url.slice(f.url.lastIndexOf('/') + 1);
const named =
  (...names: string[]) =>
  (f: Frame) =>
    names.includes(f.functionName);

/** The stages, first match wins: the libraries a stage calls come before the stages that call them. */
export const STAGES: readonly Stage[] = [
  { name: 'LanceDB queries (native calls on this thread, Arrow decoding)', holds: (f) => /@lancedb\/|apache-arrow\//.test(f.url) },
  { name: 'index rows in JS (row cache, hits, document texts)', holds: (f) => ['lexical-search.ts', 'search-hit.ts', 'document-text.ts'].includes(file(f)) },
  { name: 'database (drizzle, bun:sqlite)', holds: (f) => f.url.includes('drizzle-orm/') || f.url === 'bun:sqlite' },
  { name: 'question log (masking; its insert is the database)', holds: named('recordQuestion') },
  { name: 'question reading', holds: named('readQuestion', 'retrievalQuery') },
  { name: 'evidence (the order, the answer’s confidence)', holds: (f) => ['evidence-order.ts', 'accuracy.ts', 'confidence.ts'].includes(file(f)) },
  { name: 'first stage (plain fusion, title evidence, definitions)', holds: named('plainFusionSearch', 'withTitleEvidence', 'definitionsAfterRules') },
  { name: 'pages and copies (page window, distinct passages)', holds: named('pageWindowed', 'distinctPassages') },
  { name: 'model call (prompt, client, stream)', holds: (f) => named('runLlm', 'buildMessages')(f) || f.url.includes('/ollama/') },
  {
    name: 'answer checks (containment, citations, support, documents)',
    holds: named('modelAnswerProblem', 'guardStream', 'citedClauses', 'answerSupport', 'recommendDocuments', 'contactLine'),
  },
  {
    name: 'HTTP, SSE and JSON',
    holds: (f) =>
      f.url.includes('/elysia/') || ['guards.ts', 'server.ts', 'sse.ts', 'request-log.ts', 'capped-body.ts'].includes(file(f)) || named('handle', 'json')(f),
  },
  { name: 'start-up (modules, sign-in keys, fonts)', holds: named('require', '(module)', 'createDevProvider', 'enableSystemFonts') },
];
export const OTHER = 'other';

/** The stage of one sample's stack (any order of frames). */
export function stageOf(stack: readonly Frame[]): string {
  for (const stage of STAGES) if (stack.some((f) => stage.holds(f))) return stage.name;
  return OTHER;
}

interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Samples per stage, most first. */
export function stageSamples(profile: CpuProfile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perNode = new Map<number, number>();
  for (const s of profile.samples) perNode.set(s, (perNode.get(s) ?? 0) + 1);
  const totals = new Map<string, number>();
  for (const [id, count] of perNode) {
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    const stage = stageOf(stack);
    totals.set(stage, (totals.get(stage) ?? 0) + count);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** The table printed: each stage's samples per turn and share. */
export function stageTable(profile: CpuProfile, turns: number): string {
  const rows = stageSamples(profile);
  const all = rows.reduce((n, [, c]) => n + c, 0);
  const lines = rows.map(([name, c]) => `${(c / turns).toFixed(2).padStart(7)} ${((100 * c) / all).toFixed(1).padStart(5)} %  ${name}`);
  return [`samples per turn (~ms of the JavaScript thread), ${turns} turns:`, ...lines, `${(all / turns).toFixed(2).padStart(7)} in all`].join('\n');
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { turns: { type: 'string', default: '1' } } });
  if (!positionals[0]) throw new Error('usage: bun scripts/bench/profile-stages.ts <file.cpuprofile> [--turns N]');
  console.log(stageTable(JSON.parse(readFileSync(positionals[0], 'utf8')) as CpuProfile, Number(values.turns)));
}
