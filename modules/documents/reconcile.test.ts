// Crash recovery: a child process is SIGKILLed between upload steps, then start-up reconciliation
// must leave nothing orphaned and bring the document to ready.
import { afterEach, describe, expect, spyOn, test } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openContext, type AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import { createTestContext, testConfig, type TestContext } from '../../tests/helpers/server';
import { documentPages, documentRow, documents } from '../../tests/helpers/tables';
import { knowledgeIndex, indexDocumentFromPages } from '../knowledge/service';
import { searchActive as search } from './active';
import { indexingIdle } from './indexer';
import { reconcileDocuments } from './reconcile';
import { checkHealth } from '../health/service';
import { absoluteStoragePath } from './storage';

const REG_WORD = 'ทะเบียนชมรมวิชาการสำรวจดาราศาสตร์';
// Each test's data: SQLite in a temp DATA_DIR, or a fresh Postgres database under TEST_DATABASE=postgres.
const data: TestContext[] = [];
const opened: AppContext[] = [];
afterEach(async () => {
  for (const ctx of opened.splice(0)) await ctx.close();
  for (const t of data.splice(0)) await t.close();
});

/** Fresh test data, and the settings (DATA_DIR, DATABASE_URL) a child process or another context opens it with. */
async function freshData(): Promise<Record<string, string>> {
  const t = await createTestContext({ LOG_LEVEL: 'silent' });
  data.push(t);
  await t.ctx.close();
  return t.env;
}

/** Runs the child until it announces the pause step, then SIGKILLs it. */
async function crashAt(step: 'after-row' | 'before-index', env: Record<string, string>): Promise<string> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'testing', 'crash-child.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
      ASKREG_TEST_PAUSE: step,
      CRASH_CONTENTS: `ข้อ ๑ ${REG_WORD}\fข้อ ๒ การประชุมใหญ่สามัญประจำปี`,
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const decoder = new TextDecoder();
  let out = '';
  const deadline = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const reader = child.stdout.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    out += decoder.decode(r.value);
    const m = /ASKREG_PAUSED (\S+) (\S+)/.exec(out);
    if (m) {
      child.kill('SIGKILL');
      clearTimeout(deadline);
      await child.exited;
      return m[2];
    }
  }
  clearTimeout(deadline);
  throw new Error(`child ended without pausing: ${out}`);
}

/** A context on that data (the test's own: the child that wrote it is gone), closed after the test. */
async function open(env?: Record<string, string>): Promise<AppContext> {
  const ctx = await openContext(testConfig(env ?? (await freshData())));
  opened.push(ctx);
  return ctx;
}
const statusOf = async (ctx: AppContext, id: string) => (await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id))))?.status;

describe('crash recovery', () => {
  test('killed after the row and file are stored, before indexing: re-queued and made ready', async () => {
    const env = await freshData();
    const id = await crashAt('before-index', env);
    const ctx = await open(env);
    expect(await statusOf(ctx, id)).toBe('indexing');
    const report = await reconcileDocuments(ctx);
    expect(report.requeued).toEqual([id]);
    await indexingIdle(ctx);
    const row = (await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id))))!;
    expect(row.status).toBe('ready');
    expect(row.chunkCount).toBeGreaterThan(0);
    expect((await search(ctx, REG_WORD)).map((h) => h.documentId)).toContain(id);
    expect(readdirSync(ctx.paths.tmpDir)).toEqual([]);
    expect(readdirSync(ctx.paths.filesDir)).toEqual([id]);
    // Run again: nothing left to fix.
    const again = await reconcileDocuments(ctx);
    expect(again).toEqual({
      orphanChunksRemoved: [],
      orphanFilesRemoved: [],
      tmpFilesRemoved: 0,
      incompleteRowsRemoved: [],
      missingFileRows: [],
      requeued: [],
    });
  }, 90_000);

  test('killed after the row but before the file was moved: row, pages and temp file are removed', async () => {
    const env = await freshData();
    const id = await crashAt('after-row', env);
    const ctx = await open(env);
    expect(readdirSync(ctx.paths.tmpDir).length).toBe(1);
    const report = await reconcileDocuments(ctx);
    expect(report.incompleteRowsRemoved).toEqual([id]);
    expect(report.tmpFilesRemoved).toBe(1);
    expect(await ctx.db.select().from(documents)).toEqual([]);
    expect(await ctx.db.select().from(documentPages)).toEqual([]);
    expect(readdirSync(ctx.paths.tmpDir)).toEqual([]);
    expect(readdirSync(ctx.paths.filesDir)).toEqual([]);
    expect(await (await knowledgeIndex(ctx)).documentIds()).toEqual([]);
  }, 90_000);
});

