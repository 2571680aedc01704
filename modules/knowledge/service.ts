// Per-app knowledge facade: opens the LanceDB index once per AppContext (lazily), closes it with
// the app, and is the only way features read or write the index. It imports no other module: callers
// say which documents are live, and the health module probes the index.
import type { AppContext } from '../../src/context';
import { perApp } from '../../src/context';
import { chunkDocument, type SourcePage } from './index/chunker';
import { createEmbedder, type Embedder } from './embedding/index';
import { openKnowledgeIndex, type KnowledgeIndex, type SearchHit } from './index/index-store';
import { INDEX_META_FILE, readIndexMeta } from './index/index-meta';
import { nearDuplicate } from './scoring/evidence';
import { foldThaiDigits } from './index/tokens';
import { memoByString } from './question/memo';
import { PAGE_DEPTH, pageWindowed } from './index/page-window';
import { orderedByEvidence } from './scoring/evidence-order';
import type { Question } from './question/question';
import path from 'node:path';

export type { SearchHit } from './index/index-store';

export async function embedderFor(ctx: AppContext): Promise<Embedder> {
  const e = ctx.config.embedding;
  const recorded = await readIndexMeta(path.join(ctx.paths.indexDir, INDEX_META_FILE));
  return createEmbedder({
    provider: e.provider,
    modelDir: e.modelDir ?? undefined,
    ollamaHost: ctx.config.llm.ollamaHost ?? undefined,
    ollamaModel: e.ollamaModel,
    queryPrefix: e.queryPrefix,
    passagePrefix: e.passagePrefix,
    timeoutMs: e.timeoutMs,
    // an embedding server that is down at start must not keep the index (and every answer) closed
    knownDimensions: recorded?.embedderId === `ollama:${e.ollamaModel}` ? recorded.dimensions : null,
  });
}

const indexHandle = perApp((ctx: AppContext): (() => Promise<KnowledgeIndex>) => {
  let opening: Promise<KnowledgeIndex> | null = null;
  ctx.onClose(async () => {
    const index = await opening?.catch(() => null);
    await index?.close();
  });
  return () => {
    if (!opening) {
      const attempt = embedderFor(ctx).then((embedder) =>
        openKnowledgeIndex(ctx.paths.indexDir, embedder, {
          onQueryEmbeddingFailed: (error) => ctx.log.warn('query embedding failed: searching the text index only', { error }),
          heldMemoryMb: ctx.config.indexMemoryMb,
        }),
      );
      // An index that cannot be opened (corrupt files) is tried again on next use, e.g. once
      // scripts/reindex.ts has rebuilt it; meanwhile /healthz reports it.
      attempt.catch(() => {
        if (opening === attempt) opening = null;
      });
      opening = attempt;
    }
    return opening;
  };
});

/** The app's index, opened on first use. */
export function knowledgeIndex(ctx: AppContext): Promise<KnowledgeIndex> {
  return indexHandle(ctx)();
}

/** A document's passages in their order (a quote reads a list its items were chunked apart from). */
export async function documentPassages(ctx: AppContext, documentId: string): Promise<SearchHit[]> {
  return (await knowledgeIndex(ctx)).documentPassages(documentId);
}

/** The index's state for /healthz (registered by the health module). */
export async function indexHealth(ctx: AppContext) {
  const index = await knowledgeIndex(ctx);
  return { ...(await index.health()), needsReindex: index.needsReindex };
}

/** Which of these documents may be cited right now (the caller reads its source of truth, SQLite). */
export type LiveDocuments = (documentIds: string[]) => LiveSet | Promise<LiveSet>;
interface LiveSet {
  has(documentId: string): boolean;
}

export interface SearchOptions {
  k?: number;
  /** category names, as the documents carry them; omitted = all */
  categories?: string[];
  /** required, so no caller forgets it: hits outside the live set are dropped */
  live: LiveDocuments;
}

/**
 * Chunks the assistant may cite: live documents only. The index filters on its own copy of
 * `isActive`; hits are also checked with the caller's `live` (SQLite, the source of truth) so a document
 * switched off or deleted a moment ago, or a leftover from a crash, is never cited.
 */
