// What comes with an answer: its references (document, heading path, page), recommended documents
// and a drafted document's DOCX download (docs/api.md "Assistant").
import { chatText } from '../../strings/chat';
import { DownloadIcon, FileIcon } from './icons';
import type { ChatMessage, RecommendedDoc, Reference } from './logic/types';
import { safeHref } from '../../lib/safe-href';
import { viewerPath } from '../../../contracts/viewer-path';
import type { SourceOpener } from './SourcePanel';

/** The heading path without the document title it usually starts with (shown just before it). */
export function headingText(h: Reference['headingPath'], title: string): string {
  const parts = (Array.isArray(h) ? h : h ? [h] : []).filter(Boolean);
  return (parts[0]?.trim() === title.trim() ? parts.slice(1) : parts).join(' › ');
}

function typeClass(t: string | null | undefined): string {
  const x = (t ?? '').toLowerCase().replace(/^\./, '');
  return x === 'pdf' ? 'pdf' : x === 'docx' || x === 'doc' ? 'docx' : 'other';
}

/** Where a reference's source opens: its document's page with the quote marked (none for an attachment). */
const sourceOf = (r: Reference) =>
  r.documentId ? { documentId: r.documentId, page: typeof r.page === 'number' && r.page > 0 ? r.page : 1, quote: r.text ?? null } : null;

export function References({ items, openSource }: { items: Reference[]; openSource: SourceOpener }) {
  return (
    <section className="answer-refs" aria-label={chatText.references}>
      <h3>{chatText.references}</h3>
      <ol>
        {items.map((r, i) => {
          const heading = headingText(r.headingPath, r.title);
          const source = sourceOf(r);
          const parts = (
            <>
              <span className="ref-title">{r.title}</span>
              {heading && <span className="ref-heading">{heading}</span>}
              {typeof r.page === 'number' && <span className="ref-page">{chatText.page(r.page)}</span>}
            </>
          );
          return (
            <li key={`${r.documentId ?? r.title}-${i}`}>
              {source ? (
                <a
                  className="ref-link"
                  href={viewerPath(source.documentId, source.page, source.quote)}
                  onClick={openSource(source)}
                  data-testid="reference-link"
                >
                  {parts}
                </a>
              ) : (
                parts
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A library document opens at its best passage: the first reference quoting it, else its first page. */
function bestPassage(d: RecommendedDoc, references: Reference[]) {
  if (!d.downloadUrl.startsWith('/api/files/')) return null; // a blank template is only downloaded
  const ref = references.find((r) => r.documentId === d.id);
  return ref ? sourceOf(ref) : { documentId: d.id, page: 1, quote: null };
}

export function Documents({ items, references = [], openSource }: { items: RecommendedDoc[]; references?: Reference[]; openSource: SourceOpener }) {
  return (
    <section className="answer-docs" aria-label={chatText.recommended}>
      <h3>{chatText.recommended}</h3>
      <ul>
        {items.map((d) => {
          const source = bestPassage(d, references);
          const card = (
            <>
              <span className={`type-badge type-${typeClass(d.fileType)}`}>{(d.fileType ?? 'file').toUpperCase()}</span>
              <span className="doc-card-text">
                <span className="doc-card-title">{d.title}</span>
                {d.category && <span className="doc-card-cat">{d.category}</span>}
              </span>
            </>
          );
          const download = (
            <>
              <DownloadIcon />
              <span>{chatText.download}</span>
            </>
          );
          return (
            <li key={d.id}>
              {source ? (
                <div className="doc-card">
                  <a className="doc-card-open" href={viewerPath(source.documentId, source.page, source.quote)} onClick={openSource(source)}>
                    {card}
                  </a>
                  <a
                    className="doc-card-action"
                    href={safeHref(d.downloadUrl) ?? undefined}
                    download
                    rel="noopener"
                    aria-label={`${chatText.download} ${d.title}`}
                  >
                    {download}
                  </a>
                </div>
              ) : (
                <a className="doc-card" href={safeHref(d.downloadUrl) ?? undefined} download rel="noopener">
                  {card}
                  <span className="doc-card-action">{download}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function DraftCard({ draft }: { draft: NonNullable<ChatMessage['draft']> }) {
  const kind = draft.documentType === 'internal_memo' ? chatText.draftMemo : chatText.draftProject;
  return (
    <div className="draft-card">
      <FileIcon />
      <div>
        <strong>{kind}</strong>
        <p>{chatText.draftReady}</p>
      </div>
      {draft.downloadUrl && (
        <a className="btn btn-primary" href={safeHref(draft.downloadUrl) ?? undefined} download>
          <DownloadIcon />
          {chatText.draftDownload}
        </a>
      )}
    </div>
  );
}
