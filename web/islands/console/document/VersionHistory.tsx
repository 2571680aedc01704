import { useCallback, useEffect, useId, useState } from 'react';
import { formatDateTimeBE } from '../../../lib/dates';
import { safeHref } from '../../../lib/safe-href';
import { formatBytes } from '../format';
import { listVersions, type DocumentVersion } from './versions-api';
import { tv } from './version-texts';

/** A document's versions, newest first (view and edit pages): number, date, who, file name; admins download any. */
export function VersionHistory({ fileId, refreshKey }: { fileId: string; refreshKey?: string }) {
  const id = useId();
  const [items, setItems] = useState<DocumentVersion[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (cursor: string | null) => {
      setError(null);
      listVersions(fileId, cursor).then(
        (page) => {
          setItems((old) => (cursor && old ? [...old, ...page.items] : page.items));
          setNextCursor(page.nextCursor);
        },
        (e: Error) => setError(e.message),
      );
    },
    [fileId],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey (the document's updatedAt) asks for a reload after a change
  useEffect(() => load(null), [load, refreshKey]);

  return (
    <section className="console-card version-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{tv.historyTitle}</h2>
      <p className="muted">{tv.historyIntro}</p>
      {error && (
        <p className="alert alert-error" role="alert">
          {tv.loadFailed(error)}{' '}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => load(null)}>
            {tv.retry}
          </button>
        </p>
      )}
      {!items && !error && <p className="muted">{tv.loading}</p>}
      {items && (
        <ol className="version-list">
          {items.map((v) => (
            <li key={v.number} className={v.current ? 'version-item version-current' : 'version-item'}>
              <div className="version-main">
                <strong>{tv.version(v.number)}</strong>
                {v.current && <span className="version-badge">{tv.current}</span>}
                <span className="version-file">{v.fileName}</span>
              </div>
              <div className="version-meta muted">
                {formatDateTimeBE(v.uploadedAt)} · {v.uploadedBy ? tv.by(v.uploadedBy) : tv.unknownUploader} · {formatBytes(v.fileSize)}
              </div>
              <a className="btn btn-outline btn-sm" href={safeHref(v.downloadUrl) ?? undefined} download aria-label={tv.downloadLabel(v.number, v.fileName)}>
                {tv.download}
              </a>
            </li>
          ))}
        </ol>
      )}
      <div className="version-actions">
        {nextCursor && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => load(nextCursor)}>
            {tv.more}
          </button>
        )}
        <a className="btn btn-outline btn-sm" href={`/admin/management/addDocument?replace=${encodeURIComponent(fileId)}`}>
          {tv.uploadNew}
        </a>
      </div>
    </section>
  );
}
