// Drafted files under FILES_DIR/drafts (DATA_DIR/drafts unless FILES_DIR is set), each with its owner (session or guest browser, or the user for a
// draft stored on a saved conversation): only that owner can download it. Old session and guest drafts
// are swept on a save at most every SWEEP_EVERY_MS; a user's drafts live as long as their conversation.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { perApp, type AppContext } from '../../../src/context';
import { notFound } from '../../../src/http/errors';

const KEEP_MS = 7 * 24 * 3600_000;
/**
 * A save sweeps the folder (a stat of every draft) at most this often: drafts are kept 7 days, and a burst of
 * drafts each sweeping it held the event loop (#34's drafts attack; Bun's mkdir and stat run on the loop).
 */
const SWEEP_EVERY_MS = 10 * 60_000;

const folders = perApp(() => ({ made: null as Promise<unknown> | null, lastSweep: -Infinity, sweeps: 0, sweeping: Promise.resolve() }));

/** Sweeps started so far, for tests; `draftSweepClock` sets their clock. */
export const draftSweeps = (ctx: AppContext) => folders(ctx).sweeps;
/** Settles when the last sweep started has walked the folder (tests: a sweep runs after the save that starts it). */
export const draftSweepSettled = (ctx: AppContext) => folders(ctx).sweeping;
export const draftSweepClock = new WeakMap<AppContext, () => number>();

interface DraftMeta {
  owner: string;
  fileName: string;
  createdAt: string;
}

const dirOf = (ctx: AppContext) => ctx.paths.draftsDir;

const USER_PREFIX = 'user:';

/** The owner of a draft kept on a user's conversation: any of that user's sessions may download it. */
export const userDraftOwner = (userId: string) => `${USER_PREFIX}${userId}`;

/** The draft id in one of our download URLs, or null. */
export function draftIdOf(downloadUrl: string | null | undefined): string | null {
  return /^\/api\/drafts\/([A-Za-z0-9_-]+)\/download$/.exec(downloadUrl ?? '')?.[1] ?? null;
}

export async function saveDraft(ctx: AppContext, owner: string, fileName: string, bytes: Buffer): Promise<string> {
  const dir = dirOf(ctx);
  const folder = folders(ctx);
  folder.made ??= mkdir(dir, { recursive: true });
  await folder.made.catch(() => (folder.made = null));
  const id = crypto.randomUUID().replace(/-/g, '');
  const write = () => writeFile(join(dir, `${id}.docx`), bytes);
  // the folder was removed under a running server (a test, an operator): made again
  await write().catch(async (err) => {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
    await write();
  });
  await writeFile(join(dir, `${id}.json`), JSON.stringify({ owner, fileName, createdAt: new Date().toISOString() } satisfies DraftMeta));
  const now = (draftSweepClock.get(ctx) ?? Date.now)();
  if (now - folder.lastSweep >= SWEEP_EVERY_MS) {
    folder.lastSweep = now;
    folder.sweeps++;
    folder.sweeping = sweep(dir, now).catch((err) => ctx.log.warn('draft sweep failed', { error: String(err) }));
  }
  return id;
}

async function sweep(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const path = join(dir, name);
    if (now - (await stat(path)).mtimeMs <= KEEP_MS) continue;
    const meta = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as Partial<DraftMeta>;
    if (meta.owner?.startsWith(USER_PREFIX)) continue; // removed with its conversation
    await rm(join(dir, name.replace(/\.json$/, '.docx')), { force: true });
    await rm(path, { force: true });
  }
}

/** Deletes drafts (a deleted conversation's); missing ones are fine. */
export async function removeDrafts(ctx: AppContext, ids: string[]): Promise<void> {
  const dir = dirOf(ctx);
  for (const id of ids) {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) continue;
    // the record first: a download from then on finds nothing, never a record without its file
    await rm(join(dir, `${id}.json`), { force: true });
    await rm(join(dir, `${id}.docx`), { force: true });
  }
}

/** `owners`: the caller's session or guest owner, plus their user owner when signed in. */
export async function openDraft(ctx: AppContext, id: string, owners: string[]): Promise<{ file: Buffer; fileName: string }> {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw notFound('ไม่พบเอกสารร่าง');
  const dir = dirOf(ctx);
  let meta: DraftMeta;
  try {
    meta = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as DraftMeta;
  } catch {
    throw notFound('ไม่พบเอกสารร่าง');
  }
  // Someone else's draft looks exactly like a missing one.
  if (!owners.includes(meta.owner)) throw notFound('ไม่พบเอกสารร่าง');
  try {
    return { file: await readFile(join(dir, `${id}.docx`)), fileName: meta.fileName };
  } catch {
    throw notFound('ไม่พบเอกสารร่าง'); // being removed (a deleted conversation's, or swept)
  }
}
