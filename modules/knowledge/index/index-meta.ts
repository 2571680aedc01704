// Small JSON file beside the table recording which embedder produced the stored vectors, and the row
// layout (index-schema.ts INDEX_LAYOUT) the table was written with.
import { readFile, writeFile, rename } from 'node:fs/promises';

/** the meta file's name inside the index directory */
export const INDEX_META_FILE = 'knowledge-index.json';

export interface IndexMeta {
  embedderId: string;
  dimensions: number | null;
  layout: number;
}

export async function readIndexMeta(file: string): Promise<IndexMeta | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<IndexMeta>;
    // files from before the layout was recorded describe layout 1
    return typeof parsed.embedderId === 'string' ? { embedderId: parsed.embedderId, dimensions: parsed.dimensions ?? null, layout: parsed.layout ?? 1 } : null;
  } catch {
    return null;
  }
}

export async function writeIndexMeta(file: string, meta: IndexMeta): Promise<void> {
  await writeFile(file + '.tmp', JSON.stringify(meta, null, 2));
  await rename(file + '.tmp', file);
}
