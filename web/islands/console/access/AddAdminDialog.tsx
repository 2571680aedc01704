import { useEffect, useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { addAdminInput, normaliseEmail } from './texts';
import { ta } from '../../../strings/access';

const t = ta.modal;

/** The add-admin form (console.md §5): e-mail validated (red border when invalid), position required, add disabled until valid and while loading. */
export function AddAdminDialog({
  open,
  loading,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (email: string, position: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [position, setPosition] = useState('');
  const [touched, setTouched] = useState(false);
  const emailId = useId();
  const positionId = useId();
  const errorId = useId();
  useEffect(() => {
    if (open) {
      setEmail('');
      setPosition('');
      setTouched(false);
    }
  }, [open]);
  const emailInvalid = (touched || email.length > 0) && !normaliseEmail(email);
  const input = addAdminInput(email, position);
  const valid = input !== null;
  const submit = () => input && !loading && onSubmit(input.email, input.position);
  return (
    <Dialog
      open={open}
      title={t.title}
      busy={loading}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={loading}>
            {t.cancel}
          </button>
          <button type="submit" form="add-admin-form" className="btn btn-primary" disabled={!valid || loading} data-testid="add-admin-submit">
            {loading ? t.submitting : t.submit}
          </button>
        </>
      }
    >
      <form
        id="add-admin-form"
        className="access-form"
        style={{ display: 'grid', gap: 14 }}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="muted">{t.hint}</p>
        <div className="field">
          <label htmlFor={emailId}>{t.email}</label>
          <input
            id={emailId}
            type="email"
            value={email}
            maxLength={254}
            autoComplete="off"
            placeholder={t.emailPlaceholder}
            autoFocus
            aria-invalid={emailInvalid || undefined}
            aria-describedby={emailInvalid ? errorId : undefined}
            style={emailInvalid ? { borderColor: 'var(--danger)' } : undefined}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            disabled={loading}
          />
          {emailInvalid && (
            <p id={errorId} className="field-error">
              {t.emailInvalid}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={positionId}>{t.position}</label>
          <input
            id={positionId}
            type="text"
            value={position}
            maxLength={200}
            required
            placeholder={t.positionPlaceholder}
            onChange={(e) => setPosition(e.target.value)}
            disabled={loading}
          />
        </div>
      </form>
    </Dialog>
  );
}
