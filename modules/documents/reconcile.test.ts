// Crash recovery: a child process is SIGKILLed between upload steps, then start-up reconciliation
// must leave nothing orphaned and bring the document to ready.
import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { createContext, type AppContext } from '../../src/context';
import { knowledgeIndex, indexDocumentFromPages } from '../knowledge/service';
import { searchActive as search } from './active';
import { documentPages, documents } from './schema';
import { indexQueue } from './indexer';
import { reconcileDocuments } from './reconcile';
import { checkHealth } from '../health/service';
import { absoluteStoragePath } from './storage';

const REG_WORD = 'ทะเบียนชมรมวิชาการสำรวจดาราศาสตร์';
const opened: AppContext[] = [];
afterEach(async () => {
  for (const ctx of opened.splice(0)) {
    await ctx.close();
    rmSync(ctx.config.dataDir, { recursive: true, force: true });
  }
});

function env(dataDir: string) {
  return { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' } as Record<string, string>;
}

/** Runs the child until it announces the pause step, then SIGKILLs it. */
async function crashAt(step: 'after-row' | 'before-index', dataDir: string): Promise<string> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'testing', 'crash-child.ts')], {
    env: { ...process.env, ...env(dataDir), ASKREG_TEST_PAUSE: step, CRASH_CONTENTS: `ข้อ ๑ ${REG_WORD}\fข้อ ๒ การประชุมใหญ่สามัญประจำปี` },
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

function open(dataDir: string): AppContext {
  const ctx = createContext(loadConfig(env(dataDir)));
  opened.push(ctx);
  return ctx;
}

describe('crash recovery', () => {
  test('killed after the row and file are stored, before indexing: re-queued and made ready', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'askreg-crash-'));
    const id = await crashAt('before-index', dataDir);
    const ctx = open(dataDir);
    expect(ctx.db.select().from(documents).where(eq(documents.id, id)).get()?.status).toBe('indexing');
    const report = await reconcileDocuments(ctx);
    expect(report.requeued).toEqual([id]);
    await indexQueue(ctx).idle();
    const row = ctx.db.select().from(documents).where(eq(documents.id, id)).get()!;
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
    const dataDir = mkdtempSync(join(tmpdir(), 'askreg-crash-'));
    const id = await crashAt('after-row', dataDir);
    const ctx = open(dataDir);
    expect(readdirSync(ctx.paths.tmpDir).length).toBe(1);
    const report = await reconcileDocuments(ctx);
    expect(report.incompleteRowsRemoved).toEqual([id]);
    expect(report.tmpFilesRemoved).toBe(1);
    expect(ctx.db.select().from(documents).all()).toEqual([]);
    expect(ctx.db.select().from(documentPages).all()).toEqual([]);
    expect(readdirSync(ctx.paths.tmpDir)).toEqual([]);
    expect(readdirSync(ctx.paths.filesDir)).toEqual([]);
    expect(await (await knowledgeIndex(ctx)).documentIds()).toEqual([]);
  }, 90_000);
});

