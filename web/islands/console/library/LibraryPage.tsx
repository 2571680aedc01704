import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../components/Dialog';
import { setDocumentActive, type DocumentItem, type ListQuery } from '../api';
import { useConsole } from '../shell/context';
import { Shortcuts } from '../shell/Shortcuts';
import { AlertDialog, type AlertState } from '../shell/AlertDialog';
import { useDeleteFlow } from '../shell/useDeleteFlow';
import { usePageTitle } from '../shell/usePageTitle';
import { CategoryEditor } from '../categories/CategoryEditor';
import { tc } from '../../../strings/console';
import { DocumentTable } from './DocumentTable';
import { useDocumentList } from './useDocumentList';
import { useCategories } from '../document/useCategories';
import { FilterTabs } from '../shell/FilterTabs';
import { Pager } from '../shell/Pager';
import { DemoNotice } from './DemoNotice';

const t = tc.library;
type Status = ListQuery['status'];
type FileType = ListQuery['type'];

export function LibraryPage() {
  usePageTitle(t.title);
  const { search } = useConsole();
  const [status, setStatus] = useState<Status>('all');
  const [type, setType] = useState<FileType>('all');
  const [category, setCategory] = useState('all');
  const list = useDocumentList({ status, type, category }, search);

  // A failed load leaves the filter with "all" and "none" only, and says so in a banner with a retry.
  const { categories, error: categoriesError, reload: loadCategories } = useCategories();
  const [editorOpen, setEditorOpen] = useState(false);

  const [toggling, setToggling] = useState<DocumentItem | null>(null);
  const [toggleBusy, setToggleBusy] = useState(false);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const [alert, setAlert] = useState<AlertState | null>(null);
  const del = useDeleteFlow();

  const confirmToggle = async () => {
    if (!toggling) return;
    const doc = toggling;
    const next = !doc.isActive;
    setToggleBusy(true);
    list.setItems((items) => items.map((d) => (d.fileId === doc.fileId ? { ...d, isActive: next } : d)));
    try {
      await setDocumentActive(doc.fileId, next);
    } catch (e) {
      list.setItems((items) => items.map((d) => (d.fileId === doc.fileId ? { ...d, isActive: doc.isActive } : d)));
      setAlert({ tone: 'error', title: tc.categories.errorTitle, message: t.toggleFailed((e as Error).message) });
    } finally {
      setToggleBusy(false);
      setToggling(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const doc = deleting;
    setDeleting(null);
    list.setItems((items) => items.filter((d) => d.fileId !== doc.fileId));
    const r = await del.run(doc.fileId);
    if (!r.ok) setAlert({ tone: 'error', title: tc.categories.errorTitle, message: tc.del.failed(r.message) });
    list.refreshToFirst();
    loadCategories(); // document counts changed
  };

  const tabs: Status[] = ['all', 'active', 'inactive'];
  return (
    <div className="console-page">
      <div className="page-head">
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{t.subtitle}</p>
        </div>
        <Shortcuts show={['insights', 'access', 'settings']} />
      </div>

      <section className="console-card library" aria-labelledby="library-heading">
        <h2 id="library-heading" className="visually-hidden">
          {t.title}
        </h2>
        <div className="library-toolbar">
          <FilterTabs options={tabs} labels={t.tabs} value={status} onChange={setStatus} label={t.tabsLabel} />
          <div className="library-filters">
            <label className="select-label">
              <span className="visually-hidden">{t.typeLabel}</span>
              <select value={type} onChange={(e) => setType(e.target.value as FileType)} aria-label={t.typeLabel}>
                <option value="all">{t.typeAll}</option>
                <option value="pdf">PDF</option>
                <option value="docx">DOCX</option>
              </select>
            </label>
            <label className="select-label">
              <span className="visually-hidden">{t.categoryLabel}</span>
              <select value={category} onChange={(e) => setCategory(e.target.value)} aria-label={t.categoryLabel}>
                <option value="all">{t.categoryAll}</option>
                <option value="none">{t.noCategory}</option>
                {categories.map((c) => (
                  <option key={c.ID} value={c.ID}>
                    {c.categoryName}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditorOpen(true)}>
              {t.editCategories}
            </button>
            <Link to="/admin/management/addDocument" className="btn btn-primary btn-sm">
              + {t.addFile}
            </Link>
          </div>
        </div>

        <DemoNotice
          onRemoved={() => {
            list.refreshToFirst();
            loadCategories();
          }}
        />
        {categoriesError && (
          <div className="alert alert-error library-error" role="alert" data-testid="categories-error">
            <span>
              {t.categoriesError}: {categoriesError}
            </span>
            <button type="button" className="btn btn-outline btn-sm" onClick={loadCategories}>
              {t.retry}
            </button>
          </div>
        )}
        {list.error && (
          <div className="alert alert-error library-error" role="alert">
            <span>
              {t.loadError}: {list.error}
            </span>
            <button type="button" className="btn btn-outline btn-sm" onClick={list.retry}>
              {t.retry}
            </button>
          </div>
        )}

        <div className="library-body" aria-busy={list.loading || undefined}>
          {list.loading && !list.items.length ? (
            <p className="muted library-empty">{t.loading}</p>
          ) : !list.items.length ? (
            !list.error && <p className="muted library-empty">{list.search.trim() ? t.emptySearch(list.search.trim()) : t.empty}</p>
          ) : (
            <DocumentTable items={list.items} onToggle={setToggling} onDelete={setDeleting} />
          )}
        </div>

        <Pager list={list} page={t.page(list.page, list.totalPages)} texts={t} />
      </section>

      <ConfirmDialog
        open={!!toggling}
        title={toggling?.isActive ? t.toggleOffTitle : t.toggleOnTitle}
        message={toggling?.isActive ? t.toggleOffMessage : t.toggleOnMessage}
        confirmLabel={toggling?.isActive ? t.toggleOff : t.toggleOn}
        danger={toggling?.isActive}
        busy={toggleBusy}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t.deleteTitle}
        message={deleting ? t.deleteMessage(deleting.fileName) : ''}
        confirmLabel={t.deleteConfirm}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      {del.dialog}
      <AlertDialog alert={alert} onClose={() => setAlert(null)} />
      <CategoryEditor
        open={editorOpen}
        onClose={() => setEditorOpen(false)}
        onChanged={() => {
          loadCategories();
          list.retry();
        }}
      />
    </div>
  );
}
