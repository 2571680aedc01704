// What comes with an answer: its references (document, heading path, page), recommended documents
// and a drafted document's DOCX download (docs/api.md "Assistant").
import { chatText } from '../../strings/chat';
import { DownloadIcon, FileIcon } from './icons';
import type { ChatMessage, RecommendedDoc, Reference } from './logic/types';
import { safeHref } from '../../lib/safe-href';

/** The heading path without the document title it usually starts with (shown just before it). */
export function headingText(h: Reference['headingPath'], title: string): string {
  const parts = (Array.isArray(h) ? h : h ? [h] : []).filter(Boolean);
  return (parts[0]?.trim() === title.trim() ? parts.slice(1) : parts).join(' › ');
}

function typeClass(t: string | null | undefined): string {
  const x = (t ?? '').toLowerCase().replace(/^\./, '');
  return x === 'pdf' ? 'pdf' : x === 'docx' || x === 'doc' ? 'docx' : 'other';
}

export function References({ items }: { items: Reference[] }) {
  return (
    <section className="answer-refs" aria-label={chatText.references}>
      <h3>{chatText.references}</h3>
      <ol>
        {items.map((r, i) => {
          const heading = headingText(r.headingPath, r.title);
          return (
            <li key={`${r.documentId ?? r.title}-${i}`}>
              <span className="ref-title">{r.title}</span>
              {heading && <span className="ref-heading">{heading}</span>}
              {typeof r.page === 'number' && <span className="ref-page">{chatText.page(r.page)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function Documents({ items }: { items: RecommendedDoc[] }) {
  return (
    <section className="answer-docs" aria-label={chatText.recommended}>
      <h3>{chatText.recommended}</h3>
      <ul>
        {items.map((d) => (
          <li key={d.id}>
            <a className="doc-card" href={safeHref(d.downloadUrl) ?? undefined} download rel="noopener">
              <span className={`type-badge type-${typeClass(d.fileType)}`}>{(d.fileType ?? 'file').toUpperCase()}</span>
              <span className="doc-card-text">
                <span className="doc-card-title">{d.title}</span>
                {d.category && <span className="doc-card-cat">{d.category}</span>}
              </span>
              <span className="doc-card-action">
                <DownloadIcon />
                <span>{chatText.download}</span>
              </span>
            </a>
          </li>
        ))}
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
