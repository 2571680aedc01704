// Opening the index's two tables (passages, pages) or replacing them. Another embedder's vectors, or rows of an
// older layout (index-schema.ts INDEX_LAYOUT), cannot be searched: both tables are replaced and, when the old one
// held rows, `needsReindex` asks the documents module to index every document again from SQLite (reconcile.ts).
// An index from before the page table (layout 8) is such an older layout: it is rebuilt at the first start.
import path from 'node:path';
import { rm } from 'node:fs/promises';
import type * as lancedb from '@lancedb/lancedb';
import { chunkSchema, INDEX_LAYOUT, TABLE_NAME } from './index-schema.ts';
import { INDEX_META_FILE, readIndexMeta, writeIndexMeta } from './index-meta.ts';
import { PAGE_TABLE_NAME, pageSchema } from './page-table.ts';

export interface OpenedTables {
  table: lancedb.Table;
  pages: lancedb.Table;
  /** the tables were there and are searched as they are (rows a previous process wrote may wait for their text index) */
  reopened: boolean;
  needsReindex: boolean;
}

export async function openTables(db: lancedb.Connection, dir: string, embedder: { id: string; dimensions: number | null }): Promise<OpenedTables> {
  const metaPath = path.join(dir, INDEX_META_FILE);
  const stored = await readIndexMeta(metaPath);
  const names = await db.tableNames();
  const exists = names.includes(TABLE_NAME);
  const compatible =
    stored?.embedderId === embedder.id && stored?.dimensions === embedder.dimensions && stored?.layout === INDEX_LAYOUT && names.includes(PAGE_TABLE_NAME);
  if (exists && compatible) return { table: await db.openTable(TABLE_NAME), pages: await db.openTable(PAGE_TABLE_NAME), reopened: true, needsReindex: false };
  let needsReindex = false;
  if (exists) {
    // A table whose creation was interrupted (the process killed before its first version was
    // written) cannot even be opened; it is replaced like any other, and every document re-indexed.
    needsReindex = await db.openTable(TABLE_NAME).then(
      async (old) => {
        try {
          return (await old.countRows()) > 0;
        } finally {
          old.close();
        }
      },
      () => true,
    );
  }
  for (const name of [TABLE_NAME, PAGE_TABLE_NAME])
    if (names.includes(name)) await db.dropTable(name).catch(() => rm(path.join(dir, `${name}.lance`), { recursive: true, force: true }));
  const table = await db.createEmptyTable(TABLE_NAME, chunkSchema(embedder.dimensions));
  const pages = await db.createEmptyTable(PAGE_TABLE_NAME, pageSchema());
  await writeIndexMeta(metaPath, { embedderId: embedder.id, dimensions: embedder.dimensions, layout: INDEX_LAYOUT });
  return { table, pages, reopened: false, needsReindex };
}
