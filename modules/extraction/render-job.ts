// Rendering PDF pages for OCR, in a parse worker process (page-renderer.ts sends the jobs, one a page). pdf.js
// decoding a scan can need gigabytes (a CCITT or JBIG2 image of 100 Mpx is a few KB in the file): here the
// pool's memory and time kills reach it, where a thread of the server would grow the server's heap.
import { ExtractionError } from './errors.ts';
import type { ParseLimits } from './parse-limits.ts';
import type { RenderedPage } from './page-render.ts';
import { checkPdfStreams } from './pdf-streams.ts';
import type { PageView } from './page-view.ts';

export type RenderJob =
  /** opens the PDF for a session of pages (and says how many it has) */
  | { op: 'render-open'; path: string; session: string; limits: ParseLimits }
  /** page `page` (1-based) as grey, turned `turn` degrees clockwise beyond its /Rotate */
  | { op: 'render'; path: string; session: string; page: number; turn: number; limits: ParseLimits }
  /** page `page` as the viewer shows it: a WebP image and its text layer's boxes */
  | { op: 'view'; path: string; session: string; page: number; limits: ParseLimits };

export type RenderResult = { kind: 'opened'; pages: number } | { kind: 'rendered'; page: RenderedPage } | { kind: 'viewed'; view: PageView };

type PageRender = typeof import('./page-render.ts');
type RenderDocument = Awaited<ReturnType<PageRender['openRenderDocument']>>;

// The session's document stays open for its next pages (opening reads the whole file); any other job closes it.
let open: { session: string; doc: RenderDocument } | null = null;

// pdfjs-dist and the canvas addon load only in a worker that renders: most workers only read text layers.
const pageRender = (): Promise<PageRender> => import('./page-render.ts');

export async function closeRenderDocument(): Promise<void> {
  const doc = open?.doc;
  open = null;
  await doc?.loadingTask.destroy().catch(() => {});
}

async function documentOf(job: RenderJob): Promise<RenderDocument> {
  if (open?.session === job.session) return open.doc;
  await closeRenderDocument();
  const data = await Bun.file(job.path).bytes();
  // The text layer was read under the same limits, but a session may be opened on its own (tests, scripts).
  checkPdfStreams(data, job.limits);
  let doc: RenderDocument;
  try {
    doc = await (await pageRender()).openRenderDocument(data);
  } catch (err) {
    const e = err as Error;
    throw new ExtractionError(e.name === 'PasswordException' ? 'encrypted' : 'corrupt', `cannot open the PDF for rendering: ${e.message}`);
  }
  open = { session: job.session, doc };
  if (doc.numPages > job.limits.maxPages) throw new ExtractionError('too_large', `${doc.numPages} pages, over ${job.limits.maxPages}`);
  return doc;
}

export async function runRenderJob(job: RenderJob): Promise<RenderResult> {
  const doc = await documentOf(job);
  if (job.op === 'render-open') return { kind: 'opened', pages: doc.numPages };
  if (job.op === 'view') {
    if (!(job.page >= 1 && job.page <= doc.numPages)) throw new ExtractionError('corrupt', `no page ${job.page}`);
    const { renderPageView } = await import('./page-view.ts');
    return { kind: 'viewed', view: await renderPageView(doc, job.page) };
  }
  let page: RenderedPage;
  try {
    page = await (await pageRender()).renderPageGrey(doc, job.page, job.turn);
  } catch (err) {
    throw new ExtractionError('ocr_failed', (err as Error).message ?? String(err));
  }
  // The pool kills by polling; a page done between two polls still answers as that kill would.
  if (process.memoryUsage.rss() > job.limits.memoryBytes) throw new ExtractionError('too_much_memory', 'rendering the page needs too much memory');
  return { kind: 'rendered', page };
}
