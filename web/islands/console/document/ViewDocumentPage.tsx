import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/Dialog';
import { Shortcuts } from '../shell/Shortcuts';
import { usePageTitle } from '../shell/usePageTitle';
import { AlertDialog, type AlertState } from '../shell/AlertDialog';
import { useDeleteFlow } from '../shell/useDeleteFlow';
import { StatusBadge } from '../library/DocumentTable';
import { joinPages } from '../format';
import { viewerPath } from '../../../../contracts/viewer-path';
import { viewerText } from '../../../strings/viewer';
import { formatDateTimeBE } from '../../../lib/dates';
import { DEFAULT_VERSION } from '../validation';
import { DocumentForm } from './DocumentForm';
import { StoredFile } from './FileStep';
import { ExtractedText } from './ExtractedText';
import { useDocument } from './useDocument';
import { documentLoadState } from './DocumentLoadState';
import { tc } from '../../../strings/console';
import { VersionHistory } from './VersionHistory';

const t = tc.form;

export function ViewDocumentPage() {
  const { fileid } = useParams({ strict: false }) as { fileid?: string };
  const { doc, loading, error } = useDocument(fileid);
  const [confirm, setConfirm] = useState(false);
  const [alert, setAlert] = useState<AlertState | null>(null);
  const navigate = useNavigate();
  // console.md §4: the steps and the success text show here, then the library (generic success dialogs close after 3 s)
  const del = useDeleteFlow({ afterSuccess: () => void navigate({ to: '/admin/management' }), autoCloseMs: 3000 });
  const title = doc?.fileName || t.viewFallbackTitle;
  usePageTitle(title);

  const remove = async () => {
    setConfirm(false);
    if (!doc) return;
    const r = await del.run(doc.fileId);
    if (!r.ok) setAlert({ tone: 'error', title: tc.categories.errorTitle, message: tc.del.failed(r.message) });
  };

  let body = documentLoadState(fileid, { loading, error, found: !!doc });
  if (!body && doc)
    body = (
      <div className="console-card form-card">
        <p className="doc-meta muted">
          {doc.uploadedAt && t.uploadedAt(formatDateTimeBE(doc.uploadedAt))}
          {doc.updatedAt && doc.updatedAt !== doc.uploadedAt && ` · ${t.updatedAt(formatDateTimeBE(doc.updatedAt))}`} <StatusBadge status={doc.status} />
        </p>
        <DocumentForm
          mode="view"
          values={{
            fileName: doc.fileName,
            description: doc.description ?? '',
            categoryId: doc.categoryId ?? '',
            isActive: doc.isActive,
            fallbackContact: doc.fallbackContact ?? '',
            contents: '',
            version: doc.version || DEFAULT_VERSION,
          }}
          categories={[]}
          categoryName={doc.category}
          fileStep={<StoredFile name={doc.rawFileName || doc.fileName} type={doc.fileType} size={doc.fileSize} downloadUrl={doc.downloadUrl} />}
          textStep={(labelId) => <ExtractedText labelId={labelId} value={joinPages(doc.page)} readOnly />}
        />
        <div className="form-actions">
          {doc.fileType === 'pdf' && (
            <a className="btn btn-outline" href={viewerPath(doc.fileId, 1)} target="_blank" rel="noopener">
              {viewerText.title}
            </a>
          )}
          <button type="button" className="btn btn-danger" onClick={() => setConfirm(true)}>
            {t.deleteDoc}
          </button>
          <Link to="/admin/management/edit/$fileid" params={{ fileid: doc.fileId }} className="btn btn-primary">
            {t.edit}
          </Link>
        </div>
      </div>
    );

  return (
    <div className="console-page">
      <div className="page-head">
        <h1 className="doc-title">{title}</h1>
        <Shortcuts show={['back', 'library', 'access', 'settings']} />
      </div>
      {body}
      {doc && <VersionHistory fileId={doc.fileId} refreshKey={doc.updatedAt} />}
      <ConfirmDialog
        open={confirm}
        title={tc.library.deleteTitle}
        message={doc ? tc.library.deleteMessage(doc.fileName) : ''}
        confirmLabel={tc.library.deleteConfirm}
        danger
        onConfirm={remove}
        onCancel={() => setConfirm(false)}
      />
      {del.dialog}
      <AlertDialog alert={alert} onClose={() => setAlert(null)} />
    </div>
  );
}
