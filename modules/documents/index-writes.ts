// Index writes other than indexing jobs (issue 36): taking a document's chunks out (a delete, the old text of a
// replace) and following its active flag. On the embedded SQLite default this process writes them at once, as always.
// On Postgres only the elected writer writes the shared index: another instance sends the request (`index_write`) and
// waits for the writer's answer (`index_written`), sending it again every RESEND_MS while no writer answers (one is
// being elected; applying a request twice changes nothing). Every write the writer makes, jobs included, is announced
// with `index_written`, and every instance then forgets what it kept of those documents (search results, texts), so
// the next question reads the new table version.
import { eq } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { clusterBus, indexWriter } from '../../src/cluster';
import { firstRow } from '../../src/db/client';
import { indexChangedElsewhere, removeFromIndex, setActiveInIndex } from '../knowledge';

type IndexWrite = { op: 'remove' | 'active'; id: string };

/** how long a request waits for a writer before it fails (the row, the truth, is already written) */
export const WRITE_WAIT_MS = 15_000;
const RESEND_MS = 2000;

/** The writer applies a request from the row as it is now: a later toggle's request may overtake an earlier one. */
async function applyHere(ctx: AppContext, w: IndexWrite): Promise<void> {
  if (w.op === 'remove') return removeFromIndex(ctx, w.id);
  const { documents } = ctx.tables;
  const row = await firstRow(ctx.db.select({ isActive: documents.isActive }).from(documents).where(eq(documents.id, w.id)));
  if (!row) return removeFromIndex(ctx, w.id);
  await setActiveInIndex(ctx, w.id, row.isActive);
}

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
}

/** Postgres: this instance's part in the shared index's writes (answers requests while it is the writer). */
export const sharedIndexWrites = perApp((ctx: AppContext) => {
  const bus = clusterBus(ctx);
  const writer = indexWriter(ctx);
  const waiting = new Map<string, Waiter>();
  const announce = (ids: string[], extra: Record<string, unknown> = {}) =>
    bus.publish('index_written', { ids, ...extra }).catch((e: Error) => ctx.log.warn('index write not announced', { error: e.message }));
  const onRequest = async (m: Record<string, unknown>) => {
    if (!writer.isWriter || typeof m.id !== 'string' || (m.op !== 'remove' && m.op !== 'active')) return;
    const error = await applyHere(ctx, { op: m.op, id: m.id }).then(
      () => undefined,
      (e: Error) => {
        ctx.log.error('index write failed', { documentId: m.id, error: e });
        return e.message;
      },
    );
    await announce([m.id], { req: m.req, error });
  };
  const onWritten = (m: Record<string, unknown>) => {
    const ids = Array.isArray(m.ids) ? m.ids.filter((id): id is string => typeof id === 'string') : [];
    if (ids.length) void indexChangedElsewhere(ctx, ids).catch(() => undefined);
    const w = typeof m.req === 'string' ? waiting.get(m.req) : undefined;
    if (w) typeof m.error === 'string' ? w.reject(new Error(m.error)) : w.resolve();
  };
  const stops = Promise.all([bus.subscribe('index_write', (m) => void onRequest(m)), bus.subscribe('index_written', onWritten)]);
  stops.catch((e) => ctx.log.error('index writes of other instances not followed', { error: e as Error }));
  ctx.onClose(async () => {
    for (const w of waiting.values()) w.reject(new Error('closing'));
    for (const stop of await stops.catch(() => [])) await stop().catch(() => undefined);
  });

  async function write(w: IndexWrite): Promise<void> {
    await stops;
    const req = crypto.randomUUID();
    const answered = new Promise<void>((resolve, reject) => waiting.set(req, { resolve, reject }));
    answered.catch(() => undefined);
    const deadline = Date.now() + WRITE_WAIT_MS;
    try {
      for (;;) {
        if (writer.isWriter) {
          await applyHere(ctx, w);
          await announce([w.id]);
          return;
        }
        await bus.publish('index_write', { req, ...w });
        const again = await Promise.race([answered.then(() => false), Bun.sleep(RESEND_MS).then(() => true)]);
        if (!again) return;
        if (Date.now() > deadline) throw new Error('no index writer answered');
      }
    } finally {
      waiting.delete(req);
    }
  }
  return { write, announce };
});

/** Takes the document's chunks out of the index (on Postgres, the writer does, and this waits for it). */
export async function removeIndexed(ctx: AppContext, id: string): Promise<void> {
  if (ctx.dialect !== 'postgres') return removeFromIndex(ctx, id);
  await sharedIndexWrites(ctx).write({ op: 'remove', id });
}

/** The index's copy of the active flag follows the row's (on Postgres, the writer sets it from the row). */
export async function followActiveFlag(ctx: AppContext, id: string, isActive: boolean): Promise<void> {
  if (ctx.dialect !== 'postgres') return setActiveInIndex(ctx, id, isActive);
  await sharedIndexWrites(ctx).write({ op: 'active', id });
}
