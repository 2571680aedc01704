// The coordination between instances on a real Postgres (issue 36): the index writer's election (one writer; taken over
// when the holder closes, loses its session, or is killed with SIGKILL) and the message bus (LISTEN/NOTIFY). The
// single-process forms, used on the SQLite default, are checked beside them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { join } from 'node:path';
import { pgBus, soloBus } from '../../src/cluster/bus';
import { LOCK_CLASS, pgWriterLock, soleWriter, type WriterLock } from '../../src/cluster/writer-lock';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { lineFrom, until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe('one process (the SQLite default)', () => {
  test('is always the writer, and its bus has no one to reach', async () => {
    expect(soleWriter().isWriter).toBe(true);
    const bus = soloBus();
    const got: unknown[] = [];
    await bus.subscribe('x', (m) => got.push(m));
    await bus.publish('x', { a: 1 });
    expect(got).toEqual([]);
  });
});

describe.skipIf(unavailable !== null)('on Postgres', () => {
  let pg: TestPostgres;
  let admin: SQL;
  const open: WriterLock[] = [];
  const lock = () => {
    const l = pgWriterLock(pg.url, { pollMs: 100 });
    open.push(l);
    return l;
  };
  beforeAll(async () => {
    pg = await startPostgres();
    admin = new SQL(pg.url, { max: 1 });
  }, 60_000);
  afterAll(async () => {
    for (const l of open) await l.close();
    await admin?.close();
    await pg?.stop();
  });

  const holderPid = async () =>
    (await admin`select pid from pg_locks where locktype = 'advisory' and classid = ${LOCK_CLASS} and granted`)[0]?.pid as number | undefined;

  test('exactly one of two instances writes; when it closes the other takes over', async () => {
    const a = lock();
    await until('a writer', () => a.isWriter);
    const b = lock();
    const seen: boolean[] = [];
    b.onChange((w) => seen.push(w));
    await Bun.sleep(300); // b tries the lock three times meanwhile
    expect(b.isWriter).toBe(false);
    await a.close();
    await until('b takes over', () => b.isWriter);
    expect(seen).toEqual([true]);
    await b.close();
  }, 30_000);

  test('a writer whose session is ended steps down, and another instance takes the lock', async () => {
    const a = lock();
    await until('a writer', () => a.isWriter);
    const b = lock();
    const lost: boolean[] = [];
    a.onChange((w) => lost.push(w));
    await admin`select pg_terminate_backend(${(await holderPid())!})`;
    await until('a steps down', () => lost.includes(false));
    await until('one of them writes again', () => a.isWriter !== b.isWriter);
    await a.close();
    await b.close();
  }, 30_000);

  test('a writer killed with SIGKILL loses the lock to the instance waiting', async () => {
    const child = Bun.spawn(['bun', join(import.meta.dir, 'cluster-child.ts'), 'writer', pg.url], { stdout: 'pipe', stderr: 'inherit' });
    try {
      await lineFrom(child, 'WRITER');
      const b = lock();
      await Bun.sleep(300);
      expect(b.isWriter).toBe(false);
      child.kill('SIGKILL');
      await until('b takes over from the killed writer', () => b.isWriter);
      expect(await holderPid()).toBeDefined();
      await b.close();
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  test('a message on the bus reaches the other instance and not the sender', async () => {
    const a = pgBus(pg.url, 'A');
    const b = pgBus(pg.url, 'B');
    try {
      const atA: unknown[] = [];
      const atB: unknown[] = [];
      await a.subscribe('test', (m) => atA.push(m));
      await b.subscribe('test', (m) => atB.push(m));
      await a.publish('test', { connectionId: 'c1', owner: 'guest:x' });
      await until('B receives it', () => atB.length === 1);
      expect(atB).toEqual([{ connectionId: 'c1', owner: 'guest:x' }]);
      await b.publish('test', { n: 2 });
      await until('A receives B', () => atA.length === 1);
      expect(atA).toEqual([{ n: 2 }]); // never its own
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);
});
