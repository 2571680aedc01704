// The synonyms editor's calls (docs/api.md "Synonyms").
import { api, apiFetch } from '../../../lib/api';
import type { SynonymGroup, SynonymResponses } from '../../../../contracts/synonyms';

export type { SynonymGroup };
type ListBody = (typeof SynonymResponses.list)['static'];

export async function listSynonyms(cursor: string | null, limit = 20): Promise<{ items: SynonymGroup[]; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  // the list fields sit beside `data`: read the whole body
  const body = (await (await apiFetch(`/api/synonyms?${params}`)).json()) as ListBody;
  return { items: body.data, nextCursor: body.hasNext ? body.nextCursor : null };
}

export const addSynonyms = (terms: string[]) => api<SynonymGroup>('/api/synonyms', { json: { terms } });
export const removeSynonyms = (id: string) => api(`/api/synonyms/${encodeURIComponent(id)}`, { method: 'DELETE' });
