import { useState } from 'react';
import { ConfirmDialog } from './Dialog';
import { common } from '../strings/common';

export const logoutTexts = common.logout;
/** the browser sign-out route of modules/auth */
export const SIGN_OUT_PATH = '/auth/logout';

/**
 * chat.md §2: confirm, busy label while working, Escape closes unless busy; either outcome → /landing.
 * The sign-out is a navigation to /auth/logout: it ends the session, then passes through the IdP's own
 * sign-out when the IdP offers one, which returns to /landing (the spec's GET /api/auth/logout stays for API clients).
 */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const logout = () => {
    setBusy(true);
    try {
      localStorage.removeItem('auth_token');
    } catch {
      // storage may be unavailable (private mode)
    }
    window.location.assign(SIGN_OUT_PATH);
  };
  return (
    <ConfirmDialog
      open={open}
      title={logoutTexts.title}
      message={logoutTexts.message}
      confirmLabel={logoutTexts.confirm}
      cancelLabel={logoutTexts.cancel}
      busyLabel={logoutTexts.busy}
      busy={busy}
      onConfirm={logout}
      onCancel={onClose}
    />
  );
}