export async function search(ctx: AppContext, question: Question, opts: SearchOptions): Promise<SearchHit[]> {
  const index = await knowledgeIndex(ctx);
  const k = searchK(opts);
  const hits = await index.search(question.text, { k: Math.min(2 * k, 200), categories: opts.categories, expansions: question.expansions });
  if (hits.length === 0) return hits;
  const live = await opts.live(hits.map((h) => h.documentId));
  return orderedByEvidence(index, question, distinctPassages(hits.filter((h) => live.has(h.documentId))).slice(0, k));
}

/** What a turn retrieves: the passages the answer reads, and the library's pages in the order the user is shown them. */
export interface Retrieved {
  /** the passages in their evidence order, as `search` gives them: what the answer quotes and is scored on */
  hits: SearchHit[];
  /**
   * The pages, each cited by one passage, in the plain rankers' page order re-ranked by the passages' within a
   * bounded window (page-window.ts): what the recommended documents are ranked by. The passages' order is not
   * changed by it, so the page floor moves no answer.
   */
  pages: SearchHit[];
}

/** `search`, and beside it the pages by the plain rankers held as a floor under the passages' page order. */
export async function searchWithPages(ctx: AppContext, question: Question, opts: SearchOptions): Promise<Retrieved> {
  const index = await knowledgeIndex(ctx);
  const k = searchK(opts);
  // Twice as many as asked, so that copies folded away below still leave k distinct passages.
  const [hits, pageLists] = await Promise.all([
    index.search(question.text, { k: Math.min(2 * k, 200), categories: opts.categories, expansions: question.expansions }),
    index.searchPages(question.text, { k: PAGE_DEPTH, categories: opts.categories }),
  ]);
  if (hits.length === 0) return { hits, pages: hits };
  const live = await opts.live([...new Set([...hits.map((h) => h.documentId), ...pageLists.flat().map((p) => p.documentId)])]);
  const kept = distinctPassages(hits.filter((h) => live.has(h.documentId))).slice(0, k);
  const ordered = await orderedByEvidence(index, question, kept);
  const lists = pageLists.map((list) => list.filter((p) => live.has(p.documentId)));
  const pages = await pageWindowed(ordered, lists);
  return { hits: ordered, pages: pages.slice(0, k) };
}

const searchK = (opts: SearchOptions) => Math.max(1, Math.min(opts.k ?? 10, 100));

/**
 * Hits without the near-identical copies of a better one (a second copy of a regulation, a Word and a
 * PDF of one text): copies would take the places of other clauses among the k retrieved, and the
 * evidence read from what was retrieved (what the library says about the question's words) would then
 * depend on how many copies the library holds. The best-scored copy stands for all of them, in its place and
 * with its scores; but where it has no pages (a Word file or a text is read as one page) and a copy of it does
 * (a PDF), the PDF's passage is the one cited: its page is where a reader checks the clause, while the Word
 * copy's reference would send every clause to page 1.
 */
export function distinctPassages(hits: SearchHit[]): SearchHit[] {
  // each passage's numbers are read once: the pairs compared grow with the square of what was retrieved
  const kept: { hit: SearchHit; numbers: ReadonlySet<string> }[] = [];
  for (const hit of hits) {
    const numbers = numbersOf(hit.text);
    const copy = kept.find((k) => sameNumbers(k.numbers, numbers) && !entriesOfOneDocument(k, { hit, numbers }) && nearDuplicate(k.hit.text, hit.text));
    if (!copy) kept.push({ hit, numbers });
    else if (!paged(copy.hit) && paged(hit)) copy.hit = standingFor(hit, copy.hit);
  }
  return kept.map((k) => k.hit);
}

/**
 * Whether two passages of one document are two of its entries, not one text twice: each states a number of three or
 * more digits (a course code, an amount, a year) that the other does not. A curriculum's course descriptions follow
 * one template, and the next course names this one as its prerequisite ("204492 สหกิจศึกษา 2 … วิชาบังคับก่อน :
 * 204491"), so they share their text and most of their numbers; folded as copies, the course asked about was lost
 * whenever the next one ranked first. A copy of a text in another document (a second scan, a Word and a PDF) is still
 * folded: OCR may misread a code in one of them.
 */
