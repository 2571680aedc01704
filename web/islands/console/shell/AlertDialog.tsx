import { Dialog } from '../../../components/Dialog';
import { common } from '../../../strings/common';

export interface AlertState {
  tone: 'error' | 'success' | 'info';
  title: string;
  message: string;
}

/** The console's alert: a message dialog with one OK button (optionally closing by itself). */
export function AlertDialog({ alert, onClose, autoCloseMs }: { alert: AlertState | null; onClose: () => void; autoCloseMs?: number }) {
  return (
    <Dialog
      open={!!alert}
      title={alert?.title ?? ''}
      tone={alert?.tone ?? 'info'}
      onClose={onClose}
      autoCloseMs={autoCloseMs}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
          {common.dialog.ok}
        </button>
      }
    >
      <p role={alert?.tone === 'error' ? 'alert' : 'status'}>{alert?.message}</p>
    </Dialog>
  );
}
