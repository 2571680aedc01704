// The Recents sidebar (chat.md §2): 380 px on the right, new chat, close, avatar; Escape closes;
// grouped by day, newest first; select, inline rename (Enter saves, Escape or empty cancels), delete
// after a confirm step. A modal <dialog> (WCAG 2.4.3, 2.4.11): focus stays inside, the page behind is inert and
// none of its controls can be focused under the panel; ChatLayout returns focus to the history button.
import { useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/Dialog';
import { displayName } from '../../lib/avatar';
import { chatText } from '../../strings/chat';
import type { SessionUser } from '../types';
import { CloseIcon, PencilIcon, PlusIcon, TrashIcon } from './icons';
import { groupRecents, type RecentItem } from './logic/recents';
import { RenameField } from './RenameField';

interface Props {
  items: RecentItem[] | null;
  error: string | null;
  currentId: string | null;
  user: SessionUser | null;
  onClose(): void;
  onNewChat(): void;
  onSelect(id: string): void;
  onRename(id: string, title: string): Promise<unknown> | void;
  onRemove(id: string): Promise<unknown> | void;
}

export function RecentsPanel({ items, error, currentId, user, onClose, onNewChat, onSelect, onRename, onRemove }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<RecentItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const panel = useRef<HTMLDialogElement>(null);
  const closeBtn = useRef<HTMLButtonElement>(null);
  const blocked = useRef(false);
  blocked.current = editing !== null || confirm !== null;

  useLayoutEffect(() => {
    const d = panel.current;
    if (!d) return;
    if (!d.open) d.showModal();
    closeBtn.current?.focus();
    return () => d.close();
  }, []);

  const name = user ? displayName(user) : chatText.guestName;
  return (
    <>
      <dialog
        ref={panel}
        id="recents-panel"
        className="recents"
        aria-labelledby="recents-title"
        onCancel={(e) => {
          // Escape: the dialog decides; a rename in progress keeps it (the field cancels the rename)
          e.preventDefault();
          if (!blocked.current) onClose();
        }}
        onClick={(e) => {
          // a click on the backdrop lands on the <dialog> itself; the panel's content fills it
          if (e.target === e.currentTarget) onClose();
        }}
      >
        <div className="recents-head">
          <h2 id="recents-title">{chatText.recents}</h2>
          <button type="button" className="btn btn-outline recents-new" onClick={onNewChat}>
            <PlusIcon />
            {chatText.newChat}
          </button>
          <button ref={closeBtn} type="button" className="icon-btn" aria-label={chatText.closeRecents} title={chatText.closeRecents} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="recents-body">
          {error && <p className="alert alert-error">{error}</p>}
          {items === null && !error && <div className="spinner" role="status" aria-label={chatText.loadingChat} />}
          {items?.length === 0 && <p className="recents-empty">{chatText.emptyRecents}</p>}
          {items &&
            groupRecents(items).map((g) => (
              <section key={g.label} className="recents-group" aria-label={g.label}>
                <h3>{g.label}</h3>
                <ul>
                  {g.items.map((it) => (
                    <li key={it.id} className={`recent${it.id === currentId ? ' current' : ''}`}>
                      {editing === it.id ? (
                        <RenameField
                          initial={it.title}
                          onDone={(title) => {
                            setEditing(null);
                            if (title !== null && title !== it.title) void onRename(it.id, title);
                          }}
                        />
                      ) : (
                        <>
                          <button type="button" className="recent-open" aria-current={it.id === currentId ? 'page' : undefined} onClick={() => onSelect(it.id)}>
                            {it.title}
                          </button>
                          <button
                            type="button"
                            className="icon-btn small"
                            aria-label={chatText.renameLabel(it.title)}
                            title={chatText.rename}
                            onClick={() => setEditing(it.id)}
                          >
                            <PencilIcon />
                          </button>
                          <button
                            type="button"
                            className="icon-btn small danger"
                            aria-label={chatText.removeLabel(it.title)}
                            title={chatText.remove}
                            onClick={() => setConfirm(it)}
                          >
                            <TrashIcon />
                          </button>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
        <div className="recents-foot">
          <Avatar name={name} photoUrl={user?.photoUrl} size={34} />
          <div className="recents-foot-text">
            <span>{name}</span>
            <span className="fineprint">{user ? user.email : chatText.guestNote}</span>
          </div>
        </div>
      </dialog>
      <ConfirmDialog
        open={confirm !== null}
        danger
        title={chatText.deleteTitle}
        message={confirm ? chatText.deleteMessage(confirm.title) : ''}
        confirmLabel={chatText.deleteConfirm}
        cancelLabel={chatText.cancel}
        busyLabel={chatText.deleteBusy}
        busy={deleting}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          setDeleting(true);
          await onRemove(confirm.id);
          setDeleting(false);
          setConfirm(null);
        }}
      />
    </>
  );
}
