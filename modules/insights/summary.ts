// The question log at a glance (issue 17 item 3): questions and fallbacks per day, the fallback rate,
// the confidence bands, the votes, and the documents and clauses answers cite most.
import { and, asc, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import type { InsightsSummary } from '../../contracts/insights';
import { cachedInsight } from './cache';
import { windowFingerprint } from './fingerprint';
import { afterPosition, readInPages, type Position } from './pages';

const DAY_MS = 24 * 3600 * 1000;
const TOP = 10;

const formats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `date` in the university's time zone (TIME_ZONE): a question at 01:00 in Bangkok counts for that day, not UTC's previous one. */
export function dayKey(date: Date, timeZone: string): string {
  // one formatter per zone: making one costs ~0.2 ms, and a year's summary asked for ~9,000 of them plus one a question (issue 34 finding 7)
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(date);
}

/** The last `days` calendar days ending today, oldest first. */
export function dayKeys(days: number, timeZone: string, now = Date.now()): string[] {
  const keys = new Set<string>();
  // step by hours rather than days: a day of a zone with daylight saving is not 24 hours long
  for (let t = now - (days + 1) * DAY_MS; t <= now; t += 3600 * 1000) keys.add(dayKey(new Date(t), timeZone));
  keys.add(dayKey(new Date(now), timeZone));
  return [...keys].slice(-days);
}

/** The earliest instant the window covers (a little early: rows are then kept by their day key). */
export const windowStart = (days: number, now = Date.now()) => new Date(now - (days + 1) * DAY_MS);

interface Source {
  documentId?: string;
  title?: string;
  clause?: string;
  page?: number;
}

type DocumentCount = { document_id: string; title: string; count: number };
type ClauseCount = { document_id: string; title: string; clause: string; page: number; count: number };

/** Counts the documents and clauses one question's answer cited (its `sources` JSON). */
function countSources(json: string, documents: Map<string, DocumentCount>, clauses: Map<string, ClauseCount>): void {
  let sources: Source[] = [];
  try {
    sources = JSON.parse(json);
  } catch {
    // a malformed row still counts as a question
  }
  // one question citing two clauses of a document counts once for the document
  const citedDocs = new Set<string>();
  for (const s of Array.isArray(sources) ? sources : []) {
    if (!s.documentId) continue;
    const title = s.title ?? '';
    if (!citedDocs.has(s.documentId)) {
      citedDocs.add(s.documentId);
      const d = documents.get(s.documentId) ?? { document_id: s.documentId, title, count: 0 };
      d.count++;
      documents.set(s.documentId, d);
    }
    const clauseKey = `${s.documentId}\u0000${s.clause ?? ''}\u0000${s.page ?? 0}`;
    const c = clauses.get(clauseKey) ?? { document_id: s.documentId, title, clause: s.clause ?? '', page: s.page ?? 0, count: 0 };
    c.count++;
    clauses.set(clauseKey, c);
  }
}

/** The summary of the last `days`, cached until the log changes or the day does (cache.ts). */
export async function cachedSummary(ctx: AppContext, days = 30, now = Date.now()): Promise<InsightsSummary> {
  const key = `summary:${days}:${dayKey(new Date(now), ctx.config.timeZone)}`;
  return cachedInsight(ctx, key, await windowFingerprint(ctx, windowStart(days, now)), async () => insightsSummary(ctx, days, now));
}

export async function insightsSummary(ctx: AppContext, days = 30, now = Date.now()): Promise<InsightsSummary> {
  const { questionFeedback, questionLog } = ctx.tables;
  const tz = ctx.config.timeZone;
  const keys = dayKeys(days, tz, now);
  const perDay = new Map(keys.map((k) => [k, { date: k, questions: 0, fallbacks: 0 }]));
  const bands = { high: 0, medium: 0, low: 0 };
  const documents = new Map<string, DocumentCount>();
  const clauses = new Map<string, ClauseCount>();
  let total = 0;
  let fallbacks = 0;
  const ids: string[] = [];

  // a page at a time with a pause for the event loop after each (pages.ts): a year's log is tens of thousands of rows
  const page = (after: Position | null, limit: number) =>
    ctx.db
      .select({ id: questionLog.id, askedAt: questionLog.askedAt, band: questionLog.band, fallback: questionLog.fallback, sources: questionLog.sources })
      .from(questionLog)
      .where(and(gte(questionLog.askedAt, windowStart(days, now)), afterPosition(questionLog, after, false)))
      .orderBy(asc(questionLog.askedAt), asc(questionLog.id))
      .limit(limit);
  await readInPages(page, (rows) => {
    for (const r of rows) {
      const day = perDay.get(dayKey(r.askedAt, tz));
      if (!day) continue; // before the first day of the window
      ids.push(r.id);
      total++;
      day.questions++;
      bands[r.band]++;
      if (r.fallback) {
        fallbacks++;
        day.fallbacks++;
      }
      countSources(r.sources, documents, clauses);
    }
  });

  // votes on the questions counted above (the query's window is a little wider than the day list)
  const votes = { up: 0, down: 0 };
  const kept = new Set(ids);
  const cast = await ctx.db
    .select({ questionId: questionFeedback.questionId, rating: questionFeedback.rating })
    .from(questionFeedback)
    .innerJoin(questionLog, eq(questionLog.id, questionFeedback.questionId))
    .where(gte(questionLog.askedAt, windowStart(days, now)));
  for (const v of cast) if (kept.has(v.questionId)) votes[v.rating]++;

  const byCount = <T extends { count: number; title: string }>(a: T, b: T) => b.count - a.count || a.title.localeCompare(b.title, 'th');
  return {
    days,
    per_day: [...perDay.values()],
    total,
    fallbacks,
    fallback_rate: total > 0 ? Math.round((fallbacks / total) * 1000) / 1000 : 0,
    bands,
    votes,
    top_documents: [...documents.values()].sort(byCount).slice(0, TOP),
    top_clauses: [...clauses.values()].sort(byCount).slice(0, TOP),
  };
}
