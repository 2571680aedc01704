import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/Dialog';
import { getPreferences, updatePreferences, type Pref } from '../api';
import { Shortcuts } from '../shell/Shortcuts';
import { usePageTitle } from '../shell/usePageTitle';
import { AlertDialog, type AlertState } from '../shell/AlertDialog';
import { settingsErrors, type SettingsFields } from '../validation';
import { formatDateTimeBE } from '../../../lib/dates';
import { tc } from '../../../strings/console';
import { settingsFootnote } from './footnote';
import { SynonymsEditor } from './SynonymsEditor';

const t = tc.settings;
const toFields = (p: Pref): SettingsFields => ({
  fallback_message: p.fallback_message ?? '',
  high_threshold: String(p.high_threshold ?? 80),
  low_threshold: String(p.low_threshold ?? 30),
  general_contact: p.general_contact ?? '',
});

/** Settings (console.md §2, §4): read → edit → confirm → saving. Values apply to the next question. */
export function SettingsPage() {
  usePageTitle(t.title);
  const id = useId();
  const [pref, setPref] = useState<Pref | null>(null);
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const [mode, setMode] = useState<'read' | 'edit' | 'saving'>('read');
  const [confirm, setConfirm] = useState(false);
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    getPreferences().then(
      (p) => {
        setPref(p);
        setFields(toFields(p));
      },
      (e: Error) => {
        setLoadError(e.message);
        setAlert({ tone: 'error', title: tc.categories.errorTitle, message: t.loadFailed(e.message) });
      },
    );
  }, []);
  useEffect(load, [load]);

  const errors = useMemo(() => (fields ? settingsErrors(fields) : {}), [fields]);
  const valid = Object.keys(errors).length === 0;
  const editing = mode !== 'read';
  const high = Number(fields?.high_threshold) || 80;
  const low = Number(fields?.low_threshold) || 30;

  const onSaveClick = () => {
    if (mode === 'read') return setMode('edit'); // the first click enters edit mode
    if (mode === 'edit' && valid) setConfirm(true); // the second asks for confirmation
  };

  const save = async () => {
    setConfirm(false);
    if (!pref || !fields) return;
    setMode('saving');
    try {
      const next = await updatePreferences(pref.id, {
        fallback_message: fields.fallback_message.trim(),
        high_threshold: Number(fields.high_threshold),
        low_threshold: Number(fields.low_threshold),
        general_contact: fields.general_contact.trim(),
      });
      setPref(next);
      setFields(toFields(next));
      setMode('read');
      setAlert({ tone: 'success', title: tc.categories.successTitle, message: t.saved });
    } catch (e) {
      setMode('edit');
      setAlert({ tone: 'error', title: tc.categories.errorTitle, message: t.saveFailed((e as Error).message) });
    }
  };

  const set = (k: keyof SettingsFields) => (e: { target: { value: string } }) => setFields((f) => (f ? { ...f, [k]: e.target.value } : f));
  const err = (k: keyof SettingsFields) =>
    editing && errors[k] ? (
      <p id={`${id}-${k}-err`} className="field-error" role="alert">
        {errors[k]}
      </p>
    ) : null;
  const saveDisabled = !fields || mode === 'saving' || (mode === 'edit' && !valid);
  const fallbackBlank = !!fields && !fields.fallback_message.trim();
  const footnote = pref?.updatedAt ? settingsFootnote(pref, formatDateTimeBE(pref.updatedAt)) : null;

  return (
    <div className="console-page">
      <div className="page-head">
        <h1>{t.title}</h1>
        <Shortcuts show={['back', 'library', 'access']} />
      </div>
      <section className="console-card settings-card" aria-labelledby={`${id}-card`}>
        <div className="settings-head">
          <h2 id={`${id}-card`}>{t.card}</h2>
          <div className="settings-buttons">
            {mode === 'edit' && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => (setFields(pref ? toFields(pref) : null), setMode('read'))}>
                {t.cancel}
              </button>
            )}
            <span title={mode === 'edit' && fallbackBlank ? t.fallbackTip : undefined}>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={onSaveClick}
                disabled={saveDisabled}
                aria-describedby={mode === 'edit' && fallbackBlank ? `${id}-fallback_message-err` : undefined}
              >
                {mode === 'read' ? t.edit : mode === 'saving' ? t.saving : t.save}
              </button>
            </span>
          </div>
        </div>
        {loadError && !fields && (
          <p className="alert alert-error" role="alert">
            {t.loadFailed(loadError)}{' '}
            <button type="button" className="btn btn-outline btn-sm" onClick={load}>
              {t.retry}
            </button>
          </p>
        )}
        {!fields && !loadError && <p className="muted">{t.loading}</p>}
        {fields && (
          <>
            <div className="threshold-box">
              <h3>{t.thresholdTitle}</h3>
              <p className="muted">{t.thresholdIntro}</p>
              <ul className="threshold-list">
                <li className="band band-high">{t.above(high)}</li>
                <li className="band band-mid">{t.between(high, low)}</li>
                <li className="band band-low">{t.below(low)}</li>
              </ul>
              <div className="threshold-inputs">
                {(['high_threshold', 'low_threshold'] as const).map((k) => (
                  <div key={k} className="field">
                    <label htmlFor={`${id}-${k}`}>{k === 'high_threshold' ? t.high : t.low}</label>
                    <input
                      id={`${id}-${k}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      step={1}
                      value={fields[k]}
                      readOnly={!editing}
                      disabled={mode === 'saving'}
                      onChange={set(k)}
                      aria-invalid={(editing && !!errors[k]) || undefined}
                      aria-describedby={editing && errors[k] ? `${id}-${k}-err` : undefined}
                    />
                    {err(k)}
                  </div>
                ))}
              </div>
            </div>
            <div className="field">
              <label htmlFor={`${id}-fallback`}>{t.fallback}</label>
              <textarea
                id={`${id}-fallback`}
                rows={4}
                maxLength={2000}
                value={fields.fallback_message}
                readOnly={!editing}
                disabled={mode === 'saving'}
                onChange={set('fallback_message')}
                aria-invalid={(editing && !!errors.fallback_message) || undefined}
                aria-describedby={editing && errors.fallback_message ? `${id}-fallback_message-err` : undefined}
              />
              {err('fallback_message')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-contact`}>{t.contact}</label>
              <input
                id={`${id}-contact`}
                type="text"
                maxLength={1000}
                value={fields.general_contact}
                readOnly={!editing}
                disabled={mode === 'saving'}
                onChange={set('general_contact')}
              />
            </div>
            {footnote && <p className="fineprint">{footnote}</p>}
          </>
        )}
      </section>
      <SynonymsEditor />
      <ConfirmDialog
        open={confirm}
        title={t.confirmTitle}
        message={t.confirm}
        confirmLabel={t.confirmButton}
        onConfirm={save}
        onCancel={() => setConfirm(false)}
      />
      <AlertDialog alert={alert} onClose={() => setAlert(null)} autoCloseMs={alert?.tone === 'success' ? 3000 : undefined} />
    </div>
  );
}
