import { useCallback, useEffect, useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { createCategory, deleteCategory, duplicateOf, listCategories, renameCategory, type Category } from '../api';
import { canSaveCategory, normaliseCategoryName, resolveCategorySave } from '../validation';
import { AlertDialog, type AlertState } from '../shell/AlertDialog';
import { categoryErrorMessage } from './categoryErrors';
import { tc } from '../../../strings/console';

const t = tc.categories;
export const CATEGORY_DIALOG_MS = 5000;

type Mode = { kind: 'select' } | { kind: 'create' } | { kind: 'edit'; category: Category };

export interface CategoryEditorProps {
  open: boolean;
  onClose: () => void;
  /** the list changed (created, renamed, deleted) */
  onChanged?: () => void;
  /** a category was created, or an existing one chosen instead of a duplicate (the document form selects it) */
  onPicked?: (c: Category) => void;
  startInCreate?: boolean;
}

/** The category editor (console.md §2, §4): select / edit / create; outcome dialogs close it after 5 s. */
export function CategoryEditor({ open, onClose, onChanged, onPicked, startInCreate }: CategoryEditorProps) {
  const [list, setList] = useState<Category[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'select' });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [outcome, setOutcome] = useState<AlertState | null>(null);
  /** a rename onto an existing name: nothing was renamed, the admin picks another name (shown under the field) */
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const inputId = useId();
  const takenId = useId();

  const load = useCallback(() => {
    setLoadError(null);
    listCategories().then(setList, (e: Error) => {
      setList(null);
      setLoadError(e.message);
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    setMode(startInCreate ? { kind: 'create' } : { kind: 'select' });
    setName('');
    setConfirmDelete(false);
    setNameTaken(null);
    load();
  }, [open, startInCreate, load]);

  const finish = (alert: AlertState) => setOutcome(alert);
  const closeOutcome = useCallback(() => {
    setOutcome(null);
    onClose();
  }, [onClose]);

  const pickExisting = (existing: Category) => {
    onPicked?.(existing);
    finish({ tone: 'info', title: t.successTitle, message: t.existsSelected(existing.categoryName) });
  };

  const save = async () => {
    const editing = mode.kind === 'edit' ? mode.category : null;
    const plan = resolveCategorySave(list ?? [], name, editing?.ID);
    if (plan.kind === 'invalid') return;
    // creating: the existing one is chosen instead (console.md §5); renaming onto it would rename nothing
    if (plan.kind === 'select') return editing ? setNameTaken(plan.existing.categoryName) : pickExisting(plan.existing);
    setBusy(true);
    try {
      const saved = editing ? await renameCategory(editing.ID, plan.name) : await createCategory(plan.name);
      onChanged?.();
      if (!editing) onPicked?.(saved);
      finish({ tone: 'success', title: t.successTitle, message: editing ? t.renamed(saved.categoryName) : t.created(saved.categoryName) });
    } catch (e) {
      const existing = duplicateOf(e);
      if (existing && editing) setNameTaken(existing.categoryName);
      else if (existing) pickExisting(existing);
      else finish({ tone: 'error', title: t.errorTitle, message: categoryErrorMessage(e, 'save') });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (mode.kind !== 'edit') return;
    setBusy(true);
    try {
      await deleteCategory(mode.category.ID);
      onChanged?.();
      finish({ tone: 'success', title: t.successTitle, message: t.deleted(mode.category.categoryName) });
    } catch (e) {
      finish({ tone: 'error', title: t.errorTitle, message: categoryErrorMessage(e, 'delete') });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  const original = mode.kind === 'edit' ? mode.category.categoryName : '';
  const canSave = mode.kind !== 'select' && canSaveCategory(mode.kind, name, original) && !busy;
  const title = mode.kind === 'create' ? t.createTitle : mode.kind === 'edit' ? t.editTitle : t.title;

  return (
    <>
      <Dialog open={open && !outcome} title={title} onClose={onClose} busy={busy} className="category-editor">
        {mode.kind === 'select' ? (
          <div className="cat-select">
            <p className="muted">{t.select}</p>
            {loadError ? (
              <div className="alert alert-error" role="alert">
                <p>{t.loadError(loadError)}</p>
                <button type="button" className="btn btn-outline btn-sm" onClick={load}>
                  {t.retry}
                </button>
              </div>
            ) : !list ? (
              <p className="muted">{t.loading}</p>
            ) : list.length === 0 ? (
              <p className="muted">{t.empty}</p>
            ) : (
              <ul className="cat-list">
                {list.map((c) => (
                  <li key={c.ID}>
                    <button
                      type="button"
                      className="cat-item"
                      onClick={() => (setMode({ kind: 'edit', category: c }), setName(c.categoryName), setNameTaken(null))}
                    >
                      <span>{c.categoryName}</span>
                      <span className="muted">{t.docs(c.documentCount)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="dialog-actions">
              <button type="button" className="btn btn-outline" onClick={onClose}>
                {t.close}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => (setMode({ kind: 'create' }), setName(''))} disabled={!!loadError}>
                + {t.create}
              </button>
            </div>
          </div>
        ) : (
          <form
            className="cat-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (canSave) void save();
            }}
          >
            <label htmlFor={inputId}>{t.nameLabel}</label>
            <input
              id={inputId}
              type="text"
              value={name}
              maxLength={100}
              placeholder={t.namePlaceholder}
              aria-invalid={nameTaken ? true : undefined}
              aria-describedby={nameTaken ? takenId : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setNameTaken(null);
              }}
              autoFocus
            />
            {nameTaken && (
              <p id={takenId} className="alert alert-error" role="alert">
                {t.renameExists(nameTaken)}
              </p>
            )}
            {name && normaliseCategoryName(name) !== name && <p className="fineprint">→ “{normaliseCategoryName(name)}”</p>}
            {mode.kind === 'edit' && confirmDelete && (
              <div className="alert alert-warning" role="alert">
                <p>{t.deleteConfirm(mode.category.categoryName)}</p>
                <div className="dialog-actions">
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setConfirmDelete(false)} disabled={busy}>
                    {tc.form.cancel}
                  </button>
                  <button type="button" className="btn btn-danger btn-sm" onClick={remove} disabled={busy}>
                    {t.delete}
                  </button>
                </div>
              </div>
            )}
            <div className="dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => (startInCreate ? onClose() : setMode({ kind: 'select' }))} disabled={busy}>
                {startInCreate ? t.close : `← ${t.back}`}
              </button>
              {mode.kind === 'edit' && !confirmDelete && (
                <button type="button" className="btn btn-outline btn-danger-text" onClick={() => setConfirmDelete(true)} disabled={busy}>
                  {t.delete}
                </button>
              )}
              <button type="submit" className="btn btn-primary" disabled={!canSave}>
                {busy ? t.saving : t.save}
              </button>
            </div>
          </form>
        )}
      </Dialog>
      <AlertDialog alert={outcome} onClose={closeOutcome} autoCloseMs={CATEGORY_DIALOG_MS} />
    </>
  );
}
