// Grey page images of a PDF for OCR, rendered in the parse pool's worker processes (render-job.ts) under the
// file's limits: a page whose images decode to gigabytes, or that draws for minutes, gets its worker killed
// ('too_much_memory', 'too_slow') and fails the OCR; the server's own memory never holds more than the image.
import { ExtractionError } from './errors.ts';
import type { RenderedPage } from './page-render.ts';
import type { JobResult } from './parse-job.ts';
import { DEFAULT_UPLOAD_LIMITS, type ParseLimits } from './parse-limits.ts';
import { type ParseLane, parseInWorker, trimParseWorkers } from './parse-pool.ts';
import type { RenderJob } from './render-job.ts';

export interface PageRenderer {
  pages: number;
  /** `turn`: degrees clockwise beyond the page's /Rotate (a scan stored sideways). */
  render(page: number, signal?: AbortSignal, turn?: number): Promise<RenderedPage>;
  /** Stops pages still being rendered (their workers are killed); workers left large by the pages are replaced. */
  close(): void;
}

export interface RenderOptions {
  /** the file's parse limits: library uploads' when omitted */
  limits?: ParseLimits;
  /** the lane of the file's text layer, so a scan sent as a chat attachment never delays a library upload */
  lane?: ParseLane;
  /** epoch ms by which the whole file must be done; now + the time limit when omitted */
  deadline?: number;
  signal?: AbortSignal;
}

// Within the file's time limit, one page gets this long: a 600 dpi A3 page decodes ~70 Mpx before scaling,
// and a page drawing for longer is an attack that should not spend a library upload's half hour.
const PAGE_TIMEOUT_MS = 120_000;

let sessions = 0;

/** Open the PDF at `path` for rendering. */
export async function openPageRenderer(path: string, opts: RenderOptions = {}): Promise<PageRenderer> {
  const limits = opts.limits ?? DEFAULT_UPLOAD_LIMITS;
  const deadline = opts.deadline ?? Date.now() + limits.timeoutMs;
  // The worker keeps the session's document open between its pages.
  const session = `${process.pid}.${++sessions}`;
  const stop = new AbortController();
  const run = async <K extends JobResult['kind']>(job: RenderJob, kind: K, signal?: AbortSignal) => {
    const until = Math.min(deadline, Date.now() + PAGE_TIMEOUT_MS);
    const result = await parseInWorker(job, { deadline: until, lane: opts.lane, signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal });
    if (result.kind !== kind) throw new ExtractionError('ocr_failed', 'unexpected answer from the page renderer');
    return result as Extract<JobResult, { kind: K }>;
  };
  const { pages } = await run({ op: 'render-open', path, session, limits }, 'opened', opts.signal);
  return {
    pages,
    close: () => {
      stop.abort();
      trimParseWorkers(opts.lane);
    },
    async render(page, signal, turn = 0) {
      return (await run({ op: 'render', path, session, page, turn, limits }, 'rendered', signal)).page;
    },
  };
}
