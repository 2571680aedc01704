// The category editor's message mapping (console.md §8), from typed API errors instead of guessing.
import { ApiError } from '../../../lib/api';
import { tc } from '../../../strings/console';

const t = tc.categories;
const IN_USE = /occupied|in use|documents exist|cannot (delete|update)|มีเอกสาร/i;

export function categoryErrorMessage(e: unknown, action: 'save' | 'delete'): string {
  const err = e instanceof ApiError ? e : null;
  const message = (e as Error | null)?.message ?? '';
  if (err?.status === 409 || IN_USE.test(message) || (err?.status === 400 && /category|หมวดหมู่/i.test(message) && IN_USE.test(message))) return t.inUse;
  if (err?.status === 401) return t.unauthorized;
  if (err?.status === 403) return action === 'delete' ? t.forbiddenDelete : t.forbiddenSave;
  if (err?.status === 404) return t.notFound;
  if (err && err.status >= 500) return t.server;
  if (err?.isNetwork || err?.isTimeout || /network|fetch|connect/i.test(message)) return t.network;
  if (err?.status === 400 && message) return message; // the server's own Thai validation text (e.g. too long)
  return action === 'delete' ? t.genericDelete : t.genericSave;
}
