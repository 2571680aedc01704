// Role-specific headers (chat.md §2): guests get LOGIN, users a menu with name, e-mail and Logout,
// admins their avatar, name, responsibility, logout and the console's settings icon.
import { useState, type Ref } from 'react';
import { Brand } from '../../components/Logo';
import { Avatar } from '../../components/Avatar';
import { LogoutDialog } from '../../components/LogoutDialog';
import { displayName } from '../../lib/avatar';
import { chatText } from '../../strings/chat';
import type { ChatMode, SessionUser } from '../types';
import { HistoryIcon, LogoutIcon, PlusIcon, SettingsIcon } from './icons';
import { UserMenu } from './UserMenu';

interface Props {
  mode: ChatMode;
  user: SessionUser | null;
  recentsOpen: boolean;
  onToggleRecents(): void;
  onNewChat(): void;
  historyButtonRef: Ref<HTMLButtonElement>;
}

export function Header({ mode, user, recentsOpen, onToggleRecents, onNewChat, historyButtonRef }: Props) {
  const [logoutOpen, setLogoutOpen] = useState(false);
  const name = displayName(user);
  return (
    <header className="app-header chat-header">
      <a className="brand-link" href={mode === 'guest' ? '/landing' : `/${mode}/chat`}>
        <Brand />
      </a>
      <div className="header-actions">
        <button type="button" className="icon-btn" aria-label={chatText.newChat} title={chatText.newChat} onClick={onNewChat}>
          <PlusIcon />
        </button>
        <button
          ref={historyButtonRef}
          type="button"
          className="icon-btn"
          aria-label={chatText.openRecents}
          title={chatText.openRecents}
          aria-expanded={recentsOpen}
          aria-controls="recents-panel"
          onClick={onToggleRecents}
        >
          <HistoryIcon />
        </button>
        {mode === 'guest' && (
          <a className="btn btn-primary" href="/login">
            {chatText.login}
          </a>
        )}
        {mode === 'user' && user && <UserMenu user={user} onLogout={() => setLogoutOpen(true)} />}
        {mode === 'admin' && user && (
          <>
            {user.role === 'admin' && (
              <a className="icon-btn" href="/admin/management" aria-label={chatText.settings} title={chatText.settings}>
                <SettingsIcon />
              </a>
            )}
            <span className="admin-id">
              <Avatar name={name} photoUrl={user.photoUrl} size={34} />
              <span className="admin-id-text">
                <span className="admin-name">{name}</span>
                <span className="admin-resp">{user.responsibility || chatText.admin}</span>
              </span>
            </span>
            <button type="button" className="btn btn-ghost logout-btn" onClick={() => setLogoutOpen(true)}>
              <LogoutIcon />
              <span className="logout-label">{chatText.logout}</span>
            </button>
          </>
        )}
      </div>
      {user && <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />}
    </header>
  );
}
