// Small JSON file beside the table recording which embedder produced the stored vectors.
import { readFile, writeFile, rename } from "node:fs/promises";

export interface IndexMeta { embedderId: string; dimensions: number | null }

export async function readIndexMeta(file: string): Promise<IndexMeta | null> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<IndexMeta>;
    return typeof parsed.embedderId === "string" ? { embedderId: parsed.embedderId, dimensions: parsed.dimensions ?? null } : null;
  } catch {
    return null;
  }
}

export async function writeIndexMeta(file: string, meta: IndexMeta): Promise<void> {
  await writeFile(file + ".tmp", JSON.stringify(meta, null, 2));
  await rename(file + ".tmp", file);
}
