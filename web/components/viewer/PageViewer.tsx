// One page of a library document with the quoted passage marked (issue 35). The same markup is rendered by
// the server (/documents/{id}/view: plain links and a GET form, usable before or without JavaScript) and
// by the chat's source panel, which passes `onNavigate` to move between pages without leaving the chat.
import type { MouseEvent } from 'react';
import type { PageViewData } from '../../../contracts/viewer';
import { viewerText as t } from '../../strings/viewer';
import { PASSAGE_MARK_ID } from '../../../contracts/viewer-path';

export const ZOOMS = [50, 75, 100, 125, 150, 200, 300] as const;
export const DEFAULT_ZOOM = 100;

export interface PageViewerProps {
  data: PageViewData;
  zoom: number;
  /** the address of another page or zoom, keeping the passage */
  hrefFor: (page: number, zoom: number) => string;
  /** in an island: move without loading a new document */
  onNavigate?: (page: number, zoom: number) => void;
  /** the page's heading level: 1 on its own page, 2 inside the chat's panel */
  headingLevel?: 1 | 2;
}

const nextZoom = (z: number, dir: 1 | -1) => (dir > 0 ? ZOOMS.find((x) => x > z) : [...ZOOMS].reverse().find((x) => x < z)) ?? z;

export function PageViewer({ data, zoom, hrefFor, onNavigate, headingLevel = 1 }: PageViewerProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const go = (page: number, z: number) => (e: MouseEvent) => {
    if (!onNavigate) return;
    e.preventDefault();
    onNavigate(page, z);
  };
  const link = (page: number, z: number, label: string, text: string, disabled: boolean) =>
    disabled ? (
      <span className="btn btn-ghost viewer-btn" aria-disabled="true">
        {text}
      </span>
    ) : (
      <a className="btn btn-ghost viewer-btn" href={hrefFor(page, z)} onClick={go(page, z)} aria-label={label === text ? undefined : label}>
        {text}
      </a>
    );
  const elsewhere = data.markedPages.filter((p) => p !== data.page);
  const here = data.markedPages.includes(data.page);
  const zoomed = Math.round(zoom);
  return (
    <article className="viewer" aria-labelledby="viewer-title">
      <header className="viewer-head">
        <Heading id="viewer-title" className="viewer-title">
          {data.title}
        </Heading>
        <p className="viewer-meta">
          <span>{t.version(data.version)}</span>
          {data.category && <span>{data.category}</span>}
          <span>{t.pageOf(data.page, data.pages)}</span>
        </p>
      </header>
      <nav className="viewer-toolbar" aria-label={t.toolbar}>
        {link(data.page - 1, zoom, t.previous, `‹ ${t.previous}`, data.page <= 1)}
        <form
          className="viewer-goto"
          method="get"
          action={hrefFor(data.page, zoom).split('?')[0]}
          onSubmit={(e) => {
            if (!onNavigate) return;
            e.preventDefault();
            const n = Number(new FormData(e.currentTarget).get('page'));
            if (n >= 1 && n <= data.pages) onNavigate(Math.floor(n), zoom);
          }}
        >
          {[...new URL(hrefFor(data.page, zoom), 'http://x').searchParams]
            .filter(([k]) => k !== 'page')
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <label htmlFor="viewer-page">{t.goTo}</label>
          <input id="viewer-page" name="page" type="number" min={1} max={data.pages} defaultValue={data.page} key={data.page} inputMode="numeric" />
          <button type="submit" className="btn btn-ghost viewer-btn">
            {t.go}
          </button>
        </form>
        {link(data.page + 1, zoom, t.next, `${t.next} ›`, data.page >= data.pages)}
        {data.image && (
          <span className="viewer-zoom">
            {link(data.page, nextZoom(zoom, -1), t.zoomOut, '−', zoom <= ZOOMS[0])}
            <span className="viewer-zoom-level" aria-live="polite">
              {t.zoomLevel(zoomed)}
            </span>
            {link(data.page, nextZoom(zoom, 1), t.zoomIn, '+', zoom >= ZOOMS[ZOOMS.length - 1])}
            {link(data.page, DEFAULT_ZOOM, t.zoomReset, t.zoomReset, zoom === DEFAULT_ZOOM)}
          </span>
        )}
        <a className="btn btn-ghost viewer-btn" href={data.downloadUrl} download>
          {t.download}
        </a>
      </nav>
      <PassageNote data={data} here={here} elsewhere={elsewhere} hrefFor={hrefFor} zoom={zoom} go={go} />
      {data.image ? (
        // focusable so a keyboard can scroll a zoomed page
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
        <section className="viewer-scroll" tabIndex={0} aria-label={t.pageImage(data.page, data.title)}>
          <div className="viewer-page" style={{ width: `${zoomed}%`, aspectRatio: `${data.image.width} / ${data.image.height}` }}>
            <img src={data.image.url} alt={t.pageImage(data.page, data.title)} width={data.image.width} height={data.image.height} />
            {data.marks.map((r, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: rectangles have no identity beyond their order
                key={i}
                id={i === 0 ? PASSAGE_MARK_ID : undefined}
                className="viewer-mark"
                data-testid="viewer-mark"
                aria-hidden="true"
                style={{ left: `${r.x * 100}%`, top: `${r.y * 100}%`, width: `${r.w * 100}%`, height: `${r.h * 100}%` }}
              />
            ))}
          </div>
        </section>
      ) : (
        <div className="viewer-text">
          <MarkedText text={data.text ?? ''} ranges={data.textMarks} />
        </div>
      )}
    </article>
  );
}

function PassageNote({
  data,
  here,
  elsewhere,
  hrefFor,
  zoom,
  go,
}: {
  data: PageViewData;
  here: boolean;
  elsewhere: number[];
  hrefFor: PageViewerProps['hrefFor'];
  zoom: number;
  go: (page: number, z: number) => (e: MouseEvent) => void;
}) {
  if (!data.passage) return null;
  return (
    <section className="viewer-passage" aria-labelledby="viewer-passage-title">
      <h2 id="viewer-passage-title" className="viewer-passage-title">
        {t.passageHeading}
      </h2>
      <p className="viewer-passage-note">
        {here ? t.passageMarked : elsewhere.length === 0 ? t.passageNotFound : null}
        {elsewhere.map((p) => (
          <a key={p} href={hrefFor(p, zoom)} onClick={go(p, zoom)}>
            {p > data.page ? t.passageContinues(p) : t.passageStarts(p)}
          </a>
        ))}
      </p>
      <blockquote className="viewer-passage-text">{data.passage}</blockquote>
    </section>
  );
}

/** A stored page's text with the passage's ranges in <mark>. */
function MarkedText({ text, ranges }: { text: string; ranges: PageViewData['textMarks'] }) {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    if (r.start > at) parts.push({ text: text.slice(at, r.start), marked: false });
    parts.push({ text: text.slice(Math.max(at, r.start), r.end), marked: true });
    at = Math.max(at, r.end);
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <p className="viewer-text-body">
      {parts.map((p, i) =>
        p.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for a render
          <mark key={i} className="viewer-text-mark" data-testid="viewer-text-mark">
            {p.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for a render
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}
