import { useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Brand } from '../../../components/Logo';
import { Avatar } from '../../../components/Avatar';
import { LogoutDialog } from '../../../components/LogoutDialog';
import { displayName } from '../../../lib/avatar';
import { tc } from '../../../strings/console';
import { useConsole } from './context';

const t = tc.header;

/** Every admin header: brand, (library) search, new chat, who is signed in, logout. */
export function ConsoleHeader() {
  const { user, search, setSearch } = useConsole();
  const [logout, setLogout] = useState(false);
  const onLibrary = useRouterState({ select: (s) => s.location.pathname.replace(/\/$/, '') === '/admin/management' });
  const name = displayName(user);
  return (
    <header className="app-header console-header">
      <Link to="/admin/management" className="brand-link">
        <Brand />
      </Link>
      {onLibrary && (
        <div className="console-search" role="search">
          <label htmlFor="console-search" className="visually-hidden">
            {t.searchLabel}
          </label>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id="console-search"
            type="search"
            placeholder={t.searchPlaceholder}
            value={search}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      )}
      <div className="console-user">
        <Link to="/admin/management/insights" className="btn btn-outline btn-sm">
          {tc.nav.insights}
        </Link>
        <a className="btn btn-primary btn-sm" href="/admin/chat">
          <span aria-hidden="true">+</span> {t.newChat}
        </a>
        <Avatar name={name} photoUrl={user.photoUrl} size={36} />
        <span className="console-user-text">
          <span className="console-user-name">{name}</span>
          {user.responsibility && <span className="console-user-role">{user.responsibility}</span>}
        </span>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setLogout(true)}>
          {t.logout}
        </button>
      </div>
      <LogoutDialog open={logout} onClose={() => setLogout(false)} />
    </header>
  );
}
