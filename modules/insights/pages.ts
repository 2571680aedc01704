// The question log is read for insights in pages of PAGE_ROWS rows by their (askedAt, id) position, and the
// event loop answers whatever arrived (/healthz, chats) between two pages: a single read of a year's log
// (tens of thousands of rows, each with its cited sources to parse) held the server's thread from the first
// row to the last (issue 34 finding 7). With bun:sqlite every query runs synchronously, so only a pause
// between the pages lets others in.
import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { Tables } from '../../src/db/client';

export const PAGE_ROWS = 500;

export const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface Position {
  askedAt: Date;
  id: string;
}

/** Rows after `after` in the order (askedAt, id) ascending, or descending with `newestFirst`. */
export function afterPosition(log: Tables['questionLog'], after: Position | null, newestFirst: boolean): SQL | undefined {
  if (!after) return undefined;
  const { askedAt, id } = log;
  const beyond = newestFirst ? lt : gt;
  return or(beyond(askedAt, after.askedAt), and(eq(askedAt, after.askedAt), beyond(id, after.id)));
}

/**
 * Reads rows page by page through `page(after, limit)` (which orders by askedAt then id and starts after the
 * position given) up to `max` rows, handing each page to `each` and pausing for the event loop after it.
 */
export async function readInPages<R extends Position>(
  page: (after: Position | null, limit: number) => Promise<R[]>,
  each: (rows: R[]) => void | Promise<void>,
  max = Number.POSITIVE_INFINITY,
): Promise<number> {
  let read = 0;
  let after: Position | null = null;
  while (read < max) {
    const limit = Math.min(PAGE_ROWS, max - read);
    const rows = await page(after, limit);
    if (rows.length === 0) break;
    read += rows.length;
    await each(rows);
    await breathe();
    if (rows.length < limit) break;
    const last = rows[rows.length - 1]!;
    after = { askedAt: last.askedAt, id: last.id };
  }
  return read;
}
