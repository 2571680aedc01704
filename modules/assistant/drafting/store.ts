// Drafted files under DATA_DIR/drafts, each with its owner (session or guest browser): only the
// client that asked for a draft can download it. Old drafts are swept on each save.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../../src/context';
import { notFound } from '../../../src/http/errors';

const KEEP_MS = 7 * 24 * 3600_000;

interface DraftMeta {
  owner: string;
  fileName: string;
  createdAt: string;
}

const dirOf = (ctx: AppContext) => join(ctx.paths.dataDir, 'drafts');

export async function saveDraft(ctx: AppContext, owner: string, fileName: string, bytes: Buffer): Promise<string> {
  const dir = dirOf(ctx);
  await mkdir(dir, { recursive: true });
  const id = crypto.randomUUID().replace(/-/g, '');
  await writeFile(join(dir, `${id}.docx`), bytes);
  await writeFile(join(dir, `${id}.json`), JSON.stringify({ owner, fileName, createdAt: new Date().toISOString() } satisfies DraftMeta));
  void sweep(dir).catch((err) => ctx.log.warn('draft sweep failed', { error: String(err) }));
  return id;
}

async function sweep(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if (now - (await stat(path)).mtimeMs > KEEP_MS) await rm(path, { force: true });
  }
}

export async function openDraft(ctx: AppContext, id: string, owner: string): Promise<{ file: Buffer; fileName: string }> {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw notFound('ไม่พบเอกสารร่าง');
  const dir = dirOf(ctx);
  let meta: DraftMeta;
  try {
    meta = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as DraftMeta;
  } catch {
    throw notFound('ไม่พบเอกสารร่าง');
  }
  // Someone else's draft looks exactly like a missing one.
  if (meta.owner !== owner) throw notFound('ไม่พบเอกสารร่าง');
  return { file: await readFile(join(dir, `${id}.docx`)), fileName: meta.fileName };
}
