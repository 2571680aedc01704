// Several instances on one throw-away Postgres cluster with a shared index and files folder (issue 36): the set-up the
// tests in tests/postgres that open more than one instance have in common. `sharedInstances()` registers its own
// beforeAll/afterAll: it starts the cluster and the shared folder, and at the end closes every context it opened (last
// first, removing each one's data dir), then the admin connection, then stops the cluster (a connection left open
// would outlive it), then removes the folder.
import { afterAll, beforeAll } from 'bun:test';
import { SQL } from 'bun';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext, type AppContext } from '../../src/context';
import { indexQueue } from '../../modules/documents/indexer';
import { testConfig } from './server';
import { startPostgres, type TestPostgres } from './postgres';

export interface OpenOptions {
  /** the database (default: the cluster's `askreg` database) */
  url?: string;
  /** INDEX_URI (default: `index` in the shared folder) */
  indexUri?: string;
  /** FILES_DIR (default: `files` in the shared folder) */
  filesDir?: string;
  /** join the indexing jobs at open, as a server does at start (startupRepair): the election and the shared jobs */
  indexQueue?: boolean;
}

export interface SharedInstances {
  readonly pg: TestPostgres;
  /** the shared folder, removed at the end */
  readonly root: string;
  readonly indexUri: string;
  readonly filesDir: string;
  /** the contexts opened so far, in order */
  readonly contexts: readonly AppContext[];
  open(options?: OpenOptions): Promise<AppContext>;
  /** one superuser connection to the cluster (opened on first use), closed before the cluster stops */
  admin(): SQL;
}

export function sharedInstances(prefix = 'askreg-shared-'): SharedInstances {
  let pg: TestPostgres | undefined;
  let root = '';
  let admin: SQL | undefined;
  const contexts: AppContext[] = [];
  const self: SharedInstances = {
    get pg() {
      if (!pg) throw new Error('sharedInstances: the cluster starts in beforeAll');
      return pg;
    },
    get root() {
      return root;
    },
    get indexUri() {
      return join(root, 'index');
    },
    get filesDir() {
      return join(root, 'files');
    },
    contexts,
    async open(options = {}) {
      const ctx = await openContext({
        ...testConfig({ INDEX_URI: options.indexUri ?? self.indexUri, FILES_DIR: options.filesDir ?? self.filesDir }),
        database: { kind: 'postgres', url: options.url ?? self.pg.url },
      });
      contexts.push(ctx);
      if (options.indexQueue) indexQueue(ctx);
      return ctx;
    },
    admin() {
      admin ??= new SQL(self.pg.url, { max: 1 });
      return admin;
    },
  };
  beforeAll(async () => {
    pg = await startPostgres();
    root = mkdtempSync(join(tmpdir(), prefix));
  }, 60_000);
  afterAll(async () => {
    for (const ctx of contexts.splice(0).reverse()) {
      await ctx.close();
      rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
    await admin?.close();
    await pg?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return self;
}

export interface DocumentRow {
  name?: string;
  text: string;
  status: 'indexing' | 'ready';
  chunkCount?: number;
  /** also write the stored file under the context's files folder (what a backup copies) */
  withFile?: boolean;
}

/** A reviewed document's row and page as an upload leaves them, written on `ctx`; returns its id. */
export async function insertDocument(ctx: AppContext, row: DocumentRow): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  const name = row.name ?? `เอกสาร ${id.slice(0, 4)}`;
  const file = row.name ? `${row.name}.txt` : 'a.txt';
  const { documents, documentPages } = ctx.tables;
  await ctx.db.insert(documents).values({
    id,
    fileName: name,
    rawFileName: file,
    fileType: 'txt',
    mimeType: 'text/plain',
    fileSize: row.text.length,
    storagePath: `${id}/${file}`,
    sha256: id,
    status: row.status,
    chunkCount: row.chunkCount ?? 0,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.db.insert(documentPages).values({ documentId: id, page: 1, content: row.text });
  if (row.withFile) {
    mkdirSync(join(ctx.paths.filesDir, id), { recursive: true });
    writeFileSync(join(ctx.paths.filesDir, id, file), row.text);
  }
  return id;
}
