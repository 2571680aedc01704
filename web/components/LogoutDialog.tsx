import { useState } from 'react';
import { ConfirmDialog } from './Dialog';
import { apiFetch } from '../lib/api';
import { common } from '../strings/common';

export const logoutTexts = common.logout;

/** chat.md §2: confirm, busy label while working, Escape closes unless busy; either outcome → /landing. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await apiFetch('/api/auth/logout', { redirectOn401: false });
    } catch {
      // the session may already be gone; the destination is the same
    }
    try {
      localStorage.removeItem('auth_token');
    } catch {
      // storage may be unavailable (private mode)
    }
    window.location.assign('/landing');
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
