// Bench: the embedded answerer's CPU per question on the real libraries (the eval's cached libraries, no model
// server): every question of the named runs asked once (its CPU printed as "first ask": the library's caches are
// cold for it), then BENCH_ROUNDS (2) more times; prints this process's CPU (user + system, all threads) per
// question as p50 / p95 / mean, and the wall time; the first asks' CPU and wall time (a new question's wait); and the
// first asks of the second half of the questions alone, once the first half has warmed the library. --warm DIR asks
// every question of DIR's queries.jsonl files first, unmeasured.
// BENCH_APP_ROOT=<checkout>: that checkout's code answers, over the same cached libraries (a before/after pair;
// alternate the checkouts in one run, the machine is shared). --out FILE writes each answer (id, text,
// references) once, to compare two checkouts' answers question by question without reading them.
//   bun scripts/bench/answer-cpu.ts [--set real_dev|real_more|campus] [--library union] [--out FILE]
//   bun scripts/bench/answer-cpu.ts --queries Q.jsonl --docs DIR --library A,B   (a set as scripts/eval-answers.ts reads it)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuByThread, cpuByThreadDelta } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'real_dev' },
    library: { type: 'string', default: 'union' },
    out: { type: 'string' },
    // another set, as scripts/eval-answers.ts reads it: its questions, and a folder with libraries.json (default: campus_dev)
    queries: { type: 'string' },
    docs: { type: 'string' },
    // questions asked first, unmeasured, on the same library: a running server's JIT and caches (e.g. real_extra's
    // questions over real_dev's libraries: --set real_dev --library union --warm scripts/eval/data/real_extra)
    warm: { type: 'string' },
  },
});
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const root = process.env.BENCH_APP_ROOT ?? join(import.meta.dir, '..', '..');
const from = (path: string) => import(join(root, path));
delete process.env.OLLAMA_HOST;
delete process.env.OPENAI_BASE_URL;
const { answer } = await from('modules/assistant/service.ts');
const { openLibrary } = await from('scripts/eval/library-cache.ts');
const { realDevRuns } = await from('scripts/eval/real-dev.ts');
const { realMoreRuns } = await from('scripts/eval/real-more.ts');
const { readQueries } = await from('scripts/eval/real-dev.ts');
const { prepareLibrary } = await from('scripts/eval/library-cache.ts');
const { shutdownOcr } = await from('modules/extraction/index.ts');

// the sets are this checkout's (and the shared folder beside it), whichever code answers
const REAL_DEV = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const REAL_MORE = join(import.meta.dir, '..', 'eval', 'data', 'real_more');
const names = args.library!.split(',');
const SHARED = join(import.meta.dir, '..', '..', '..', 'shared');
function ownSet() {
  const docs = args.docs ?? join(SHARED, 'fixtures', 'docs');
  const file = args.docs ? join(args.docs, 'libraries.json') : join(import.meta.dir, '..', 'eval', 'campus-libraries.json');
  const libraries = JSON.parse(readFileSync(file, 'utf8')).libraries as Record<string, string[]>;
  const path = (f: string) =>
    f.startsWith('shared:') ? join(SHARED, f.slice(7)) : f.startsWith('repo:') ? join(import.meta.dir, '..', '..', f.slice(5)) : join(docs, f);
  const queries = readQueries(args.queries ?? join(SHARED, 'eval', 'campus_dev', 'queries.jsonl'));
  return names.map((name) => ({ name, queries, prepare: () => prepareLibrary(libraries[name]!.map(path)) }));
}
const runs =
  args.queries || args.docs || args.set === 'campus'
    ? ownSet()
    : args.set === 'real_more'
      ? realMoreRuns(REAL_MORE, REAL_DEV, names)
      : realDevRuns(REAL_DEV, names);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const rows: string[] = [];
for (const run of runs as Array<{ name: string; queries: Array<{ id: string; text: string }>; prepare: () => Promise<unknown> }>) {
  const ctx = await openLibrary(await run.prepare());
  const ask = (text: string) => answer(ctx, { message: text, showRegulation: true, inlineReferences: false, log: false });
  if (args.warm) {
    const files = readdirSync(args.warm, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('queries.jsonl'));
    const warmQuestions = files.flatMap((f) => readQueries(join(args.warm!, f)) as Array<{ text: string }>);
    for (const q of warmQuestions) await ask(q.text);
    console.log(`warmed with ${warmQuestions.length} questions of ${args.warm}`);
  }
  const [first, firstWalls]: [number[], number[]] = [[], []];
  const threads0 = cpuByThread(process.pid);
  for (const q of run.queries) {
    const [c0, w0] = [cpu(), performance.now()];
    const r = await ask(q.text);
    first.push(cpu() - c0);
    firstWalls.push(performance.now() - w0);
    rows.push(
      JSON.stringify({
        library: run.name,
        id: q.id,
        text: r.text,
        fallback: r.fallback,
        references: r.references.map((x: { documentId: string; page: number; headingPath: string[] }) => [x.documentId, x.page, x.headingPath.join(' › ')]),
      }),
    );
  }
  // the first asks' CPU by thread: the JavaScript thread, LanceDB's (tokio-rt-worker, lance-cpu), the JIT's
  const byThread = cpuByThreadDelta(threads0, cpuByThread(process.pid), run.queries.length);
  const [cpus, walls]: [number[], number[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++)
    for (const q of run.queries) {
      const [c0, w0] = [cpu(), performance.now()];
      await ask(q.text);
      cpus.push(cpu() - c0);
      walls.push(performance.now() - w0);
    }
  const mean = cpus.reduce((a, b) => a + b, 0) / cpus.length;
  // A new question once a library has answered others: what a student asks on a running server (the first half's
  // asks paid for what the library reads once: its documents' texts, its passages' rows, their readings).
  const warmed = first.slice(Math.floor(first.length / 2));
  const warmedWalls = firstWalls.slice(Math.floor(firstWalls.length / 2));
  const f = (n: number) => n.toFixed(2);
  console.log(
    `${args.queries ?? args.docs ?? args.set} ${run.name} (${root}): ${run.queries.length} questions × ${ROUNDS}, CPU per question p50 ${f(quantile(cpus, 0.5))} / p95 ${f(quantile(cpus, 0.95))} / mean ${f(mean)} ms; wall p95 ${f(quantile(walls, 0.95))} ms; first ask CPU p50 ${f(quantile(first, 0.5))} / p95 ${f(quantile(first, 0.95))} ms, wall p50 ${f(quantile(firstWalls, 0.5))} / p95 ${f(quantile(firstWalls, 0.95))} ms (the second half's, its library warmed by the first: CPU p50 ${f(quantile(warmed, 0.5))} / p95 ${f(quantile(warmed, 0.95))} ms, wall p95 ${f(quantile(warmedWalls, 0.95))} ms; by thread, ms a question: ${byThread})`,
  );
  await ctx.close();
}
if (args.out) writeFileSync(args.out, rows.join('\n') + '\n');
await shutdownOcr();
process.exit(0);
