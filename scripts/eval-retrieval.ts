// Retrieval evaluation through the production chunker and index.
// Usage: bun scripts/eval-retrieval.ts --corpus C.jsonl --queries Q.jsonl [--k 10] [--out R.jsonl] [--oos Q2.jsonl] [--model M.json]
// Corpus lines {id, text, title?} (one document each); query lines {id, text, gold?: [ids], expect?: 'answer'|'refuse'}.
// Queries from --oos are treated as expect: 'refuse'. Three reference rankers run on the same data (plain
// BM25 over character trigrams, over Intl.Segmenter words, and their reciprocal-rank fusion bm25_rrf, the floor;
// scripts/eval/reference-rankers.ts) so a loss of the product to any shows. A table for people, then the JSON summary as the last stdout line: the
// product's figures at the top level, the reference rankers' under "reference".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chunkDocument } from '../modules/knowledge/index/chunker.ts';
import { retrievalConfidence, setConfidenceModel } from '../modules/knowledge/scoring/confidence.ts';
import { setEvidenceAblation, type EVIDENCE_RULE_GROUPS } from '../modules/knowledge/scoring/evidence.ts';
import { createEmbedder } from '../modules/knowledge/embedding/index.ts';
import { openKnowledgeIndex } from '../modules/knowledge/index/index-store.ts';
import { rankDocuments } from '../modules/knowledge/scoring/retrieval.ts';
import { orderedByEvidence } from '../modules/knowledge/scoring/evidence-order.ts';
import { readQuestion } from '../modules/knowledge/question/question.ts';
import { PAGE_DEPTH, PAGE_FLOOR, PAGE_WINDOW, pageWindowed } from '../modules/knowledge/index/page-window.ts';
import { auroc, percentile, type QueryOutcome, summarize } from '../modules/knowledge/eval-metrics.ts';
import { buildBm25, buildFusion, REFERENCE_TOKENISERS, type ReferenceRanker } from './eval/reference-rankers.ts';
import { readJsonl, type CorpusLine, type QueryLine } from './eval/retrieval-set.ts';

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string' },
    queries: { type: 'string' },
    k: { type: 'string', default: '10' },
    // scratch comparisons of the page order (knowledge/index/page-window.ts): demote:promote:floor pages:passages' weight, 99 = unbounded
    'page-window': { type: 'string' },
    out: { type: 'string' },
    oos: { type: 'string' },
    embedder: { type: 'string', default: 'none' },
    'model-dir': { type: 'string' },
    // another confidence model than the shipped one (a file shaped like knowledge/scoring/confidence-model.json)
    model: { type: 'string' },
    // evidence rule groups left out (knowledge/scoring/evidence.ts EVIDENCE_RULE_GROUPS), for the ablation table
    ablate: { type: 'string', default: '' },
  },
});
if (args['page-window']) {
  const [d, p, n, w] = args['page-window'].split(':').map((x) => (Number(x) === 99 ? Infinity : Number(x)));
  [PAGE_WINDOW.demote, PAGE_WINDOW.promote, PAGE_FLOOR.pages, PAGE_FLOOR.structureWeight] = [d!, p!, n!, w!];
}
if (!args.corpus || !args.queries) {
  console.error('usage: eval-retrieval.ts --corpus C.jsonl --queries Q.jsonl [--k 10] [--out R.jsonl] [--oos Q2.jsonl]');
  process.exit(2);
}

setEvidenceAblation(args.ablate!.split(',').filter(Boolean) as (typeof EVIDENCE_RULE_GROUPS)[number][]);
if (args.model) setConfidenceModel(JSON.parse(await Bun.file(args.model).text()));
const k = Number(args.k);
const corpus = await readJsonl<CorpusLine>(args.corpus);
const queries = await readJsonl<QueryLine>(args.queries);
if (args.oos) queries.push(...(await readJsonl<QueryLine>(args.oos)).map((q) => ({ id: q.id, text: q.text, expect: 'refuse' as const })));

/** The reference rankers over whole corpus lines (title and text): BM25 over trigrams, over words, and their fusion. */
function referenceRankers(): Array<{ ranker: ReferenceRanker; indexSeconds: number }> {
  const docs = corpus.map((d) => ({ id: d.id, text: `${d.title ?? ''}\n${d.text}` }));
  const plain = REFERENCE_TOKENISERS.map(([name, tokenise]) => {
    const t0 = performance.now();
    return { ranker: buildBm25(name, tokenise, docs), indexSeconds: (performance.now() - t0) / 1000 };
  });
  return [...plain, { ranker: buildFusion(plain.map((p) => p.ranker)), indexSeconds: plain.reduce((s, p) => s + p.indexSeconds, 0) }];
}

