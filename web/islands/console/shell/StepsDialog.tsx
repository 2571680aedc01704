import type { ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';

export type StepState = 'pending' | 'active' | 'done' | 'failed';

export interface StepsDialogProps {
  open: boolean;
  title: string;
  steps: Array<{ label: string; state: StepState; detail?: string }>;
  /** 0–100, or null when the current step cannot measure itself */
  percent: number | null;
  /** read out by screen readers as it changes */
  status: string;
  error?: string | null;
  actions?: ReactNode;
  onClose: () => void;
  busy: boolean;
  /** close by itself this long after opening (a finished flow) */
  autoCloseMs?: number;
}

const MARK: Record<StepState, string> = { pending: '', active: '', done: '✓', failed: '!' };

/** A progress dialog of named steps, each driven by real events (upload bytes, SSE, a finished call). */
export function StepsDialog({ open, title, steps, percent, status, error, actions, onClose, busy, autoCloseMs }: StepsDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      tone={error ? 'error' : 'default'}
      className="steps-dialog"
      actions={actions}
      autoCloseMs={autoCloseMs}
    >
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.label} className={`step step-${s.state}`} aria-current={s.state === 'active' ? 'step' : undefined}>
            <span className="step-mark" aria-hidden="true">
              {s.state === 'active' ? <span className="spinner step-spinner" /> : MARK[s.state] || i + 1}
            </span>
            <span className="step-label">
              {s.label}
              {s.detail && <span className="step-detail">{s.detail}</span>}
            </span>
          </li>
        ))}
      </ol>
      <div
        className="progress"
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent === null ? undefined : Math.round(percent)}
      >
        <span className={percent === null ? 'progress-indeterminate' : undefined} style={{ width: `${percent ?? 100}%` }} />
      </div>
      <p className="steps-status" aria-live="polite" role="status">
        {status}
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
