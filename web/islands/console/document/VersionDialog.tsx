import { useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { nextVersion, versionNeedsBump } from '../validation';
import { tc } from '../../../strings/console';

const t = tc.form;

/** Asks for a version unlike the stored one (the spec's "1.0.0 cannot be saved", generalised). */
export function VersionDialog({
  open,
  stored,
  onCancel,
  onContinue,
}: {
  open: boolean;
  stored: string;
  onCancel: () => void;
  onContinue: (v: string) => void;
}) {
  const [value, setValue] = useState(() => (open ? nextVersion(stored) : ''));
  // The proposal is set while rendering, when the dialog opens or the stored version changes, not in
  // an effect: an effect filled the field one render late, so it showed empty with continuing disabled.
  const [shownFor, setShownFor] = useState<string | null>(open ? stored : null);
  const id = useId();
  const key = open ? stored : null;
  if (key !== shownFor) {
    setShownFor(key);
    if (key !== null) setValue(nextVersion(key));
  }
  const ok = !!value.trim() && !versionNeedsBump(value, stored);
  return (
    <Dialog
      open={open}
      title={t.versionTitle}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="button" className="btn btn-primary" disabled={!ok} onClick={() => onContinue(value.trim())}>
            {t.versionContinue}
          </button>
        </>
      }
    >
      <p>{t.versionMessage(stored)}</p>
      <label htmlFor={id} className="dialog-field-label">
        {t.version}
      </label>
      <input id={id} type="text" value={value} maxLength={20} onChange={(e) => setValue(e.target.value)} aria-invalid={!ok || undefined} autoFocus />
      {!ok && value.trim() && <p className="field-error">{tc.validation.versionSame}</p>}
    </Dialog>
  );
}
