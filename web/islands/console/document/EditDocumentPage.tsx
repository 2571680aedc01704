import { useEffect, useMemo, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/Dialog';
import { Shortcuts } from '../shell/Shortcuts';
import { usePageTitle } from '../shell/usePageTitle';
import { joinPages } from '../format';
import { DEFAULT_VERSION, editFormErrors, hasChanges, isValid, versionNeedsBump } from '../validation';
import type { DocumentDetail } from '../api';
import { DocumentForm, type DocumentFormValues } from './DocumentForm';
import { StoredFile } from './FileStep';
import { ExtractedText } from './ExtractedText';
import { VersionDialog } from './VersionDialog';
import { useDocument } from './useDocument';
import { documentLoadState } from './DocumentLoadState';
import { useSaveProgress } from './useSaveProgress';
import { onSubmitted, sentFields, useDocumentForm } from './useDocumentForm';
import { tc } from '../../../strings/console';
import { VersionHistory } from './VersionHistory';

const t = tc.form;

const valuesOf = (d: DocumentDetail): DocumentFormValues => ({
  fileName: d.fileName,
  description: d.description ?? '',
  categoryId: d.categoryId ?? '',
  isActive: d.isActive,
  fallbackContact: d.fallbackContact ?? '',
  contents: joinPages(d.page),
  version: d.version || DEFAULT_VERSION,
});

export function EditDocumentPage() {
  const { fileid } = useParams({ strict: false }) as { fileid?: string };
  const { doc, loading, error } = useDocument(fileid);
  usePageTitle(doc ? `${t.editTitle}: ${doc.fileName}` : t.editTitle);
  const original = useMemo(() => (doc ? valuesOf(doc) : null), [doc]);
  const { values, setValues, change, categoryEditor, fieldProps } = useDocumentForm<DocumentFormValues | null>(null);
  useEffect(() => setValues(original), [original, setValues]);
  const [askVersion, setAskVersion] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const save = useSaveProgress('edit');

  const errors = useMemo(() => (values && doc ? editFormErrors(values, doc.rawFileName || doc.fileName) : {}), [values, doc]);
  const changed = !!values && !!original && hasChanges(values, original);
  const canSave = changed && isValid(errors) && !save.busy;
  const stored = doc?.version || DEFAULT_VERSION;

  const submit = () => {
    if (!canSave || !values) return;
    if (versionNeedsBump(values.version, stored)) setAskVersion(true);
    else setConfirm(true);
  };

  const doSave = () => {
    setConfirm(false);
    if (!values || !doc) return;
    void save.update(doc.fileId, { ...sentFields(values), categoryId: values.categoryId, version: values.version.trim() });
  };

  let body = documentLoadState(fileid, { loading, error, found: !!doc && !!values });
  if (!body && doc && values)
    body = (
      <form className="console-card form-card" noValidate onSubmit={onSubmitted(submit)}>
        <DocumentForm
          mode="edit"
          values={values}
          errors={errors}
          {...fieldProps}
          categoryName={doc.category}
          fileStep={
            <StoredFile name={doc.rawFileName || doc.fileName} type={doc.fileType} size={doc.fileSize} downloadUrl={doc.downloadUrl} note={t.relateNote} />
          }
          textStep={(labelId) => <ExtractedText labelId={labelId} value={values.contents} onChange={(contents) => change({ contents })} />}
        />
        <div className="form-actions">
          <Shortcuts show={['back']} landmark={false} />
          <button type="submit" className="btn btn-primary" disabled={!canSave}>
            {save.busy ? t.uploading : t.saveEdit}
          </button>
        </div>
      </form>
    );

  return (
    <div className="console-page">
      <div className="page-head">
        <div>
          <h1 className="doc-title">{t.editTitle}</h1>
          <p className="muted">{t.relateNote}</p>
        </div>
        <Shortcuts show={['library', 'access', 'settings']} />
      </div>
      {body}
      {doc && <VersionHistory fileId={doc.fileId} refreshKey={doc.updatedAt} />}
      <VersionDialog
        open={askVersion}
        stored={stored}
        onCancel={() => setAskVersion(false)}
        onContinue={(v) => {
          setAskVersion(false);
          change({ version: v });
          setConfirm(true);
        }}
      />
      <ConfirmDialog
        open={confirm}
        title={t.confirmEditTitle}
        message={t.confirmEdit(values?.version.trim() ?? '')}
        confirmLabel={t.confirm}
        onConfirm={doSave}
        onCancel={() => setConfirm(false)}
      />
      {save.dialog}
      {categoryEditor}
    </div>
  );
}
