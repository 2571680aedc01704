// The source of a reference, beside the answer (issue 35): the cited page with the passage marked, in a
// side panel on wide screens and a full-screen sheet on phones. A modal <dialog>: Escape and the close
// button close it, and focus goes back to the link that opened it.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { PageViewData } from '../../../contracts/viewer';
import { PASSAGE_MARK_ID, viewerPath } from '../../../contracts/viewer-path';
import { api } from '../../lib/api';
import { DEFAULT_ZOOM, PageViewer } from '../../components/viewer/PageViewer';
import { viewerText as t } from '../../strings/viewer';

export interface SourceTarget {
  documentId: string;
  page: number;
  quote?: string | null;
}

export type SourceOpener = (to: SourceTarget) => (e: MouseEvent<HTMLAnchorElement>) => void;

/** A link's click opens the panel instead of leaving the chat; a modified click (new tab) opens the page. */
export function useSourcePanel() {
  const [target, setTarget] = useState<(SourceTarget & { opener: HTMLElement | null }) | null>(null);
  const open: SourceOpener = useCallback(
    (to: SourceTarget) => (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      setTarget({ ...to, opener: e.currentTarget });
    },
    [],
  );
  const close = useCallback(() => {
    setTarget((current) => {
      current?.opener?.focus();
      return null;
    });
  }, []);
  return { target, open, close };
}

type Load = { state: 'loading' } | { state: 'ready'; data: PageViewData } | { state: 'failed'; message: string };

export function SourcePanel({ target, onClose }: { target: SourceTarget | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!target) return;
    setPage(target.page);
    setZoom(DEFAULT_ZOOM);
  }, [target]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (target && !d.open) d.showModal();
    if (!target && d.open) d.close();
  }, [target]);
  useEffect(() => {
    if (!target) return;
    const ctrl = new AbortController();
    setLoad({ state: 'loading' });
    const path = viewerPath(target.documentId, page, target.quote)
      .replace(/^\/documents\//, '/api/files/')
      .replace(/#.*$/, '');
    api<PageViewData>(path, { signal: ctrl.signal })
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((e: { status?: number; isAborted?: boolean }) => {
        if (!e.isAborted) setLoad({ state: 'failed', message: e.status === 404 ? t.notAvailable : t.loadFailed });
      });
    return () => ctrl.abort();
  }, [target, page]);
  // the passage in view once the page is shown (the image's size is known, so no layout shift follows)
  useEffect(() => {
    if (load.state === 'ready') ref.current?.querySelector(`#${PASSAGE_MARK_ID}`)?.scrollIntoView({ block: 'center' });
  }, [load]);
  const fullPage = target ? viewerPath(target.documentId, page, target.quote) : '#';
  const hrefFor = (p: number, z: number) => {
    if (!target) return '#';
    const [path, hash] = viewerPath(target.documentId, p, target.quote).split('#');
    return `${path}${z === DEFAULT_ZOOM ? '' : `&zoom=${z}`}${hash ? `#${hash}` : ''}`;
  };
  return (
    <dialog
      ref={ref}
      className="source-panel"
      aria-labelledby={load.state === 'ready' ? 'viewer-title' : undefined}
      aria-label={load.state === 'ready' ? undefined : t.title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {target && (
        <>
          <div className="source-panel-bar">
            <a className="btn btn-ghost viewer-btn" href={fullPage} target="_blank" rel="noopener">
              {t.openFull}
            </a>
            <button type="button" className="btn btn-outline viewer-btn" onClick={onClose} data-testid="source-panel-close">
              {t.close}
            </button>
          </div>
          <div className="source-panel-body" aria-busy={load.state === 'loading' || undefined}>
            {load.state === 'loading' && <p className="muted">{t.loading}</p>}
            {load.state === 'failed' && <p role="alert">{load.message}</p>}
            {load.state === 'ready' && (
              <PageViewer
                data={load.data}
                zoom={zoom}
                headingLevel={2}
                hrefFor={hrefFor}
                onNavigate={(p, z) => {
                  setZoom(z);
                  setPage(p);
                }}
              />
            )}
          </div>
        </>
      )}
    </dialog>
  );
}
