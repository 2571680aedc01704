// Retrieval benchmark: a synthetic Thai index of N chunks (default 100k), then timed queries.
// Prints wall times and the process CPU of the writes, the build and a question.
// Usage: bun scripts/bench/retrieval.ts [--chunks 100000] [--queries 300] [--vocab wide|regulation] [--keep DIR]
// `--keep DIR` builds the index in DIR once and reuses it on later runs (to iterate on the query side).
// BENCH_APP_ROOT=<checkout>: search with that checkout's index code (a before/after pair over one kept index).
// Words are drawn with their real frequencies (a unigram model). `wide` (default) learns them from the
// fixture regulation plus the iApp Thai Wikipedia passages, tens of thousands of words like a real
// library of regulations; `regulation` uses the regulation's ~300 words only, where every term is
// common (a worst case no real corpus reaches).
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Chunk } from '../../modules/knowledge/index/chunker.ts';
import { noEmbedder } from '../../modules/knowledge/embedding/index.ts';
import { percentile } from '../../modules/knowledge/eval-metrics.ts';
import { cpuByThread, cpuByThreadDelta, hostSteal } from './lib.ts';
import { toThaiDigits } from '../../src/thai/digits';
// as the chat's search reads them (modules/knowledge/index/page-window.ts)
const PAGE_DEPTH = 30;

const { values: args } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '300' },
    'per-doc': { type: 'string', default: '500' },
    vocab: { type: 'string', default: 'wide' },
    keep: { type: 'string' },
  },
});
const total = Number(args.chunks);
const perDoc = Number(args['per-doc']);

const regulation = readFileSync(path.join(import.meta.dir, '../../../shared/fixtures/docs/regulation.txt'), 'utf8');
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
const sources = [regulation];
if (args.vocab === 'wide') {
  const corpus = readFileSync(path.join(import.meta.dir, '../../../shared/eval/iapp_wiki_qa_train/corpus.jsonl'), 'utf8');
  for (const line of corpus.split('\n')) if (line.trim()) sources.push((JSON.parse(line) as { text: string }).text);
}
const counts = new Map<string, number>();
for (const text of sources)
  for (const s of segmenter.segment(text)) if (s.isWordLike && /[\u0E00-\u0E7F]/.test(s.segment)) counts.set(s.segment, (counts.get(s.segment) ?? 0) + 1);
const vocab = [...counts.keys()];
const cumulative: number[] = [];
let sum = 0;
for (const w of vocab) cumulative.push((sum += counts.get(w)!));
// Deterministic PRNG; words drawn with their observed frequencies.
let seed = 42;
const rand = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
function word(): string {
  const target = rand() * sum;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return vocab[lo];
}
const thaiNumber = (n: number) => toThaiDigits(n);

function sentence(words: number): string {
  let s = '';
  for (let i = 0; i < words; i++) s += word() + (rand() < 0.15 ? ' ' : '');
  return s.trim();
}

function makeChunk(ordinal: number, docNo: number): Chunk {
  const parts = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => sentence(8 + Math.floor(rand() * 20)));
  const clause = `ข้อ ${thaiNumber(ordinal + 1)}`;
  return {
    ordinal,
    page: 1 + Math.floor(ordinal / 5),
    headingPath: [`ข้อบังคับที่ ${docNo}`, `หมวด ${thaiNumber(1 + (ordinal % 7))}`, clause],
    text: `${clause} ${parts.join(' ')}`,
  };
}

const cpuSeconds = (c: NodeJS.CpuUsage) => Number(((c.user + c.system) / 1e6).toFixed(1));

