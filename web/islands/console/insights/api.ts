// The insights page's calls (docs/api.md "Question log, feedback, question testing"); types from contracts/.
import { api, apiFetch, TIMEOUTS } from '../../../lib/api';
import type { GroupPage, InsightsSummary, QuestionFilter, QuestionPage, QuestionTestResult } from '../../../../contracts/insights';

export type { GroupPage, InsightsSummary, QuestionFilter, QuestionPage, QuestionTestResult };
export type LoggedQuestion = QuestionPage['data'][number];
export type QuestionGroup = GroupPage['data'][number];

export const getSummary = (days: number, signal?: AbortSignal) => api<InsightsSummary>(`/api/insights/summary?days=${days}`, { signal });

/** The list's query string, shared by the page request and the CSV link (the export takes the same filter and search). */
export function listParams(filter: QuestionFilter, search: string): URLSearchParams {
  const params = new URLSearchParams({ filter });
  if (search.trim()) params.set('search', search.trim());
  return params;
}

export const csvUrl = (filter: QuestionFilter, search: string) => `/api/insights/questions.csv?${listParams(filter, search)}`;

// The list fields sit beside `data`: read the whole body rather than the unwrapped data.
export async function listQuestions(filter: QuestionFilter, search: string, cursor: string | null, limit: number, signal?: AbortSignal): Promise<QuestionPage> {
  const params = listParams(filter, search);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return (await apiFetch(`/api/insights/questions?${params}`, { signal })).json() as Promise<QuestionPage>;
}

export async function listGroups(days: number, cursor: string | null, signal?: AbortSignal): Promise<GroupPage> {
  const params = new URLSearchParams({ days: String(days) });
  if (cursor) params.set('cursor', cursor);
  return (await apiFetch(`/api/insights/groups?${params}`, { signal })).json() as Promise<GroupPage>;
}

/** Runs the answer without logging it: as long as a chat answer may take. */
export const testQuestion = (question: string) => api<QuestionTestResult>('/api/insights/test', { json: { question }, timeoutMs: TIMEOUTS.ai });
