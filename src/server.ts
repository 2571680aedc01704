// Starts and stops the whole application: context, feature start-up tasks, HTTP listener.
import type { Config } from './config';
import { openContext, type AppContext } from './context';
import { createApp, type AppOptions } from './app';
import { embedded, materialiseMigrations, registerEmbeddedOcr } from './embedded';
import { startupRepair } from '../modules/documents/reconcile';
import { reconcileConversations, startClaimSweep } from '../modules/conversations/reconcile';
import { MULTIPART_OVERHEAD } from '../modules/documents/upload-body';
import { loadDemoLibrary } from '../modules/documents/demo';
import { acquireDataLock } from './ops/data-lock';
import { applySynonyms } from '../modules/synonyms/service';
import { chooseOcrEngine } from '../modules/extraction';
import { releasePreviousSlots, takeOverInstance } from './cluster/previous-instance';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes the DB and index. */
  stop(graceMs?: number): Promise<void>;
}

export async function startServer(config: Config, opts: AppOptions = {}): Promise<RunningServer> {
  const bundle = embedded();
  // Before anything is opened: a second server, or a restore, on the same files would lose writes.
  const releaseLock = acquireDataLock(config.dataDir);
  let ctx: AppContext | undefined;
  let app: ReturnType<typeof createApp>;
  try {
    // SQLite under DATA_DIR, or the Postgres DATABASE_URL names (migrated first, under an advisory lock)
    ctx = await openContext(config, undefined, (await materialiseMigrations(config.dataDir)) ?? undefined);
    registerEmbeddedOcr(config.dataDir);
    // the tesseract command where installed, else tesseract.js: chosen once, said once (OCR_ENGINE)
    const ocr = chooseOcrEngine(config.ocrEngine);
    ctx.log.info(ocr.note, { engine: ocr.engine });
    app = createApp(ctx, bundle ? { assets: bundle.manifest, embeddedAssets: bundle.assets, ...opts } : opts);
    // Repair what a crash left between upload steps before taking requests (SQLite is the truth).
    await startupRepair(ctx);
    // the previous server on this DATA_DIR is gone (we hold its lock): what it still held is released now
    const previous = takeOverInstance(ctx);
    await reconcileConversations(ctx, previous);
    await releasePreviousSlots(ctx, previous);
    startClaimSweep(ctx);
    // the admin's synonym groups are read before the first question (the module starts the same read)
    await applySynonyms(ctx);
    // A first start with the demo sign-in answers from a small demo library (modules/documents/demo.ts).
    const started = ctx;
    await loadDemoLibrary(started).catch((e) => started.log.error('demo library not loaded', { error: e as Error }));
    // Bun's default body cap (128 MB) is below the 500 MB upload limit; uploads stream, so this costs no memory.
    // reusePort off (Elysia turns it on): a second server, of this user, on a port in use would otherwise start and
    // take a share of its connections, each server answering with its own data and settings.
    app.listen({
      port: config.port,
      hostname: config.host,
      reusePort: false,
      idleTimeout: 255,
      maxRequestBodySize: config.maxUploadBytes + MULTIPART_OVERHEAD,
    });
  } catch (e) {
    // a port in use or an unreadable folder: the directory is not held by a server that never started
    await ctx?.close();
    releaseLock();
    throw e;
  }
  const server = app.server!;
  const port = server.port!;
  let stopping: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ctx,
    app,
    stop(graceMs = 10_000) {
      stopping ??= (async () => {
        const drained = server.stop(false);
        await Promise.race([drained, Bun.sleep(graceMs)]);
        await server.stop(true);
        await ctx.close();
        releaseLock();
      })();
      return stopping;
    },
  };
}
