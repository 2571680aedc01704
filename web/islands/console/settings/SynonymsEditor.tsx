import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/Dialog';
import { AlertDialog, type AlertState } from '../shell/AlertDialog';
import { tc } from '../../../strings/console';
import { SYNONYM_TERMS_MAX, SYNONYM_TERMS_MIN } from '../../../../contracts/synonym-limits';
import { addSynonyms, listSynonyms, removeSynonyms, type SynonymGroup } from './synonyms-api';
import { prefillFromSearch, splitTerms, ts } from './synonym-texts';

/**
 * The admin's synonym groups (issue 17 item 5): add a group, delete one, page through them.
 * `?synonym=word1,word2` in the address fills the field (the insights page's "add synonym").
 */
export function SynonymsEditor() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [prefilled, setPrefilled] = useState(false);
  const [groups, setGroups] = useState<SynonymGroup[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [removing, setRemoving] = useState<SynonymGroup | null>(null);
  const [alert, setAlert] = useState<AlertState | null>(null);

  const load = useCallback((cursor: string | null) => {
    setLoadError(null);
    listSynonyms(cursor).then(
      (page) => {
        setGroups((g) => (cursor && g ? [...g, ...page.items] : page.items));
        setNextCursor(page.nextCursor);
      },
      (e: Error) => setLoadError(e.message),
    );
  }, []);
  useEffect(() => load(null), [load]);

  // Read after hydration (the server renders no query-dependent text).
  useEffect(() => {
    const words = prefillFromSearch(window.location.search);
    if (!words) return;
    setText(`, ${words}`);
    setPrefilled(true);
    // the documents' word goes first: the caret waits at the start
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(0, 0);
    });
  }, []);

  const terms = splitTerms(text);
  const problem = terms.length < SYNONYM_TERMS_MIN ? ts.tooFew : terms.length > SYNONYM_TERMS_MAX ? ts.tooMany : null;

  const add = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    try {
      const group = await addSynonyms(terms);
      setGroups((g) => [group, ...(g ?? [])]);
      setText('');
      setTouched(false);
      setPrefilled(false);
      setAlert({ tone: 'success', title: tc.categories.successTitle, message: ts.added });
    } catch (err) {
      setAlert({ tone: 'error', title: tc.categories.errorTitle, message: ts.failed((err as Error).message) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const group = removing;
    setRemoving(null);
    if (!group) return;
    try {
      await removeSynonyms(group.id);
      setGroups((g) => (g ?? []).filter((x) => x.id !== group.id));
      setAlert({ tone: 'success', title: tc.categories.successTitle, message: ts.removed });
    } catch (err) {
      setAlert({ tone: 'error', title: tc.categories.errorTitle, message: ts.failed((err as Error).message) });
    }
  };

  const showProblem = touched && problem;
  return (
    <section id="synonyms" className="console-card synonyms-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{ts.title}</h2>
      <p className="muted">{ts.intro}</p>
      <form className="synonyms-form" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor={`${id}-terms`}>{ts.label}</label>
          <input
            ref={input}
            id={`${id}-terms`}
            name="synonym-terms"
            type="text"
            maxLength={2400}
            value={text}
            placeholder={ts.placeholder}
            onChange={(e) => setText(e.target.value)}
            disabled={busy}
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={`${id}-hint${showProblem ? ` ${id}-err` : ''}`}
          />
          <p id={`${id}-hint`} className="fineprint">
            {prefilled ? ts.prefilled : ts.hint}
          </p>
          {showProblem && (
            <p id={`${id}-err`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? ts.adding : ts.add}
        </button>
      </form>
      {loadError && (
        <p className="alert alert-error" role="alert">
          {ts.loadFailed(loadError)}{' '}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => load(null)}>
            {ts.retry}
          </button>
        </p>
      )}
      {!groups && !loadError && <p className="muted">{ts.loading}</p>}
      {groups && groups.length === 0 && <p className="muted">{ts.empty}</p>}
      {groups && groups.length > 0 && (
        <ul className="synonym-list" aria-label={ts.listLabel}>
          {groups.map((g) => (
            <li key={g.id} className="synonym-group">
              <span className="synonym-terms">
                {g.terms.map((term, i) => (
                  <span key={term} className={i === 0 ? 'synonym-term synonym-term-first' : 'synonym-term'}>
                    {term}
                  </span>
                ))}
              </span>
              <button type="button" className="btn btn-danger-text btn-sm" onClick={() => setRemoving(g)} aria-label={ts.removeLabel(g.terms.join(', '))}>
                {ts.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {nextCursor && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => load(nextCursor)}>
          {ts.more}
        </button>
      )}
      <ConfirmDialog
        open={!!removing}
        danger
        title={ts.confirmTitle}
        message={removing ? ts.confirm(removing.terms.join(', ')) : ''}
        confirmLabel={ts.remove}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
      <AlertDialog alert={alert} onClose={() => setAlert(null)} autoCloseMs={alert?.tone === 'success' ? 3000 : undefined} />
    </section>
  );
}
