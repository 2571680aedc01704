import { useCallback, useId, useState } from 'react';
import type { SessionUser } from '../../types';
import { ConfirmDialog, Dialog } from '../../../components/Dialog';
import { Shortcuts } from '../shell/Shortcuts';
import { AddAdminDialog } from './AddAdminDialog';
import { AdminRow, type RowActions } from './AdminRow';
import { adminsApi, classify, type Failure } from './api';
import { matchesSearch, type AdminItem } from './texts';
import { ta } from '../../../strings/access';
import { useAdmins } from './useAdmins';

type Message = { tone: 'success' | 'error' | 'info'; text: string; then?: () => void };

const MESSAGE_AUTO_CLOSE_MS = 3000; // console.md §9: generic dialogs close after 3 s

/** /admin/management/access (console.md §2): search, add rights, the admin table and its dialogs. */
export function AccessPage({ user }: { user: SessionUser }) {
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addBusy, setAddBusy] = useState(false);
  const [notFoundUser, setNotFoundUser] = useState(false);
  const [revoking, setRevoking] = useState<AdminItem | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const searchId = useId();

  /** Shared failure handling; `fallback` is the action's own error text when the server gives none. */
  const fail = useCallback((f: Failure, fallback: string) => {
    // biome-ignore lint/suspicious/noThenProperty: a message's follow-up action, never awaited
    if (f.kind === 'expired') setMessage({ tone: 'info', text: ta.sessionExpired, then: () => window.location.assign('/login') });
    else if (f.kind === 'network') setErrorText(ta.connection);
    else if (f.kind === 'notFoundUser') setNotFoundUser(true);
    else setMessage({ tone: 'error', text: f.message || fallback });
  }, []);

  const { items, loading, replace, reload } = useAdmins(search, (f) => (f.kind === 'server' ? setErrorText(ta.listError) : fail(f, ta.listError)));

  const closeMessage = useCallback(() => {
    setMessage(null);
    message?.then?.(); // the session-expired notice leads to /login once read (or after 3 s)
  }, [message]);

  const add = async (email: string, position: string) => {
    setAddBusy(true);
    try {
      await adminsApi.add(email, position);
      setAdding(false);
      setMessage({ tone: 'success', text: ta.added(email) });
      await reload();
    } catch (e) {
      const f = classify(e);
      if (f.kind === 'notFoundUser') setAdding(false);
      fail(f, ta.addError);
    } finally {
      setAddBusy(false);
    }
  };

  const actions: RowActions = {
    async onPosition(a, position) {
      try {
        replace(a.email, await adminsApi.setPosition(a.email, position));
        setMessage({ tone: 'success', text: ta.positionUpdated(a.email) });
        return true;
      } catch (e) {
        const f = classify(e);
        fail(f.kind === 'server' ? { kind: 'server', message: ta.positionError } : f, ta.positionError);
        return false;
      }
    },
    async onStatus(a, isActive) {
      setBusyEmail(a.email);
      try {
        replace(a.email, await adminsApi.setStatus(a.email, isActive));
        setMessage({ tone: 'success', text: ta.statusChanged(a.email, isActive) });
      } catch (e) {
        fail(classify(e), ta.statusError);
      } finally {
        setBusyEmail(null);
      }
    },
    onRevoke: (a) => setRevoking(a),
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    setRevokeBusy(true);
    try {
      await adminsApi.revoke(revoking.email);
      replace(revoking.email, null);
      setMessage({ tone: 'success', text: ta.revoked(revoking.email) });
    } catch (e) {
      fail(classify(e), ta.revokeError);
    } finally {
      setRevokeBusy(false);
      setRevoking(null);
    }
  };

  const visible = items.filter((a) => matchesSearch(a, search));

  return (
    <div className="console-page access-page">
      <div className="page-head">
        <div>
          <h1>{ta.title}</h1>
          <p className="muted">{ta.subtitle}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)} data-testid="add-rights">
          <span aria-hidden="true">+</span> {ta.add}
        </button>
      </div>

      <div className="console-card" style={{ display: 'grid', gap: 14 }}>
        <div role="search">
          <label htmlFor={searchId} className="visually-hidden">
            {ta.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={ta.searchPlaceholder}
            value={search}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="access-scroll" tabIndex={0} role="region" aria-label={ta.tableLabel}>
          <table className="doc-table access-table">
            <thead>
              <tr>
                <th scope="col">{ta.cols.name}</th>
                <th scope="col">{ta.cols.email}</th>
                <th scope="col">{ta.cols.position}</th>
                <th scope="col">{ta.cols.role}</th>
                <th scope="col">{ta.cols.status}</th>
                <th scope="col">{ta.cols.updated}</th>
                <th scope="col">{ta.cols.actions}</th>
              </tr>
            </thead>
            <tbody>
              {loading && items.length === 0 ? (
                <tr>
                  <td colSpan={7} className="muted" role="status">
                    {ta.loading}
                  </td>
                </tr>
              ) : visible.length === 0 ? (
                <tr>
                  <td colSpan={7} className="muted">
                    {ta.empty}
                  </td>
                </tr>
              ) : (
                visible.map((a) => (
                  <AdminRow key={a.id} admin={a} self={a.id === user.id || a.email === user.email} busy={busyEmail === a.email} actions={actions} />
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>

      <Shortcuts show={['back', 'library', 'settings']} />

      <AddAdminDialog open={adding} loading={addBusy} onCancel={() => setAdding(false)} onSubmit={add} />
      <ConfirmDialog
        open={!!revoking}
        title={ta.confirmRevoke.title}
        message={revoking ? ta.confirmRevoke.body(revoking.email) : ''}
        confirmLabel={ta.confirmRevoke.confirm}
        busyLabel={ta.confirmRevoke.busy}
        busy={revokeBusy}
        danger
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
      <Dialog
        open={notFoundUser}
        title={ta.notFound.title}
        tone="error"
        onClose={() => setNotFoundUser(false)}
        actions={<OkButton onClick={() => setNotFoundUser(false)} />}
      >
        <p role="alert">{ta.notFound.body}</p>
      </Dialog>
      <Dialog
        open={!!message}
        title={message ? ta.titles[message.tone] : ''}
        tone={message?.tone ?? 'info'}
        onClose={closeMessage}
        autoCloseMs={MESSAGE_AUTO_CLOSE_MS}
        actions={<OkButton onClick={closeMessage} />}
      >
        <p role={message?.tone === 'error' ? 'alert' : 'status'} data-testid="access-message">
          {message?.text}
        </p>
      </Dialog>
      <Dialog
        open={!!errorText}
        title={ta.titles.error}
        tone="error"
        onClose={() => setErrorText(null)}
        actions={<OkButton onClick={() => setErrorText(null)} />}
      >
        <p role="alert">{errorText}</p>
      </Dialog>
    </div>
  );
}

function OkButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-primary" onClick={onClick} autoFocus>
      {ta.ok}
    </button>
  );
}