/** A ready row with its reviewed page, as an upload leaves it (its stored file is the test's business). */
async function insertReadyRow(ctx: AppContext, id: string, chunkCount: number, text: string) {
  await ctx.db.insert(documents).values(documentRow(id, { chunkCount }));
  await ctx.db.insert(documentPages).values({ documentId: id, page: 1, content: text });
}

describe('reconciliation of other leftovers', () => {
  test('orphan chunks and files are removed; a ready row whose file vanished is failed and unsearchable', async () => {
    const ctx = await open();
    const insert = (id: string) => insertReadyRow(ctx, id, 1, `ข้อ ๑ ${id} กิจกรรมเดินป่า`);
    await insert('kept');
    await insert('lost-file');
    mkdirSync(join(ctx.paths.filesDir, 'kept'));
    writeFileSync(absoluteStoragePath(ctx, 'kept/a.pdf'), '%PDF-1.4');
    writeFileSync(join(ctx.paths.filesDir, 'kept', 'stray.pdf'), 'x');
    mkdirSync(join(ctx.paths.filesDir, 'no-row'));
    writeFileSync(join(ctx.paths.filesDir, 'no-row', 'b.pdf'), 'x');
    for (const id of ['kept', 'lost-file', 'ghost']) {
      await indexDocumentFromPages(ctx, {
        documentId: id,
        title: id,
        category: null,
        isActive: true,
        fileType: 'pdf',
        pages: [{ page: 1, text: 'ข้อ ๑ กิจกรรมเดินป่า' }],
      });
    }
    const report = await reconcileDocuments(ctx);
    expect(report.orphanChunksRemoved).toEqual(['ghost']);
    expect(report.orphanFilesRemoved.sort()).toEqual(['kept/stray.pdf', 'no-row']);
    expect(report.missingFileRows).toEqual(['lost-file']);
    expect(report.requeued).toEqual([]);
    expect(await statusOf(ctx, 'lost-file')).toBe('failed');
    expect(await (await knowledgeIndex(ctx)).documentIds()).toEqual(['kept']);
    expect(existsSync(join(ctx.paths.filesDir, 'no-row'))).toBe(false);
  });

  test("the viewer's files of a version are no orphans: a restart keeps a scan's OCR word boxes and rendered pages", async () => {
    const ctx = await open();
    const sha = 'ab'.repeat(32);
    await ctx.db.insert(documents).values(documentRow('scan', { sha256: sha }));
    await ctx.db.insert(documentPages).values({ documentId: 'scan', page: 1, content: 'ข้อ ๑ กิจกรรมเดินป่า' });
    await indexDocumentFromPages(ctx, {
      documentId: 'scan',
      title: 'scan',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: [{ page: 1, text: 'ข้อ ๑ กิจกรรมเดินป่า' }],
    });
    const dir = join(ctx.paths.filesDir, 'scan');
    mkdirSync(join(dir, `view-${sha.slice(0, 16)}`), { recursive: true });
    writeFileSync(absoluteStoragePath(ctx, 'scan/a.pdf'), '%PDF-1.4');
    writeFileSync(join(dir, `ocr-words-${sha.slice(0, 16)}.json`), '[]');
    writeFileSync(join(dir, `view-${sha.slice(0, 16)}`, 'p1.webp'), 'x');
    // another hash's: a version no row names any more
    writeFileSync(join(dir, `ocr-words-${'cd'.repeat(8)}.json`), '[]');
    const report = await reconcileDocuments(ctx);
    expect(report.orphanFilesRemoved).toEqual([`scan/ocr-words-${'cd'.repeat(8)}.json`]);
    expect(readdirSync(dir).sort()).toEqual(['a.pdf', `ocr-words-${sha.slice(0, 16)}.json`, `view-${sha.slice(0, 16)}`]);
  });

  test('an index replaced at open (interrupted creation) re-queues every ready document once', async () => {
    const env = await freshData();
    // What a SIGKILL while the table was being created leaves: listed, not openable (index-store.test.ts).
    mkdirSync(join(env.DATA_DIR!, 'index', 'chunks.lance', '_versions'), { recursive: true });
    const ctx = await open(env);
    await insertReadyRow(ctx, 'r1', 1, `ข้อ ๑ ${REG_WORD}`);
    mkdirSync(join(ctx.paths.filesDir, 'r1'));
    writeFileSync(absoluteStoragePath(ctx, 'r1/a.pdf'), '%PDF-1.4');
    expect((await knowledgeIndex(ctx)).needsReindex).toBe(true);
    expect((await reconcileDocuments(ctx)).requeued).toEqual(['r1']);
    await indexingIdle(ctx);
    expect((await search(ctx, REG_WORD)).map((h) => h.documentId)).toEqual(['r1']);
    // The re-index was asked for once; running again finds nothing to do.
    expect((await reconcileDocuments(ctx)).requeued).toEqual([]);
  });

  test('a ready document missing from the index (index lost) is re-indexed', async () => {
    const ctx = await open();
    await insertReadyRow(ctx, 'd1', 3, 'ข้อ ๑ การยืมครุภัณฑ์สโมสรนักศึกษา');
    mkdirSync(join(ctx.paths.filesDir, 'd1'));
    writeFileSync(absoluteStoragePath(ctx, 'd1/a.pdf'), '%PDF-1.4');
    const report = await reconcileDocuments(ctx);
    expect(report.requeued).toEqual(['d1']);
    await indexingIdle(ctx);
    expect((await search(ctx, 'ครุภัณฑ์')).map((h) => h.documentId)).toEqual(['d1']);
  });

  test('killed between the SQLite commit and the index write: a ready row without chunks, or with fewer than it counts, is re-indexed; /healthz reports the repair', async () => {
    const ctx = await open();
    const add = async (id: string, chunkCount: number, text: string) => {
      await insertReadyRow(ctx, id, chunkCount, text);
      mkdirSync(join(ctx.paths.filesDir, id));
      writeFileSync(absoluteStoragePath(ctx, `${id}/a.pdf`), '%PDF-1.4');
    };
    // committed as ready before its chunk count and rows were written
    await add('none', 0, 'ข้อ ๑ การยืมเครื่องขยายเสียงของสโมสรนักศึกษา');
    // counted three chunks, but only one reached the index
    await add('short', 3, 'ข้อ ๑ การจองห้องประชุม\f ข้อ ๒ การคืนกุญแจห้องประชุม\f ข้อ ๓ ค่าปรับการคืนกุญแจล่าช้า');
    const index = await knowledgeIndex(ctx);
    await index.indexDocument({ documentId: 'short', title: 'short', category: null, isActive: true, fileType: 'pdf' }, [
      { ordinal: 0, text: 'ข้อ ๑ การจองห้องประชุม', headingPath: ['ข้อ ๑'], page: 1 },
    ]);
    // a document whose rows are all there is left alone
    await add('whole', 0, 'ข้อ ๑ การใช้สนามกีฬากลางของมหาวิทยาลัย');
    const { chunks } = await indexDocumentFromPages(ctx, {
      documentId: 'whole',
      title: 'whole',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: [{ page: 1, text: 'ข้อ ๑ การใช้สนามกีฬากลางของมหาวิทยาลัย' }],
    });
    await ctx.db.update(documents).set({ chunkCount: chunks }).where(eq(documents.id, 'whole'));

    const report = await reconcileDocuments(ctx);
    expect(report.requeued.sort()).toEqual(['none', 'short']);
    const during = (await checkHealth(ctx)).checks.repair!;
    expect(during).toMatchObject({ ok: true, requeued: 2 });
    expect(during.pending).toBeGreaterThan(0);
    await indexingIdle(ctx);
    expect((await checkHealth(ctx)).checks.repair).toMatchObject({ ok: true, running: false, requeued: 2, pending: 0 });
    // the repair is over: /healthz no longer reads the rows it listed (on Postgres it did on every call)
    const reads = spyOn(ctx.db, 'select');
    expect((await checkHealth(ctx)).checks.repair).toMatchObject({ ok: true, running: false, requeued: 2, pending: 0 });
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    const counts = await index.chunkCounts();
    for (const r of await ctx.db.select({ id: documents.id, status: documents.status, chunkCount: documents.chunkCount }).from(documents)) {
      expect(r.status).toBe('ready');
      expect(counts.get(r.id)).toBe(r.chunkCount);
    }
    expect((await search(ctx, 'เครื่องขยายเสียง')).map((h) => h.documentId)).toEqual(['none']);
    expect((await search(ctx, 'ค่าปรับคืนกุญแจล่าช้า'))[0]?.documentId).toBe('short');
  });
});