const root = process.env.BENCH_APP_ROOT ?? path.join(import.meta.dir, '..', '..');
const { openKnowledgeIndex } = (await import(
  path.join(root, 'modules/knowledge/index/index-store.ts')
)) as typeof import('../../modules/knowledge/index/index-store.ts');
const dir = args.keep ? path.resolve(args.keep) : await mkdtemp(path.join(tmpdir(), 'askreg-bench-'));
try {
  const index = await openKnowledgeIndex(dir, noEmbedder);
  // A kept index is reused when it holds exactly this build (the chunks are still generated, for the same queries).
  const reuse = !!args.keep && (await index.count()) === total;
  const samples: Chunk[] = [];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let doc = 0; doc * perDoc < total; doc++) {
    const chunks = Array.from({ length: Math.min(perDoc, total - doc * perDoc) }, (_, i) => makeChunk(i, doc));
    samples.push(chunks[Math.floor(rand() * chunks.length)]);
    if (!reuse)
      await index.indexDocument(
        { documentId: `doc-${doc}`, title: `ข้อบังคับที่ ${doc}`, category: doc % 3 === 0 ? 'finance' : 'activity', isActive: doc % 10 !== 0, fileType: 'pdf' },
        chunks,
      );
  }
  const writeSeconds = (performance.now() - t0) / 1000;
  const writeCpu = process.cpuUsage(c0);
  if (!reuse) await index.optimize();
  const buildSeconds = (performance.now() - t0) / 1000;
  const buildCpu = process.cpuUsage(c0);

  // Questions: a few consecutive words lifted from a real chunk plus a question word, and random-vocabulary questions.
  const question = (i: number) => {
    if (i % 2 === 1) return `${sentence(4)} อย่างไร`;
    const words = [...segmenter.segment(samples[i % samples.length].text)].filter((s) => s.isWordLike).map((s) => s.segment);
    const at = Math.floor(rand() * Math.max(1, words.length - 6));
    return `${words.slice(at, at + 6).join('')} กี่วัน`;
  };
  const queries = Array.from({ length: Number(args.queries) }, (_, i) => question(i));
  // Warm-up questions of their own: a measured question asked before would find what the index keeps of recent searches.
  // Both lists, as a measured question searches them: a library held in the process (lexical-search.ts) is read by its
  // first search, and that reading belongs to no question.
  for (let i = 0; i < 20; i++) await Promise.all([index.search(question(i)), index.searchPages?.(question(i), { k: PAGE_DEPTH })]);
  await index.settled?.();
  const times: number[] = [];
  const q0 = process.cpuUsage();
  const threads0 = cpuByThread(process.pid);
  const steal = hostSteal();
  for (const [i, q] of queries.entries()) {
    const start = performance.now();
    const categories = i % 4 === 0 ? ['finance'] : undefined;
    // the chat's search reads the plain page lists beside the passages (knowledge/index/page-window.ts), where the index has them
    await Promise.all([index.search(q, { k: 10, categories }), index.searchPages?.(q, { k: PAGE_DEPTH, categories })]);
    times.push(performance.now() - start);
  }
  const queryCpu = process.cpuUsage(q0);
  const threads1 = cpuByThread(process.pid);
  const perQuestion = (names: (n: string) => boolean) => {
    let ms = 0;
    for (const [name, v] of threads1) if (names(name)) ms += v - (threads0.get(name) ?? 0);
    return Number((ms / queries.length).toFixed(2));
  };
  const chunks = await index.count();
  await index.close();
  console.log(
    JSON.stringify({
      vocab: args.vocab,
      words: vocab.length,
      chunks,
      queries: queries.length,
      p50_ms: Number(percentile(times, 0.5).toFixed(2)),
      p95_ms: Number(percentile(times, 0.95).toFixed(2)),
      write_s: Number(writeSeconds.toFixed(1)),
      build_s: Number(buildSeconds.toFixed(1)),
      host_steal_pct: steal(),
      // the process's CPU (LanceDB's threads included): steadier than wall time on a shared machine
      write_cpu_s: cpuSeconds(writeCpu),
      build_cpu_s: cpuSeconds(buildCpu),
      query_cpu_ms: Number(((cpuSeconds(queryCpu) * 1000) / queries.length).toFixed(2)),
      // of which the JavaScript thread (the question's reading, the fusion, Arrow's decoding) and LanceDB's threads
      query_js_cpu_ms: perQuestion((n) => n === 'bun' || n === 'node'),
      query_lancedb_cpu_ms: perQuestion((n) => n.startsWith('tokio')),
      threads: cpuByThreadDelta(threads0, threads1, queries.length),
    }),
  );
} finally {
  if (!args.keep) await rm(dir, { recursive: true, force: true });
}
