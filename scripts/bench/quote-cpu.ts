// Bench: the embedded answerer's quoting step alone (lists read with their items, pages around an announcement's
// passage, the quote chosen and written), per question on the real libraries: each question is searched once,
// then its quote is made BENCH_ROUNDS (20) times, each as a new turn (a document's passages read again through
// the index's kept copy). Prints the step's CPU per question (p50 / p95 / mean, this process, all threads): the
// part of a turn the answer code adds, measured apart from search, which varies far more on a shared machine.
// BENCH_APP_ROOT=<checkout>: that checkout's answer code (a before/after pair; alternate them in one run).
//   bun scripts/bench/quote-cpu.ts [--set real_dev|real_more] [--library union]
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { set: { type: 'string', default: 'real_dev' }, library: { type: 'string', default: 'union' } } });
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const root = process.env.BENCH_APP_ROOT ?? join(import.meta.dir, '..', '..');
const from = (path: string) => import(join(root, path));
delete process.env.OLLAMA_HOST;
delete process.env.OPENAI_BASE_URL;
const knowledge = await from('modules/knowledge/service.ts');
const { readQuestion } = await from('modules/knowledge/question/question.ts');
const extractive = await from('modules/assistant/extractive.ts');
const { withListItems } = await from('modules/assistant/list-items.ts');
const pageProse = (await from('modules/assistant/page-prose.ts').catch(() => ({}))).pageProse;
const { openLibrary } = await from('scripts/eval/library-cache.ts');
const { realDevRuns } = await from('scripts/eval/real-dev.ts');
const { realMoreRuns } = await from('scripts/eval/real-more.ts');

const REAL_DEV = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const REAL_MORE = join(import.meta.dir, '..', 'eval', 'data', 'real_more');
const names = args.library!.split(',');
const runs = args.set === 'real_more' ? realMoreRuns(REAL_MORE, REAL_DEV, names) : realDevRuns(REAL_DEV, names);

type Hit = { documentId: string };
// the quoting step as each checkout's service.ts makes it
async function quote(ctx: unknown, asked: unknown, hits: Hit[]): Promise<unknown> {
  const byDocument = new Map<string, Promise<Hit[]>>();
  const passagesOf = (id: string) => byDocument.get(id) ?? byDocument.set(id, knowledge.documentPassages(ctx, id)).get(id)!;
  const read = await withListItems(asked, hits, passagesOf);
  if (extractive.quotePlan) {
    const plan = extractive.quotePlan(asked, read.hits);
    return plan?.answer(await pageProse(plan.quoted, passagesOf, read.original));
  }
  if (pageProse) return extractive.extractiveAnswer(asked, read.hits, await pageProse(read.hits, passagesOf, read.original));
  return extractive.extractiveAnswer(asked, read.hits);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
for (const run of runs as Array<{ name: string; queries: Array<{ text: string }>; prepare: () => Promise<unknown> }>) {
  const ctx = await openLibrary(await run.prepare());
  const asked = run.queries.map((q) => readQuestion(q.text));
  const all = { has: () => true };
  const hits: Hit[][] = [];
  for (const q of asked) hits.push(await knowledge.search(ctx, q, { k: 8, live: async () => all }));
  const perQuestion: number[] = [];
  for (const [i, q] of asked.entries()) {
    await quote(ctx, q, hits[i]!); // the document's passages read once into the index's kept copy
    const c0 = cpu();
    for (let r = 0; r < ROUNDS; r++) await quote(ctx, q, hits[i]!);
    perQuestion.push((cpu() - c0) / ROUNDS);
  }
  const mean = perQuestion.reduce((a, b) => a + b, 0) / perQuestion.length;
  const f = (n: number) => n.toFixed(3);
  console.log(
    `${args.set} ${run.name} (${root}): quoting step CPU per question p50 ${f(quantile(perQuestion, 0.5))} / p95 ${f(quantile(perQuestion, 0.95))} / mean ${f(mean)} ms (${run.queries.length} questions × ${ROUNDS})`,
  );
  await ctx.close();
}
process.exit(0);
