// The console's calls to our API (docs/api.md: files, extraction, categories, preferences).
import { api, apiFetch, ApiError, TIMEOUTS } from '../../lib/api';
import { readSse } from '../../lib/sse';
import type { CheckSpan } from './format';
import type { DocumentDetail, DocumentListItem, DocumentListResponse } from '../../../contracts/documents';
import type { Category } from '../../../contracts/categories';
import type { Pref } from '../../../contracts/preferences';
import type { ErrorEvent, ExtractProgressEvent, IndexProgressEvent } from '../../../contracts/sse';

// The API's shapes come from contracts/ (types only: the schemas stay on the server).
export type DocumentItem = DocumentListItem;
export type { Category, DocumentDetail, Pref };

export interface DocumentPage {
  items: DocumentItem[];
  hasNext: boolean;
  nextCursor: string | null;
  totalPages: number;
  total: number;
}

export interface ListQuery {
  status: 'all' | 'active' | 'inactive';
  type: 'all' | 'pdf' | 'docx';
  category: string;
  search: string;
}

const enc = encodeURIComponent;

export async function listDocuments(q: ListQuery, cursor: string | null, limit: number, signal?: AbortSignal): Promise<DocumentPage> {
  const params = new URLSearchParams({ limit: String(limit), status: q.status, type: q.type, category: q.category || 'all' });
  if (cursor) params.set('cursor', cursor);
  if (q.search.trim()) params.set('search', q.search.trim());
  // The list fields sit beside `data`, so read the whole body rather than the unwrapped data.
  const res = await apiFetch(`/api/files/get/all?${params}`, { signal });
  const body = (await res.json()) as Partial<DocumentListResponse>;
  return {
    items: body.data ?? [],
    hasNext: !!body.hasNext,
    nextCursor: body.nextCursor ?? body.cursor ?? null,
    totalPages: Math.max(1, body.totalPages ?? 1),
    total: body.total ?? body.data?.length ?? 0,
  };
}

export const getDocument = (id: string, signal?: AbortSignal) => api<DocumentDetail>(`/api/files/${enc(id)}/get`, { signal });

export const setDocumentActive = (id: string, isActive: boolean) => api(`/api/files/${enc(id)}/status`, { method: 'PATCH', json: { isActive } });

export const demoLibrary = () => api<{ count: number }>('/api/files/demo');
export const removeDemoLibrary = () => api<{ removed: number }>('/api/files/demo', { method: 'DELETE' });

export const deleteDocument = (id: string) => api<{ steps?: string[] }>(`/api/files/${enc(id)}/delete`, { method: 'DELETE' });

export interface UpdatePayload {
  fileName: string;
  description: string;
  categoryId: string;
  version: string;
  isActive: boolean;
  fallbackContact: string;
  contents: string;
}

export const updateDocument = (id: string, payload: UpdatePayload) => api(`/api/files/${enc(id)}/update`, { method: 'PATCH', json: payload });

export const listCategories = () => api<Category[]>('/api/categories/get/all');
export const createCategory = (categoryName: string) => api<Category>('/api/categories/create', { json: { categoryName } });
export const renameCategory = (id: string, categoryName: string) => api<Category>(`/api/categories/${enc(id)}`, { method: 'PATCH', json: { categoryName } });
export const deleteCategory = (id: string) => api(`/api/categories/${enc(id)}`, { method: 'DELETE' });

/** A 409 duplicate carries the existing category (`data.existing`), which the editor selects instead. */
export function duplicateOf(e: unknown): Category | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const existing = (e.data as { existing?: Category } | undefined)?.existing;
  return existing ?? null;
}

export async function getPreferences(): Promise<Pref> {
  const data = await api<{ data: Pref }>('/api/preferences/get');
  return data.data;
}

export const updatePreferences = (id: string, patch: Partial<Omit<Pref, 'id'>>) =>
  api<Pref>(`/api/preferences/${enc(id)}/update`, { method: 'PATCH', json: { ...patch, updated_by: 'system', updated_by_name: 'Admin' } });

// Extraction ----------------------------------------------------------------------------------------

export interface ExtractResult {
  status: 'success' | 'error';
  text: string;
  error: string | null;
  metadata?: {
    extraction_method?: string;
    used_ocr_fallback?: boolean;
    user_triggered_ocr?: boolean;
    pages?: number;
    quality?: { suggestOcr?: boolean; reasons?: string[] };
    check_spans?: CheckSpan[];
  };
}

export type ExtractProgress = ExtractProgressEvent;

/** Streams extraction progress (real pages done) and resolves with the result. */
export async function extractText(file: File, opts: { ocr: boolean; signal?: AbortSignal; onProgress: (p: ExtractProgress) => void }): Promise<ExtractResult> {
  const form = new FormData();
  form.append('file', file);
  const res = await apiFetch(opts.ocr ? '/api/extract/ocr' : '/api/extract', {
    method: 'POST',
    body: form,
    signal: opts.signal,
    timeoutMs: opts.ocr ? TIMEOUTS.ocr : TIMEOUTS.extract,
    headers: { accept: 'text/event-stream' },
  });
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) return (await res.json()) as ExtractResult;
  for await (const ev of readSse(res)) {
    if (ev.event === 'progress') opts.onProgress(ev.data as ExtractProgress);
    else if (ev.event === 'result') return ev.data as ExtractResult;
    else if (ev.event === 'error') {
      const d = ev.data as Partial<ErrorEvent>;
      throw new ApiError(500, d.message ?? 'extraction failed', d.code ?? 'internal');
    }
  }
  throw new ApiError(0, 'Unable to connect to server. Please check your connection.', 'network');
}

// Indexing progress -----------------------------------------------------------------------------------

export type IndexProgress = IndexProgressEvent;

/** Follows `GET /api/files/{id}/progress` until ready or failed; resolves with the last event. */
export async function followIndexing(id: string, onProgress: (p: IndexProgress) => void, signal?: AbortSignal): Promise<IndexProgress> {
  const res = await apiFetch(`/api/files/${enc(id)}/progress`, { headers: { accept: 'text/event-stream' }, timeoutMs: null, signal });
  let last: IndexProgress = { stage: 'indexing', done: 0, total: 0 };
  for await (const ev of readSse(res)) {
    if (ev.event !== 'progress') continue;
    last = ev.data as IndexProgress;
    onProgress(last);
    if (last.stage === 'ready' || last.stage === 'failed') return last;
  }
  return last;
}

/** Runs indexing again for a saved document whose indexing failed (no second upload). */
export async function reindexDocument(id: string): Promise<void> {
  await api(`/api/files/${enc(id)}/reindex`, { method: 'POST' });
}
