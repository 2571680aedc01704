// The console's calls for document versions (docs/api.md "Versions").
import { api, apiFetch } from '../../../lib/api';
import type { DocumentVersion, SimilarDocument, VersionResponses } from '../../../../contracts/documents';

export type { DocumentVersion, SimilarDocument };
type ListBody = (typeof VersionResponses.list)['static'];

export async function listVersions(fileId: string, cursor: string | null, limit = 10): Promise<{ items: DocumentVersion[]; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  const body = (await (await apiFetch(`/api/files/${encodeURIComponent(fileId)}/versions?${params}`)).json()) as ListBody;
  return { items: body.data, nextCursor: body.hasNext ? body.nextCursor : null };
}

/** Active documents whose text largely matches the reviewed text of an upload. */
export const findSimilar = (contents: string, signal?: AbortSignal) => api<SimilarDocument[]>('/api/files/similar', { json: { contents }, signal });

/** Where an upload goes: a new document, or the next version of an existing one. */
export const replacePath = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/replace`;