/** A reference ranker scored with the product's metrics. */
function referenceSummary({ ranker, indexSeconds }: { ranker: ReferenceRanker; indexSeconds: number }): Record<string, number> {
  const outcomes: QueryOutcome[] = queries.map((q) => {
    const start = performance.now();
    const ranked = ranker.search(q.text, k);
    return { ranked, gold: q.gold, ms: performance.now() - start, confidence: 0 };
  });
  return { ...summarize(outcomes, k), index_s: Number(indexSeconds.toFixed(2)) };
}

function printTable(rows: Record<string, Record<string, number>>): void {
  const cols = ['n', 'hit1', 'hit5', 'hit10', 'mrr10', 'p95_ms', 'index_s'];
  console.log(['ranker'.padEnd(14), ...cols.map((c) => c.padStart(8))].join(''));
  for (const [name, r] of Object.entries(rows)) console.log([name.padEnd(14), ...cols.map((c) => String(r[c] ?? '-').padStart(8))].join(''));
}

const dir = await mkdtemp(path.join(tmpdir(), 'askreg-eval-'));
try {
  const embedder = await createEmbedder({ provider: args.embedder as 'none' | 'transformers' | 'ollama', modelDir: args['model-dir'] });
  const index = await openKnowledgeIndex(dir, embedder);
  const t0 = performance.now();
  // Batched like the ingest CLI (one index write per 256 documents): the same rows, built much faster.
  const batch = corpus.map((doc) => ({
    meta: { documentId: doc.id, title: doc.title ?? '', category: null, isActive: true, fileType: 'txt', pages: [{ page: 1, text: doc.text }] },
    chunks: chunkDocument({ title: doc.title ?? '', pages: [{ page: 1, text: doc.text }] }),
  }));
  for (let at = 0; at < batch.length; at += 256) await index.indexDocuments(batch.slice(at, at + 256));
  await index.optimize();
  const indexSeconds = (performance.now() - t0) / 1000;
  // every question searched alike, the first as the last (lexical-search.ts: the tables held in the process)
  await index.settled();

  // Warm caches first: the server is long-running, so cold-start reads are not what users see.
  for (const q of queries.slice(0, 20)) await index.search(q.text, { k: Math.max(50, k * 5) });
  const outcomes: QueryOutcome[] = [];
  const outLines: string[] = [];
  for (const q of queries) {
    const start = performance.now();
    // the product's order: the index's, then the first clauses by their evidence (as the chat's search)
    const question = readQuestion(q.text);
    const [found, pageLists] = await Promise.all([index.search(q.text, { k: Math.max(50, k * 5) }), index.searchPages(q.text, { k: PAGE_DEPTH })]);
    // held to the plain rankers' page order within the window, as the chat's search (knowledge/service.ts)
    const ordered = await orderedByEvidence(index, question, found);
    const hits = await pageWindowed(ordered, pageLists);
    const ranked = rankDocuments(hits, k);
    const evidence = retrievalConfidence(question, ordered);
    const ms = performance.now() - start;
    const expect = q.expect ?? (q.gold && q.gold.length > 0 ? 'answer' : undefined);
    outcomes.push({ ranked: ranked.map((r) => r.documentId), gold: q.gold, ms, confidence: evidence.confidence, expect });
    outLines.push(
      JSON.stringify({
        id: q.id,
        ranked: ranked.map((r) => r.documentId),
        scores: ranked.map((r) => Number(r.score.toFixed(4))),
        confidence: Number(evidence.confidence.toFixed(2)),
        signals: evidence.signals,
      }),
    );
  }
  await index.close();
  if (args.out) await Bun.write(args.out, outLines.join('\n') + '\n');

  const summary: Record<string, number> = { ...summarize(outcomes, k), index_s: Number(indexSeconds.toFixed(2)) };
  const answer = outcomes.filter((o) => o.expect === 'answer').map((o) => o.confidence);
  const refuse = outcomes.filter((o) => o.expect === 'refuse').map((o) => o.confidence);
  if (answer.length > 0 && refuse.length > 0) {
    summary.auroc = Number(auroc(answer, refuse).toFixed(4));
    summary.answer_fallback_at30 = Number((answer.filter((c) => c < 30).length / answer.length).toFixed(4));
    summary.refuse_fallback_at30 = Number((refuse.filter((c) => c < 30).length / refuse.length).toFixed(4));
    summary.answer_conf_p50 = Number(percentile(answer, 0.5).toFixed(1));
    summary.refuse_conf_p50 = Number(percentile(refuse, 0.5).toFixed(1));
  }
  const reference = Object.fromEntries(referenceRankers().map((r) => [r.ranker.name, referenceSummary(r)]));
  printTable({ product: summary, ...reference });
  console.log(JSON.stringify({ ...summary, reference }));
} finally {
  await rm(dir, { recursive: true, force: true });
}
