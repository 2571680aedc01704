// One page of a library document for the viewer (issue 35): the page image with the quoted passage's
// rectangles (PDF), or the stored page text with its character ranges (DOCX, TXT). Guests and users see
// active documents only; anything else is the same 404 as a missing one, as for downloads.
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../src/context';
import { notFound } from '../../../src/http/errors';
import type { PageViewData } from '../../../contracts/viewer';
import { ExtractionError, ocrPageWords, viewPdfPage, type WordBox } from '../../extraction';
import { firstRow } from '../../../src/db/client';
import { absoluteStoragePath } from '../storage';
import { findPassage, PASSAGE_PAGES, type Passage } from './passage';
import { locateQuote } from './locate';
import { fold } from './fold';
import { keptOcrWords, pageCachePath, type VersionKey, writeAtomically } from './store';

export const PAGE_NOT_FOUND = 'ไม่พบหน้านี้ในเอกสาร';
// A page whose text layer has fewer visible characters than this is a scan: its words come from OCR.
const MIN_LAYER_CHARS = 20;

export type ViewableDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

function findDocument(ctx: AppContext, id: string) {
  const { documents, categories } = ctx.tables;
  return firstRow(
    ctx.db
      .select({ doc: documents, category: categories.name })
      .from(documents)
      .leftJoin(categories, eq(categories.id, documents.categoryId))
      .where(eq(documents.id, id)),
  );
}

/** The document if the caller may view it: admins any, everyone else active ones only. */
export async function viewableDocument(ctx: AppContext, id: string, isAdmin: boolean): Promise<ViewableDocument> {
  const found = await findDocument(ctx, id);
  if (!found || (!found.doc.isActive && !isAdmin)) throw notFound('Document not found');
  return found;
}

interface CachedPage {
  width: number;
  height: number;
  pages: number;
  words: WordBox[];
  source: 'text' | 'ocr';
}

const visible = (words: WordBox[]) => words.reduce((n, w) => n + w.text.replace(/\s+/g, '').length, 0);
// Two requests for a page not yet cached render it once.
const rendering = new Map<string, Promise<CachedPage>>();

/** Page `page` of a PDF version, rendered and cached on first view; a scan's words from OCR (kept at ingest, else read now). */
export function cachedPdfPage(ctx: AppContext, v: VersionKey & { storagePath: string }, page: number): Promise<CachedPage> {
  const json = pageCachePath(ctx, v, page, 'json');
  const running = rendering.get(json);
  if (running) return running;
  const job = (async () => {
    const file = Bun.file(json);
    if (await file.exists()) return (await file.json()) as CachedPage;
    const path = absoluteStoragePath(ctx, v.storagePath);
    let view: Awaited<ReturnType<typeof viewPdfPage>>;
    try {
      view = await viewPdfPage(path, page, { limits: ctx.config.parseLimits.upload });
    } catch (e) {
      if (e instanceof ExtractionError) throw notFound(PAGE_NOT_FOUND);
      throw e;
    }
    // A page its ingest read by OCR has its boxes kept: they are the words its stored text was read from, also where the
    // page carries a text layer (a real scan's is often junk: "-b-", "'tio"), which then locates nothing.
    const kept = await keptOcrWords(ctx, v, page);
    let words = kept ?? view.words;
    let source: CachedPage['source'] = kept ? 'ocr' : 'text';
    if (!kept && visible(words) < MIN_LAYER_CHARS) {
      source = 'ocr';
      words = await ocrPageWords(path, page, { limits: ctx.config.parseLimits.upload }).catch(() => []);
    }
    const cached: CachedPage = { width: view.width, height: view.height, pages: view.pages, words, source };
    await writeAtomically(pageCachePath(ctx, v, page, 'webp'), view.image);
    await writeAtomically(json, JSON.stringify(cached));
    return cached;
  })();
  rendering.set(json, job);
  job.finally(() => rendering.delete(json)).catch(() => {});
  return job;
}

