import { Document, type AssetManifest } from '../document';
import { Brand } from '../components/Logo';
import { PageViewer } from '../components/viewer/PageViewer';
import type { PageViewData } from '../../contracts/viewer';
import { viewerText } from '../strings/viewer';
import { PASSAGE_MARK_ID } from '../../contracts/viewer-path';

/** /documents/{id}/view: a page of a library document, server-rendered with no script (links and a GET form). */
export function ViewerPage({ assets, data, zoom, query }: { assets: AssetManifest; data: PageViewData; zoom: number; query: { from?: string; to?: string } }) {
  const hrefFor = (page: number, z: number) => {
    const q = new URLSearchParams({ page: String(page) });
    if (query.from) q.set('from', query.from);
    if (query.to) q.set('to', query.to);
    if (z !== 100) q.set('zoom', String(z));
    return `/documents/${encodeURIComponent(data.documentId)}/view?${q}${query.from ? `#${PASSAGE_MARK_ID}` : ''}`;
  };
  return (
    <Document title={`${data.title} · ${viewerText.title}`} assets={assets} bodyClass="page-viewer">
      <header className="viewer-shell viewer-topbar">
        <a href="/" aria-label="Ask-Reg">
          <Brand />
        </a>
      </header>
      <main id="main" className="viewer-shell">
        <PageViewer data={data} zoom={zoom} hrefFor={hrefFor} />
      </main>
    </Document>
  );
}