function entriesOfOneDocument(a: { hit: SearchHit; numbers: ReadonlySet<string> }, b: { hit: SearchHit; numbers: ReadonlySet<string> }): boolean {
  if (a.hit.documentId !== b.hit.documentId) return false;
  const statesOwn = (x: ReadonlySet<string>, y: ReadonlySet<string>) => [...x].some((n) => n.length >= 3 && !y.has(n));
  return statesOwn(a.numbers, b.numbers) && statesOwn(b.numbers, a.numbers);
}

// Only a PDF is stored page by page (extraction: a Word file's and a text's content is one page).
const paged = (hit: SearchHit) => hit.fileType === 'pdf';

/** `copy` in the place of `best`: its document, text and page, with the scores `best` earned. */
function standingFor(copy: SearchHit, best: SearchHit): SearchHit {
  const { score, matchScore, retrievalScore, lexicalScore, vectorScore } = best;
  return { ...copy, score, matchScore, retrievalScore, lexicalScore, vectorScore };
}

// the same clauses come back question after question: their numbers are read once, for the passages retrieved lately
const numbersOf = memoByString((text: string): ReadonlySet<string> => new Set(foldThaiDigits(text).match(/\d+/g)), 512, Infinity);

/**
 * Whether two passages state the same numbers (most of the smaller one's): a copy of a text does, while the
 * rows of a calendar's two terms, or a fee table's two years, share every label and differ in their dates and
 * amounts; folded as copies, the term asked about was lost whenever the other came first.
 */
function sameNumbers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  let [small, large] = [a, b];
  if (small.size > large.size) [small, large] = [large, small];
  if (small.size === 0) return true;
  let shared = 0;
  for (const n of small) if (large.has(n)) shared++;
  return shared / small.size >= 0.8;
}

export interface IndexableDocument {
  documentId: string;
  title: string;
  category: string | null;
  isActive: boolean;
  fileType: string;
  pages: SourcePage[];
}

export interface IndexProgress {
  stage: 'chunking' | 'embedding' | 'indexing';
  done: number;
  total: number;
}

/** Chunks the reviewed pages and replaces the document's chunks in one index commit. */
export async function indexDocumentFromPages(
  ctx: AppContext,
  doc: IndexableDocument,
  opts: { onProgress?: (p: IndexProgress) => void; signal?: AbortSignal } = {},
): Promise<{ chunks: number }> {
  const index = await knowledgeIndex(ctx);
  opts.onProgress?.({ stage: 'chunking', done: 0, total: doc.pages.length });
  const chunks = chunkDocument({ title: doc.title, pages: doc.pages });
  opts.signal?.throwIfAborted();
  const embeds = ctx.config.embedding.provider !== 'none';
  opts.onProgress?.({ stage: embeds ? 'embedding' : 'indexing', done: 0, total: chunks.length });
  await index.indexDocument(
    { documentId: doc.documentId, title: doc.title, category: doc.category, isActive: doc.isActive, fileType: doc.fileType, pages: doc.pages },
    chunks,
    (done, total) => opts.onProgress?.({ stage: embeds && done < total ? 'embedding' : 'indexing', done, total }),
    opts.signal,
  );
  return { chunks: chunks.length };
}

export async function removeFromIndex(ctx: AppContext, documentId: string): Promise<void> {
  await (await knowledgeIndex(ctx)).removeDocument(documentId);
}

export async function setActiveInIndex(ctx: AppContext, documentId: string, isActive: boolean): Promise<void> {
  await (await knowledgeIndex(ctx)).setActive(documentId, isActive);
}

/** The shared index's writer (another instance) changed these documents: this instance reads them again. */
export async function indexChangedElsewhere(ctx: AppContext, documentIds: readonly string[]): Promise<void> {
  (await knowledgeIndex(ctx)).forget(documentIds);
}
