// The access page's calls (docs/api.md "Admins"). 401s are handled by the page (session-expired message first).
import { api, ApiError } from '../../../lib/api';
import type { AdminItem } from './texts';

const opts = { redirectOn401: false } as const;

export const adminsApi = {
  list: (search: string, signal?: AbortSignal) => api<AdminItem[]>(`/api/admins?search=${encodeURIComponent(search.trim())}`, { ...opts, signal }),
  add: (email: string, position: string) => api<AdminItem>('/api/admins', { ...opts, method: 'POST', json: { email, position } }),
  setStatus: (email: string, isActive: boolean) => api<AdminItem>('/api/admins/status', { ...opts, method: 'PATCH', json: { email, isActive } }),
  setPosition: (email: string, responsibility: string) => api<AdminItem>('/api/admins/position', { ...opts, method: 'PATCH', json: { email, responsibility } }),
  revoke: (email: string) => api<AdminItem>('/api/admins', { ...opts, method: 'DELETE', json: { email } }),
};

export type Failure = { kind: 'expired' } | { kind: 'network' } | { kind: 'notFoundUser' } | { kind: 'server'; message: string };

/** Sorts an error into what the page shows: session expired, connection problem, unknown user, or the server's text. */
export function classify(e: unknown): Failure {
  if (e instanceof ApiError) {
    if (e.status === 401) return { kind: 'expired' };
    if (e.status === 0) return { kind: 'network' };
    // console.md §8: "user not found (the error text mentions email or user)"
    if (e.status === 404 && /user|email/i.test(e.message)) return { kind: 'notFoundUser' };
    return { kind: 'server', message: e.message };
  }
  return { kind: 'network' };
}
