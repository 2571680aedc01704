// What a restarted instance's previous life left (issue 36). Each server process runs under a fresh random id
// (ctx.id) under which it claims the turns it answers and leases its answer slots; a server killed mid-answer leaves
// those looking live until their leases run out (CLAIM_MS, SLOT_LEASE_MS). The server writes its id to
// DATA_DIR/instance.id at start; the next server on that DATA_DIR holds the data lock (src/ops/data-lock.ts), which
// proves the previous one gone, so whatever is still held under the previous id is dead and is released at once.
// Claims and slots of other instances, live or not, are not touched here (theirs expire by lease).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { queryRows } from '../db/client';

export const INSTANCE_FILE = 'instance.id';

/**
 * Records this server's id in its DATA_DIR and returns the one the previous server there ran under (null on a first
 * start). Call only while holding the data lock. Postgres only: on SQLite the one process owns all state already.
 */
export function takeOverInstance(ctx: AppContext): string | null {
  if (ctx.dialect !== 'postgres') return null;
  const file = join(ctx.config.dataDir, INSTANCE_FILE);
  let previous: string | null = null;
  try {
    previous = readFileSync(file, 'utf8').trim() || null;
  } catch {
    // first start on this DATA_DIR
  }
  writeFileSync(file, ctx.id);
  return previous === ctx.id ? null : previous;
}

/** Frees the answer slots the previous server on this DATA_DIR left leased (the turns: reconcileConversations). */
export async function releasePreviousSlots(ctx: AppContext, previous: string | null): Promise<number> {
  if (!previous || ctx.dialect !== 'postgres') return 0;
  const rows = await queryRows<{ id: string }>(ctx, sql`delete from answer_slots where instance = ${previous} returning id`);
  if (rows.length) ctx.log.warn('answer slots of the previous run released', { slots: rows.length });
  return rows.length;
}
