import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { displayName, initials } from '../../lib/avatar';
import { chatText } from '../../strings/chat';
import type { SessionUser } from '../types';
import { LogoutIcon } from './icons';

/** Avatar button (its name starts with the initials it shows, WCAG 2.5.3) opening the user's name, e-mail and Logout; Escape or a click elsewhere closes it. */
export function UserMenu({ user, onLogout }: { user: SessionUser; onLogout(): void }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const name = displayName(user);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !wrap.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="user-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="avatar-btn"
        aria-label={`${initials(name)} ${chatText.userMenu}: ${name}`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar name={name} photoUrl={user.photoUrl} size={36} />
      </button>
      {open && (
        <div className="user-menu-pop" id={id}>
          <div className="user-menu-id">
            <Avatar name={name} photoUrl={user.photoUrl} size={40} />
            <div>
              <div className="user-menu-name">{name}</div>
              <div className="user-menu-email">{user.email}</div>
            </div>
          </div>
          <button
            type="button"
            className="user-menu-item"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogoutIcon />
            {chatText.logout}
          </button>
        </div>
      )}
    </div>
  );
}
