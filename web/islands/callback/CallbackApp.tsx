import { useEffect, useRef, useState } from 'react';
import type { CallbackIslandProps } from '../types';
import { apiFetch, ApiError } from '../../lib/api';
import { Brand } from '../../components/Logo';
import { callbackOutcome, callbackTexts as t, FAILURE_REDIRECT_MS, type CallbackAnswer, type CallbackBody } from './callback-logic';

type Phase = { kind: 'authenticating' } | { kind: 'processing' } | { kind: 'success' } | { kind: 'failed'; message: string };

/** /auth/callback (chat.md §4): authenticating → processing → redirect by role; any failure → message, /login after 3 s. */
export function CallbackApp({ code, state }: CallbackIslandProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'authenticating' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // the code is single use: never send it twice
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    // Keep the one-time code out of the history and of anything the next page might log.
    window.history.replaceState(null, '', window.location.pathname);
    const fail = (message: string) => {
      setPhase({ kind: 'failed', message });
      setTimeout(() => window.location.replace('/login'), FAILURE_REDIRECT_MS);
    };
    const providerError = query.get('error');
    if (providerError) return fail(t.authFailed(query.get('error_description') || providerError));
    if (!code || !state) return fail(t.invalidParams);
    setPhase({ kind: 'processing' });
    void (async () => {
      let answer: CallbackAnswer;
      try {
        const res = await apiFetch(`/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, { redirectOn401: false });
        answer = { body: (await res.json().catch(() => null)) as CallbackBody | null };
      } catch (e) {
        answer = { error: e instanceof ApiError ? e.message : String(e) };
      }
      const outcome = callbackOutcome(answer);
      if (outcome.kind === 'failed') return fail(outcome.message);
      try {
        localStorage.setItem('auth_token', outcome.token); // chat.md §6
      } catch {
        // storage may be disabled; the session cookie alone is enough for our pages
      }
      setPhase({ kind: 'success' });
      window.location.replace(outcome.to);
    })();
  }, [code, state]);

  const failed = phase.kind === 'failed';
  return (
    <main id="main" className="center-card callback-card" aria-busy={!failed}>
      <Brand />
      {!failed && <span className="spinner" aria-hidden="true" />}
      <h1>{failed ? t.failedTitle : t.title}</h1>
      <p role={failed ? 'alert' : 'status'} className={failed ? 'alert alert-error' : 'muted'} data-testid="callback-status" data-phase={phase.kind}>
        {phase.kind === 'failed' ? phase.message : t[phase.kind]}
      </p>
      {failed && (
        <a className="btn btn-outline" href="/login">
          {t.backToLogin}
        </a>
      )}
    </main>
  );
}
