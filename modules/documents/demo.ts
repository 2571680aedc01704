// The demo library: on the first start with the built-in demo sign-in and an empty library, a few short
// documents (demo-texts.ts) are loaded so a newcomer's first question is answered. Never with a real
// OIDC_ISSUER, never with DEMO_LIBRARY=false, and only once per DATA_DIR (a marker file remembers it was
// offered, so a library the admin emptied, or whose demo documents were removed, stays as they left it).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { createCategory, findCategoryByName } from '../categories/service';
import { signInUnavailable } from '../auth/provider-runtime';
import { indexBatch } from './batch-indexer';
import { queueIndexing } from './indexer';
import { createDocument } from './pipeline';
import { firstRow, withInstanceLock } from '../../src/db/client';
import { deleteDocument } from './service';
import { tmpFilePath } from './storage';
import { DEMO_CONTACT, DEMO_DESCRIPTION, DEMO_DOCUMENTS } from './demo-texts';

const MARKER = 'demo-library-offered';

/**
 * The demo library is offered only where nothing real is configured: the built-in demo sign-in (no OIDC_ISSUER), and
 * no production the operator declared: NODE_ENV=production set by the operator never loads it, even with
 * DEV_OIDC_IN_PRODUCTION=true; the production `npm start` and the binary default to does.
 */
export const demoLibraryAllowed = ({ config }: Pick<AppContext, 'config'>) =>
  config.demoLibrary && !config.oidc.issuer && !signInUnavailable(config) && (config.nodeEnv !== 'production' || config.nodeEnvDefaulted);

/** Loads the demo documents when allowed, the library is empty and they were never offered here. Returns how many. */
export async function loadDemoLibrary(ctx: AppContext): Promise<number> {
  const marker = join(ctx.config.dataDir, MARKER);
  if (!demoLibraryAllowed(ctx) || existsSync(marker)) return 0;
  // Instances that start together on one Postgres load it once: the second waits, then finds the library not empty.
  return await withInstanceLock(ctx, 'askreg:demo-library', () => loadInto(ctx, marker));
}

async function loadInto(ctx: AppContext, marker: string): Promise<number> {
  if ((await libraryCount(ctx)) > 0) return 0;
  const ids: string[] = [];
  for (const [i, d] of DEMO_DOCUMENTS.entries()) {
    const category = (await findCategoryByName(ctx, d.category))?.id ?? (await createCategory(ctx, d.category)).id;
    const tmpPath = tmpFilePath(ctx);
    const bytes = new TextEncoder().encode(d.text);
    await Bun.write(tmpPath, bytes);
    const file = {
      tmpPath,
      size: bytes.length,
      sha256: new Bun.CryptoHasher('sha256').update(bytes).digest('hex'),
      head: bytes.subarray(0, 8192),
      clientName: `demo-${i + 1}.txt`,
    };
    const fields = { fileName: d.fileName, description: DEMO_DESCRIPTION, category, isActive: true, fallbackContact: DEMO_CONTACT, contents: d.text };
    const { id } = await createDocument(ctx, file, fields, { allowTxt: true, deferIndexing: true });
    await ctx.db.update(ctx.tables.documents).set({ demo: true }).where(eq(ctx.tables.documents.id, id));
    ids.push(id);
  }
  // on Postgres the elected writer indexes them, as any upload (this instance may not be the writer)
  if (ctx.dialect === 'postgres') for (const id of ids) await queueIndexing(ctx, id);
  else await indexBatch(ctx, ids);
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  ctx.log.info('demo library loaded: sample documents marked ตัวอย่าง, removable in the console (DEMO_LIBRARY=false to never load it)', {
    documents: ids.length,
  });
  return ids.length;
}

const libraryCount = async (ctx: AppContext) => (await firstRow(ctx.db.select({ n: count() }).from(ctx.tables.documents)))?.n ?? 0;

export async function demoDocumentCount(ctx: AppContext): Promise<number> {
  const { documents } = ctx.tables;
  return (await firstRow(ctx.db.select({ n: count() }).from(documents).where(eq(documents.demo, true))))?.n ?? 0;
}

/** Removes every demo document (rows, index, files); their categories stay. */
export async function removeDemoLibrary(ctx: AppContext): Promise<{ removed: number }> {
  const { documents } = ctx.tables;
  const rows = await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.demo, true));
  for (const { id } of rows) await deleteDocument(ctx, id);
  return { removed: rows.length };
}