function storedPages(ctx: AppContext, id: string) {
  const { documentPages } = ctx.tables;
  return ctx.db.select().from(documentPages).where(eq(documentPages.documentId, id)).orderBy(asc(documentPages.page));
}

/** The passage named by its anchors, cited on `page` or on a page before it (viewing where it runs on to). */
function passageNear(pages: Awaited<ReturnType<typeof storedPages>>, page: number, from?: string, to?: string): Passage | null {
  if (!from?.trim()) return null;
  for (let start = page; start > page - PASSAGE_PAGES; start--) {
    const found = findPassage(pages, start, from, to);
    if (found) return found;
  }
  return null;
}

export interface ViewQuery {
  page: number;
  from?: string;
  to?: string;
}

export async function pageViewData(ctx: AppContext, found: ViewableDocument, q: ViewQuery): Promise<PageViewData> {
  return (await viewPage(ctx, found, q)).data;
}

/** The page's data, and how much of the passage it marks (`marked`: characters, spaces not counted; scripts/bench/viewer.ts). */
export async function viewPage(ctx: AppContext, found: ViewableDocument, q: ViewQuery): Promise<{ data: PageViewData; marked: number }> {
  const { doc, category } = found;
  const pages = await storedPages(ctx, doc.id);
  const passage = passageNear(pages, q.page, q.from, q.to);
  const base = {
    documentId: doc.id,
    title: doc.fileName,
    version: doc.version,
    category,
    fileType: doc.fileType,
    page: q.page,
    downloadUrl: `/api/files/${encodeURIComponent(doc.id)}/download`,
  };
  if (doc.fileType !== 'pdf') {
    const own = pages.find((p) => p.page === q.page);
    if (!own) throw notFound(PAGE_NOT_FOUND);
    const ranges = passage?.ranges ?? [];
    const data = {
      ...base,
      pages: pages.length ? pages[pages.length - 1]!.page : 1,
      image: null,
      marks: [],
      text: own.content,
      textMarks: ranges.filter((r) => r.page === q.page).map(({ start, end }) => ({ start, end })),
      passage: passage?.text ?? null,
      markedPages: ranges.map((r) => r.page),
    };
    return { data, marked: passage ? fold(passage.text).chars.length : 0 };
  }
  const version = { id: doc.id, sha256: doc.sha256, storagePath: doc.storagePath };
  const shown = await cachedPdfPage(ctx, version, q.page);
  // The passage's own pages, read together: a passage running onto the next page is marked on both.
  const quotePages = passage ? passage.ranges.map((r) => r.page) : q.from ? [q.page] : [];
  const quote = passage?.text ?? `${q.from ?? ''}${q.to ?? ''}`;
  const located = quotePages.length
    ? locateQuote(
        quote,
        await Promise.all(quotePages.map(async (n) => ({ page: n, words: n === q.page ? shown.words : (await cachedPdfPage(ctx, version, n)).words }))),
      )
    : { marks: [], covered: 0 };
  const data = {
    ...base,
    pages: shown.pages,
    image: { url: `/api/files/${encodeURIComponent(doc.id)}/pages/${q.page}/image?v=${doc.sha256.slice(0, 16)}`, width: shown.width, height: shown.height },
    marks: located.marks.find((m) => m.page === q.page)?.rects ?? [],
    text: null,
    textMarks: [],
    passage: passage?.text ?? null,
    markedPages: located.marks.map((m) => m.page),
  };
  return { data, marked: Math.round(located.covered * fold(quote).chars.length) };
}

/** The cached image of a page (rendering it if needed). */
export async function pageImagePath(ctx: AppContext, found: ViewableDocument, page: number): Promise<string> {
  const { doc } = found;
  if (doc.fileType !== 'pdf') throw notFound(PAGE_NOT_FOUND);
  const version = { id: doc.id, sha256: doc.sha256, storagePath: doc.storagePath };
  await cachedPdfPage(ctx, version, page);
  return pageCachePath(ctx, version, page, 'webp');
}
