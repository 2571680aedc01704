import { useEffect, useRef, useState } from 'react';
import type { CallbackIslandProps } from '../types';
import { apiFetch, ApiError } from '../../lib/api';
import { Brand } from '../../components/Logo';
import { callbackTexts as t, FAILURE_REDIRECT_MS, homeForRole, safeNextPath } from './callback-logic';

type Phase = { kind: 'authenticating' } | { kind: 'processing' } | { kind: 'success' } | { kind: 'failed'; message: string };

interface CallbackBody {
  status?: string;
  data?: { token?: string; redirect?: string; user?: { role?: string } | null };
}

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
      let body: CallbackBody | null;
      try {
        const res = await apiFetch(`/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, { redirectOn401: false });
        body = (await res.json().catch(() => null)) as CallbackBody | null;
      } catch (e) {
        return fail(t.authFailed(e instanceof ApiError ? e.message : String(e)));
      }
      if (body?.status !== 'success') return fail(t.loginFailed);
      const user = body.data?.user;
      if (!user || !body.data?.token) return fail(t.noUser);
      try {
        localStorage.setItem('auth_token', body.data.token); // chat.md §6
      } catch {
        // storage may be disabled; the session cookie alone is enough for our pages
      }
      setPhase({ kind: 'success' });
      window.location.replace(safeNextPath(body.data.redirect, user.role) ?? homeForRole(user.role));
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
