// The browser's one way to call our API: cookies included, typed errors instead of keyword sniffing,
// a 30 s default timeout (chat.md §9), and a 401 sends the browser to /login (chat.md §4).

export type ApiErrorCode = string;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ApiErrorCode,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork() {
    return this.status === 0;
  }
  get isTimeout() {
    return this.code === 'timeout';
  }
  get isAborted() {
    return this.code === 'aborted';
  }
}

export interface ApiOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
  timeoutMs?: number | null;
  /** false to handle 401 (and a role refusal) yourself (sign-in callback, access page) */
  redirectOn401?: boolean;
  headers?: Record<string, string>;
}

export const TIMEOUTS = { api: 30_000, ai: 120_000, upload: 60_000, extract: 240_000, ocr: 360_000 } as const;

function linkSignals(signal: AbortSignal | undefined, timeoutMs: number | null): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = timeoutMs ? setTimeout(() => ((timedOut = true), ctrl.abort()), timeoutMs) : null;
  const onAbort = () => ctrl.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) ctrl.abort();
  return {
    signal: ctrl.signal,
    timedOut: () => timedOut,
    done: () => {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export function goToLogin(): void {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
}

/** Raw fetch with the conventions above; returns the Response (for streams and downloads). */
export async function apiFetch(path: string, opts: ApiOptions = {}): Promise<Response> {
  const link = linkSignals(opts.signal, opts.timeoutMs === undefined ? TIMEOUTS.api : opts.timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'include', signal: link.signal });
  } catch (e) {
    link.done();
    if (link.timedOut()) throw new ApiError(0, 'Request timeout. The server took too long to respond.', 'timeout');
    if (opts.signal?.aborted) throw new ApiError(0, 'aborted', 'aborted');
    throw new ApiError(0, 'Unable to connect to server. Please check your connection.', 'network');
  }
  link.done();
  if (res.status === 401 && opts.redirectOn401 !== false) goToLogin();
  if (!res.ok) {
    const parsed = (await res.json().catch(() => null)) as { message?: string; code?: string; data?: unknown } | null;
    // The client-side route guard (chat.md §4): a role no longer allowed here (admin rights revoked or
    // deactivated while the page was open) goes to /login like a missing session.
    if (res.status === 403 && parsed?.code === 'forbidden' && opts.redirectOn401 !== false) goToLogin();
    throw new ApiError(res.status, parsed?.message ?? `Server error ${res.status}`, parsed?.code ?? 'http_' + res.status, parsed?.data);
  }
  return res;
}

/** JSON call; unwraps `{status:'success', data}` to `data` when present. */
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  const body = (await res.json().catch(() => null)) as { status?: string; data?: unknown } | null;
  if (body && typeof body === 'object' && 'status' in body && 'data' in body) return body.data as T;
  return body as T;
}
