import { Link } from '@tanstack/react-router';
import type { DocumentItem } from '../api';
import { categoryTone, listFileType, truncateName } from '../format';
import { formatDateBE } from '../../../lib/dates';
import { tc } from '../../../strings/console';

const t = tc.library;

export function CategoryChip({ name }: { name: string | null | undefined }) {
  return <span className={`cat-chip cat-${categoryTone(name)}`}>{name?.trim() || t.noCategory}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  if (status !== 'indexing' && status !== 'failed') return null;
  return (
    <span className={`status-badge status-${status}`}>
      {status === 'indexing' && <span className="spinner status-spinner" aria-hidden="true" />}
      {t.status[status]}
    </span>
  );
}

export interface RowHandlers {
  onToggle: (doc: DocumentItem) => void;
  onDelete: (doc: DocumentItem) => void;
}

/** The library table; below 720 px each row becomes a card (CSS), so nothing scrolls sideways. */
export function DocumentTable({ items, onToggle, onDelete }: { items: DocumentItem[] } & RowHandlers) {
  return (
    <table className="doc-table">
      <thead>
        <tr>
          <th scope="col">{t.cols.name}</th>
          <th scope="col">{t.cols.type}</th>
          <th scope="col">{t.cols.category}</th>
          <th scope="col">{t.cols.uploaded}</th>
          <th scope="col">{t.cols.active}</th>
          <th scope="col">
            <span className="visually-hidden">{t.cols.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((doc) => {
          const type = listFileType(doc.fileType, doc.fileName);
          return (
            <tr key={doc.fileId} data-file-id={doc.fileId}>
              <td className="doc-name" data-label={t.cols.name}>
                <Link to="/admin/management/view/$fileid" params={{ fileid: doc.fileId }} title={doc.fileName}>
                  {truncateName(doc.fileName)}
                </Link>
                <StatusBadge status={doc.status} />
              </td>
              <td data-label={t.cols.type}>
                <span className={`type-badge type-${type}`}>{type.toUpperCase()}</span>
              </td>
              <td data-label={t.cols.category}>
                <CategoryChip name={doc.category} />
              </td>
              <td data-label={t.cols.uploaded}>{doc.uploadedAt ? formatDateBE(doc.uploadedAt) : '—'}</td>
              <td data-label={t.cols.active}>
                <label className="switch">
                  <input type="checkbox" role="switch" checked={doc.isActive} onChange={() => onToggle(doc)} aria-label={t.toggleLabel(doc.fileName)} />
                  <span className="switch-track" aria-hidden="true" />
                </label>
              </td>
              <td className="doc-actions">
                <Link
                  to="/admin/management/view/$fileid"
                  params={{ fileid: doc.fileId }}
                  className="btn btn-outline btn-sm"
                  aria-label={`${t.view}: ${doc.fileName}`}
                >
                  {t.view}
                </Link>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-danger-text"
                  onClick={() => onDelete(doc)}
                  aria-label={`${t.delete}: ${doc.fileName}`}
                >
                  {t.delete}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
