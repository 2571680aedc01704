// Which instance writes the shared LanceDB index (issue 36). One writer at a time: on the embedded SQLite default there is
// one server process per DATA_DIR (src/ops/data-lock.ts), so it always writes; on Postgres the instances elect one with a
// session advisory lock held on a connection of its own. The lock lives exactly as long as that session: when the holder
// dies (SIGKILL, crash, its connection dropped) Postgres ends the session and releases it, and another instance's next
// try takes it. The holder checks every `pollMs` that its session is still the one that took the lock (a pool would
// silently reconnect) and steps down at once when it is not.
import { SQL } from 'bun';

export interface WriterLock {
  readonly isWriter: boolean;
  /** called on every change (true: became the writer; false: lost it). Returns an unsubscribe. */
  onChange(fn: (writer: boolean) => void): () => void;
  /**
   * Runs `fn` on the lock's own session while this instance is the writer (job leases are taken there, so they end with
   * it too); throws when it is not.
   */
  onSession<T>(fn: (session: SQL) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** One process writes (the SQLite default): always the writer, nothing to elect. */
export function soleWriter(): WriterLock {
  return {
    isWriter: true,
    onChange: () => () => undefined,
    onSession: () => Promise.reject(new Error('no lock session on the embedded database')),
    close: async () => undefined,
  };
}

/** The advisory lock's two keys: class "askreg" (as int4) and the lock's number within it. */
export const LOCK_CLASS = 0x61736b72;
export const INDEX_WRITER_LOCK = 1;

export interface PgWriterOptions {
  /** how often a non-writer tries the lock and the writer checks its session (default 1 s) */
  pollMs?: number;
  lockId?: number;
  onError?: (e: Error) => void;
}

export function pgWriterLock(url: string, opts: PgWriterOptions = {}): WriterLock {
  const pollMs = opts.pollMs ?? 1000;
  const lockId = opts.lockId ?? INDEX_WRITER_LOCK;
  const listeners = new Set<(writer: boolean) => void>();
  let session: SQL | null = null;
  let heldOn: number | null = null; // the backend pid that took the lock
  let closed = false;
  let wake: (() => void) | null = null;
  let chain: Promise<unknown> = Promise.resolve(); // one statement at a time on the lock session

  const set = (writer: boolean) => {
    if ((heldOn !== null) === writer) return;
    if (!writer) heldOn = null;
    for (const fn of listeners) fn(writer);
  };
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const drop = async () => {
    const s = session;
    session = null;
    set(false);
    await s?.close({ timeout: 0 }).catch(() => undefined);
  };

  async function tick(): Promise<void> {
    try {
      session ??= new SQL(url, { max: 1, idleTimeout: 0, maxLifetime: 0, connectionTimeout: 10 });
      const s = session;
      if (heldOn === null) {
        const [row] = await serial(() => s`select pg_try_advisory_lock(${LOCK_CLASS}::int, ${lockId}::int) as got, pg_backend_pid() as pid`);
        if (row.got && !closed) {
          heldOn = Number(row.pid);
          for (const fn of listeners) fn(true);
        }
      } else {
        const [row] = await serial(() => s`select pg_backend_pid() as pid`);
        if (Number(row.pid) !== heldOn) await drop(); // reconnected: the session that held the lock is gone
      }
    } catch (e) {
      opts.onError?.(e as Error);
      await drop();
    }
  }

  const loop = (async () => {
    while (!closed) {
      await tick();
      if (closed) break;
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, pollMs).unref?.();
      });
      wake = null;
    }
  })();

  return {
    get isWriter() {
      return heldOn !== null;
    },
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async onSession(fn) {
      const s = session;
      if (heldOn === null || !s) throw new Error('not the index writer');
      return await serial(() => fn(s));
    },
    async close() {
      closed = true;
      wake?.();
      await loop;
      await drop(); // closing the session releases the lock
    },
  };
}
