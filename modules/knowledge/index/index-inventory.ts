// What an index holds, document by document: the live index (start-up repair compares it with SQLite)
// and a copied index directory (a backup records what its copy holds, so a restore can re-index
// whatever the copy lacks). Reading a copy needs no embedder: only the document ids are read.
import * as lancedb from '@lancedb/lancedb';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TABLE_NAME } from './index-schema.ts';

export async function chunksPerDocument(table: lancedb.Table): Promise<Map<string, number>> {
  const rows = await table.query().select(['documentId']).toArray();
  const counts = new Map<string, number>();
  for (const r of rows as Array<{ documentId: string }>) counts.set(r.documentId, (counts.get(r.documentId) ?? 0) + 1);
  return counts;
}

export interface IndexInventory {
  /** the table version the copy opens at */
  version: number;
  /** chunk rows per document id */
  documents: Record<string, number>;
}

/** The inventory of an index directory that no process is writing (e.g. a backup's staged copy); null when it holds no table. */
export async function readIndexInventory(dir: string): Promise<IndexInventory | null> {
  if (!existsSync(path.join(dir, `${TABLE_NAME}.lance`))) return null;
  const db = await lancedb.connect(dir);
  try {
    const table = await db.openTable(TABLE_NAME);
    try {
      return { version: await table.version(), documents: Object.fromEntries(await chunksPerDocument(table)) };
    } finally {
      table.close();
    }
  } finally {
    db.close();
  }
}
