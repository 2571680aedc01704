import { useEffect, useId, useRef, type ReactNode } from 'react';
import { common } from '../strings/common';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Escape and the backdrop close the dialog unless `busy` (chat.md §2: not while logging out). */
  onClose: () => void;
  busy?: boolean;
  tone?: 'default' | 'danger' | 'success' | 'error' | 'info';
  /** close by itself after this many ms (success dialogs: 3 s, category dialogs: 5 s) */
  autoCloseMs?: number;
  className?: string;
}

/** A modal on the native <dialog>: focus trapped and restored by the browser, Escape handled, labelled. */
export function Dialog({ open, title, children, actions, onClose, busy, tone = 'default', autoCloseMs, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  useEffect(() => {
    if (!open || !autoCloseMs) return;
    const t = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(t);
  }, [open, autoCloseMs, onClose]);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${tone} ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current && !busy) onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children && <div className="dialog-content">{children}</div>}
          {actions && <div className="dialog-actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      title={props.title}
      busy={props.busy}
      tone={props.danger ? 'danger' : 'default'}
      onClose={props.onCancel}
      actions={
        <>
          <button type="button" className="btn btn-outline" onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel ?? common.dialog.cancel}
          </button>
          <button type="button" className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`} onClick={props.onConfirm} disabled={props.busy} autoFocus>
            {props.busy ? (props.busyLabel ?? common.dialog.busy) : props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.message}</p>
    </Dialog>
  );
}
