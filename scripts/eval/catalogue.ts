// A fetched set's CATALOGUE.md read as rows (one per document: its library, file, pages, abbreviated git blob and
// source repository), and the git blob of a file's bytes, as the catalogue records it (`git hash-object`).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CatalogueRow {
  library: string;
  file: string;
  pages: number;
  /** the abbreviated git blob (12 hex digits), '' when the row gives none */
  blob: string;
  /** owner/name of the public repository the file was copied from, null when the row names none */
  repo: string | null;
}

/** The rows of `root`/CATALOGUE.md that name a document (`lib/file` in the file column). */
export function catalogueTable(root: string): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (const line of readFileSync(join(root, 'CATALOGUE.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const file = /^`([a-z]+)\/(.+)`$/.exec(cells[2] ?? '');
    if (!file) continue;
    const blob = /\/ `([0-9a-f]{12})`/.exec(cells[12] ?? '');
    const repo = /^`([^`/]+\/[^`]+)`:/.exec(cells[11] ?? '');
    rows.push({ library: file[1]!, file: file[2]!, pages: Number(cells[7]), blob: blob?.[1] ?? '', repo: repo?.[1] ?? null });
  }
  return rows;
}

/** The git blob id of these bytes (`git hash-object`). */
export const gitBlob = (data: Buffer): string =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${data.length}\0`), data]))
    .digest('hex');
