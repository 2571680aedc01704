import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/Dialog';
import { Shortcuts } from '../shell/Shortcuts';
import { usePageTitle } from '../shell/usePageTitle';
import { addFormErrors, isValid, DEFAULT_VERSION } from '../validation';
import { DocumentForm, type DocumentFormValues } from './DocumentForm';
import { FilePicker } from './FileStep';
import { ExtractedText } from './ExtractedText';
import { useExtraction } from './useExtraction';
import { useSaveProgress } from './useSaveProgress';
import { onSubmitted, sentFields, useDocumentForm } from './useDocumentForm';
import { tc } from '../../../strings/console';
import { SimilarDocumentsNotice, useRequestedTarget, useSimilarDocuments, versionTargets } from './SimilarDocuments';
import { replacePath } from './versions-api';
import { getDocument } from '../api';
import { tv } from './version-texts';

const t = tc.form;
const EMPTY: DocumentFormValues = {
  fileName: '',
  description: '',
  categoryId: '',
  isActive: true,
  fallbackContact: '',
  contents: '',
  version: DEFAULT_VERSION,
};
const ALL_TOUCHED = { file: true, fileName: true, categoryId: true, fallbackContact: true };

/** The file name without its extension is a fair first guess at the document's name. */
const nameFromFile = (f: File) =>
  f.name
    .replace(/\.(pdf|docx)$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();

export function AddDocumentPage() {
  usePageTitle(t.addTitle);
  const { values, setValues, touched, setTouched, change, cats, categoryEditor, fieldProps } = useDocumentForm<DocumentFormValues>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState(false);
  const save = useSaveProgress('add');
  const onText = useCallback((contents: string) => setValues((v) => ({ ...v, contents })), []);
  const extraction = useExtraction(onText);

  const errors = useMemo(() => addFormErrors(values, file), [values, file]);
  const valid = isValid(errors);
  const extracting = extraction.state.phase === 'running';
  // issue 17 item 6: the extracted text compared with the library; the admin may make it a new version
  const similar = useSimilarDocuments(extraction.state.extracted, extraction.state.phase === 'done');
  const requested = useRequestedTarget(); // ?replace=<id>: the version history's "upload a new version"
  const targets = versionTargets(requested, similar);
  const [replaceOf, setReplaceOf] = useState<string | null>(null);
  const replacing = targets.find((m) => m.fileId === replaceOf) ?? null;
  // A new version keeps the document's name, and its category, contact and description fill the fields
  // still blank: the admin replaces a file, not the document's details (any of them may still be changed).
  const chooseTarget = (target: { fileId: string; fileName: string } | null) => {
    setReplaceOf(target?.fileId ?? null);
    if (!target) return;
    setValues((v) => ({ ...v, fileName: target.fileName }));
    void getDocument(target.fileId).then(
      (d) =>
        d &&
        setValues((v) => ({
          ...v,
          categoryId: v.categoryId || (d.categoryId ?? ''),
          fallbackContact: v.fallbackContact.trim() ? v.fallbackContact : d.fallbackContact,
          description: v.description.trim() ? v.description : d.description,
        })),
      () => undefined,
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the requested document has loaded
  useEffect(() => chooseTarget(requested), [requested]);
  const chooseFile = (f: File) => {
    setFile(f);
    setTouched((tch) => ({ ...tch, file: true }));
    setValues((v) => ({ ...v, contents: '', fileName: v.fileName.trim() ? v.fileName : nameFromFile(f) }));
    if (!addFormErrors(values, f).file) void extraction.extract(f);
    else extraction.reset();
  };

  const submit = () => {
    setTouched(ALL_TOUCHED);
    if (valid && !save.busy) setConfirm(true);
  };

  const doSave = () => {
    setConfirm(false);
    if (!file) return;
    void save.upload(file, { ...sentFields(values), category: values.categoryId }, replacing ? replacePath(replacing.fileId) : undefined);
  };

  return (
    <div className="console-page">
      <div className="page-head">
        <div>
          <h1>{t.addTitle}</h1>
          <p className="muted">{t.relateNote}</p>
        </div>
        <Shortcuts show={['back', 'library']} />
      </div>
      <form className="console-card form-card" noValidate onSubmit={onSubmitted(submit)}>
        {cats.error && (
          <p className="alert alert-error" role="alert">
            {tc.categories.loadError(cats.error)}{' '}
            <button type="button" className="btn btn-outline btn-sm" onClick={cats.reload}>
              {tc.categories.retry}
            </button>
          </p>
        )}
        <DocumentForm
          mode="add"
          values={values}
          errors={errors}
          {...fieldProps}
          fileStep={<FilePicker file={file} onFile={chooseFile} disabled={save.busy} invalid={!!(touched.file && errors.file)} />}
          textStep={(labelId) => (
            <ExtractedText
              labelId={labelId}
              value={values.contents}
              onChange={(contents) => setValues((v) => ({ ...v, contents }))}
              extraction={extraction.state}
              onTryOcr={file ? () => void extraction.ocr(file) : undefined}
            />
          )}
        />
        <SimilarDocumentsNotice
          matches={targets}
          replaceOf={replacing?.fileId ?? null}
          onChoose={(fileId) => chooseTarget(targets.find((m) => m.fileId === fileId) ?? null)}
          disabled={save.busy}
        />
        <div className="form-actions">
          <Shortcuts show={['back']} landmark={false} />
          <button type="submit" className="btn btn-primary" disabled={!valid || save.busy || extracting} aria-disabled={!valid || save.busy || extracting}>
            {save.busy ? t.uploading : t.save}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirm}
        title={t.confirmAddTitle}
        message={replacing ? tv.confirmReplace(replacing.fileName) : t.confirmAdd}
        confirmLabel={t.confirm}
        onConfirm={doSave}
        onCancel={() => setConfirm(false)}
      />
      {save.dialog}
      {categoryEditor}
    </div>
  );
}