/** A ready row with its reviewed page, as an upload leaves it (its stored file is the test's business). */
function insertReadyRow(ctx: AppContext, id: string, chunkCount: number, text: string) {
  const now = new Date();
  ctx.db
    .insert(documents)
    .values({
      id,
      fileName: id,
      rawFileName: `${id}.pdf`,
      fileType: 'pdf',
      mimeType: 'application/pdf',
      fileSize: 1,
      storagePath: `${id}/a.pdf`,
      sha256: '',
      status: 'ready',
      chunkCount,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  ctx.db.insert(documentPages).values({ documentId: id, page: 1, content: text }).run();
}

describe('reconciliation of other leftovers', () => {
  test('orphan chunks and files are removed; a ready row whose file vanished is failed and unsearchable', async () => {
    const ctx = open(mkdtempSync(join(tmpdir(), 'askreg-rec-')));
    const now = new Date();
    const insert = (id: string) => insertReadyRow(ctx, id, 1, `ข้อ ๑ ${id} กิจกรรมเดินป่า`);
    insert('kept');
    insert('lost-file');
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
    expect(ctx.db.select().from(documents).where(eq(documents.id, 'lost-file')).get()?.status).toBe('failed');
    expect(await (await knowledgeIndex(ctx)).documentIds()).toEqual(['kept']);
    expect(existsSync(join(ctx.paths.filesDir, 'no-row'))).toBe(false);
  });

  test('an index replaced at open (interrupted creation) re-queues every ready document once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'askreg-rec-'));
    // What a SIGKILL while the table was being created leaves: listed, not openable (index-store.test.ts).
    mkdirSync(join(dataDir, 'index', 'chunks.lance', '_versions'), { recursive: true });
    const ctx = open(dataDir);
    const now = new Date();
    ctx.db
      .insert(documents)
      .values({
        id: 'r1',
        fileName: 'r1',
        rawFileName: 'r1.pdf',
        fileType: 'pdf',
        mimeType: 'application/pdf',
        fileSize: 1,
        storagePath: 'r1/a.pdf',
        sha256: '',
        status: 'ready',
        chunkCount: 1,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    ctx.db
      .insert(documentPages)
      .values({ documentId: 'r1', page: 1, content: `ข้อ ๑ ${REG_WORD}` })
      .run();
    mkdirSync(join(ctx.paths.filesDir, 'r1'));
    writeFileSync(absoluteStoragePath(ctx, 'r1/a.pdf'), '%PDF-1.4');
    expect((await knowledgeIndex(ctx)).needsReindex).toBe(true);
    expect((await reconcileDocuments(ctx)).requeued).toEqual(['r1']);
    await indexQueue(ctx).idle();
    expect((await search(ctx, REG_WORD)).map((h) => h.documentId)).toEqual(['r1']);
    // The re-index was asked for once; running again finds nothing to do.
    expect((await reconcileDocuments(ctx)).requeued).toEqual([]);
  });

  test('a ready document missing from the index (index lost) is re-indexed', async () => {
    const ctx = open(mkdtempSync(join(tmpdir(), 'askreg-rec-')));
    const now = new Date();
    ctx.db
      .insert(documents)
      .values({
        id: 'd1',
        fileName: 'd1',
        rawFileName: 'd1.pdf',
        fileType: 'pdf',
        mimeType: 'application/pdf',
        fileSize: 1,
        storagePath: 'd1/a.pdf',
        sha256: '',
        status: 'ready',
        chunkCount: 3,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    ctx.db.insert(documentPages).values({ documentId: 'd1', page: 1, content: 'ข้อ ๑ การยืมครุภัณฑ์สโมสรนักศึกษา' }).run();
    mkdirSync(join(ctx.paths.filesDir, 'd1'));
    writeFileSync(absoluteStoragePath(ctx, 'd1/a.pdf'), '%PDF-1.4');
    const report = await reconcileDocuments(ctx);
    expect(report.requeued).toEqual(['d1']);
    await indexQueue(ctx).idle();
    expect((await search(ctx, 'ครุภัณฑ์')).map((h) => h.documentId)).toEqual(['d1']);
  });

  test('killed between the SQLite commit and the index write: a ready row without chunks, or with fewer than it counts, is re-indexed; /healthz reports the repair', async () => {
    const ctx = open(mkdtempSync(join(tmpdir(), 'askreg-rec-')));
    const now = new Date();
    const add = (id: string, chunkCount: number, text: string) => {
      insertReadyRow(ctx, id, chunkCount, text);
      mkdirSync(join(ctx.paths.filesDir, id));
      writeFileSync(absoluteStoragePath(ctx, `${id}/a.pdf`), '%PDF-1.4');
    };
    // committed as ready before its chunk count and rows were written
    add('none', 0, 'ข้อ ๑ การยืมเครื่องขยายเสียงของสโมสรนักศึกษา');
    // counted three chunks, but only one reached the index
    add('short', 3, 'ข้อ ๑ การจองห้องประชุม\f ข้อ ๒ การคืนกุญแจห้องประชุม\f ข้อ ๓ ค่าปรับการคืนกุญแจล่าช้า');
    const index = await knowledgeIndex(ctx);
    await index.indexDocument({ documentId: 'short', title: 'short', category: null, isActive: true, fileType: 'pdf' }, [
      { ordinal: 0, text: 'ข้อ ๑ การจองห้องประชุม', headingPath: ['ข้อ ๑'], page: 1 },
    ]);
    // a document whose rows are all there is left alone
    add('whole', 0, 'ข้อ ๑ การใช้สนามกีฬากลางของมหาวิทยาลัย');
    const { chunks } = await indexDocumentFromPages(ctx, {
      documentId: 'whole',
      title: 'whole',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: [{ page: 1, text: 'ข้อ ๑ การใช้สนามกีฬากลางของมหาวิทยาลัย' }],
    });
    ctx.db.update(documents).set({ chunkCount: chunks }).where(eq(documents.id, 'whole')).run();

    const report = await reconcileDocuments(ctx);
    expect(report.requeued.sort()).toEqual(['none', 'short']);
    const during = (await checkHealth(ctx)).checks.repair!;
    expect(during).toMatchObject({ ok: true, requeued: 2 });
    expect(during.pending).toBeGreaterThan(0);
    await indexQueue(ctx).idle();
    expect((await checkHealth(ctx)).checks.repair).toMatchObject({ ok: true, running: false, pending: 0 });
    const counts = await index.chunkCounts();
    for (const r of ctx.db.select({ id: documents.id, status: documents.status, chunkCount: documents.chunkCount }).from(documents).all()) {
      expect(r.status).toBe('ready');
      expect(counts.get(r.id)).toBe(r.chunkCount);
    }
    expect((await search(ctx, 'เครื่องขยายเสียง')).map((h) => h.documentId)).toEqual(['none']);
    expect((await search(ctx, 'ค่าปรับคืนกุญแจล่าช้า'))[0]?.documentId).toBe('short');
  });
});
