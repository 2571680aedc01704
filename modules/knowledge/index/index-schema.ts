// Row layout of the LanceDB "chunks" table, the FTS settings, and SQL filter helpers.
import escapeStringRegexp from 'escape-string-regexp';
import type * as lancedb from '@lancedb/lancedb';
import { Bool, Field, FixedSizeList, Float32, Schema, Utf8 } from 'apache-arrow';
import type { Chunk, SourcePage } from './chunker.ts';
import type { LaterPages } from './passage-pages.ts';
import { toIndexTokens } from './tokens.ts';

export const TABLE_NAME = 'chunks';
export const TOKENS_COLUMN = 'tokens';

/** Pre-segmented tokens are split on spaces only; Thai must not be stemmed, folded or stop-worded by Lance. */
export const FTS_OPTIONS = {
  baseTokenizer: 'whitespace' as const,
  lowercase: true,
  stem: false,
  removeStopWords: false,
  asciiFolding: false,
  // Positions keep phrase queries possible; at 100k chunks they cost ~40 % more build time, not query time
  // (scripts/bench/retrieval.ts: p95 8 ms either way; ingest 250 pages/s either way).
  withPosition: true,
  maxTokenLength: 64,
};

export interface DocMeta {
  documentId: string;
  title: string;
  category: string | null;
  isActive: boolean;
  fileType: string;
  /** the document's pages as extracted: the text of its page rows (page-table.ts); without them a page row is the passages starting on it */
  pages?: readonly SourcePage[];
}

/**
 * Bumped when the row layout changes: an index written with another layout is replaced at start and
 * every document indexed again from SQLite and the stored files (see openKnowledgeIndex).
 * 2: the hit's display fields in one `hit` column.
 * 3: the title is no longer part of every chunk's tokens; every clause is its own chunk.
 * 4: a term or date written with slashes ("1/2568") is also one token.
 * 5: the regulation's own name from its text (document-name.ts) travels with each hit and leaves the
 *    clause that states it, like the title.
 * 6: an announcement's numbered topics ("๑. คุณสมบัติของผู้สมัคร") are chunks of their own, headed by the topic.
 * 7: numbered clauses without ข้อ ("๘.") are clauses cited as ข้อ N, headed by the line their list follows; a
 *    split clause's pieces keep its opening words.
 * 8: a passage never spans a page break unless it is one whole clause: it is cited at the page its text is on; a
 *    split clause's pieces keep a long lead-in their list follows and the dotted sub-item headings above them.
 * 9: a second table, `pages` (page-table.ts): a row per page, its title field (file-name.ts) and its text as
 *    extracted, searched by the plain rankers as the backbone of the page order (page-window.ts); a page row holds
 *    the passage it is cited by (`hit`), so a page brought into the page order needs no read of its document.
 * 10: what a document attaches on pages of its own ("แนบท้ายประกาศ…", "ภาคผนวก ก", "กำหนดการ…") is headed by its own
 *    title, no longer cited as the last clause before it, and a document scanned behind another (a page opening with
 *    its title and subject) is no longer read as more of the first one's last clause (chunker.ts); a memo's subject is
 *    its name (document-name.ts).
 * 11: a list's last short item, right under a bare sibling line and over the next table row's text, stays an item
 *    of the list (its text) instead of a topic heading that row (chunker.ts).
 * 12: a curriculum's title block (programme, field, edition) is its name (document-name.ts).
 * 13: a clause numbered "ข้อที่ ๑" is a clause, cited as ข้อ ๑ (line-shapes.ts).
 * 14: ฯ ends the word it abbreviates instead of shredding it ("สาขาวิชาฯ" → สาขา, วิชา), in the words and the trigrams (tokens.ts).
 * 15: a whole clause running onto later pages keeps where each starts in its text (`laterPages`, passage-pages.ts):
 *    an answer cites the page its quoted words are on.
 * 16: a passage of prose (a curriculum's course list) that opens on a dotted sub-item keeps the dotted items above it as
 *    its headings, as a split clause's pieces do, and an item of up to 90 characters heads its children (a course's
 *    entry: code, Thai and English names, credits) (chunker.ts, clause-heads.ts).
 * 17: a split clause's pieces name a heading once where the clause's head is also the dotted item open above them (it
 *    was cited twice: "ตาม CS60 … 4.1 หลักสูตร 4.1 หลักสูตร") (chunker.ts).
 */
export const INDEX_LAYOUT = 17;

/** What a search hit shows: fixed when the chunk is written (an edit re-indexes the document). */
export interface HitPayload {
  documentId: string;
  title: string;
  fileType: string;
  ordinal: number;
  page: number;
  headingPath: string[];
  text: string;
  /** where the text's later pages start, when it runs onto them */
  laterPages?: LaterPages;
  /** the regulation's own name from its text, when it differs from the title */
  name?: string;
}

/**
 * One chunk. Columns that queries filter on or maintenance updates (documentId, category, isActive)
 * stand alone; the rest of what a hit shows (title, clause text, heading path, page, …) is one JSON
 * `hit` column, because LanceDB reads every selected column of every hit separately: at 100k chunks,
 * eight display columns cost ~3.7 ms CPU per search against ~1 ms for this one (scripts/bench/retrieval.ts).
 */
export interface ChunkRow {
  id: string;
  documentId: string;
  category: string | null;
  isActive: boolean;
  tokens: string;
  hit: string;
  vector?: number[];
}

export function chunkSchema(dimensions: number | null): Schema {
  const fields: Field[] = [
    new Field('id', new Utf8(), false),
    new Field('documentId', new Utf8(), false),
    new Field('category', new Utf8(), true),
    new Field('isActive', new Bool(), false),
    new Field(TOKENS_COLUMN, new Utf8(), false),
    new Field('hit', new Utf8(), false),
  ];
  if (dimensions) fields.push(new Field('vector', new FixedSizeList(dimensions, new Field('item', new Float32(), true)), true));
  return new Schema(fields);
}

/** What the embedder sees: heading path (title › หมวด › ข้อ) plus the clause text. */
export function indexedText(chunk: Chunk): string {
  return `${chunk.headingPath.join(' ')}\n${chunk.text}`;
}

/**
 * What the text index sees: the clause's own headings (หมวด › ข้อ) and text, without the document's
 * title. A title repeated in every chunk ranks every clause of a matching document alike (a law whose
 * 500 sections share one title ranked by its title); titles are their own field, scored at search time.
 */
export function lexicalText(chunk: Chunk, title: string): string {
  const path = chunk.headingPath[0] === title ? chunk.headingPath.slice(1) : chunk.headingPath;
  const text = withoutTitle(chunk.text, title);
  return `${path.join(' ')}\n${chunk.documentName ? withoutTitle(text, chunk.documentName) : text}`;
}

/**
 * The clause text with the document's own title taken out (a title page, "ข้อ ๑ ข้อบังคับนี้เรียกว่า
 * “…”"): otherwise the clause that merely names the document outranks the one that answers, for every
 * question that names the document. Line breaks inside the title may differ from how it was typed.
 */
function withoutTitle(text: string, title: string): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.join('').length < 20) return text; // a short title ("ค่าธรรมเนียม") is ordinary words
  // Only the title standing alone (whole lines, or quoted): the title opening a sentence ("สมชาย ใจดี
  // (เกิด …) เป็น…", an article about its subject) or inside one stays text.
  const body = words.map((w) => escapeStringRegexp(w)).join('\\s*');
  return text.replace(new RegExp(`(?:^|(?<=[“"']))${body}(?:$|(?=[”"']))`, 'gm'), ' ');
}

/** What a hit of this chunk shows (the `hit` column; a page row's citing passage, page-table.ts). */
export function hitPayload(meta: DocMeta, chunk: Chunk): HitPayload {
  return {
    documentId: meta.documentId,
    title: meta.title,
    fileType: meta.fileType,
    ordinal: chunk.ordinal,
    page: chunk.page,
    headingPath: chunk.headingPath,
    text: chunk.text,
    ...(chunk.laterPages ? { laterPages: chunk.laterPages } : {}),
    ...(chunk.documentName ? { name: chunk.documentName } : {}),
  };
}

export function toRow(meta: DocMeta, chunk: Chunk, vector: number[] | undefined, tokensOf: (text: string) => string = toIndexTokens): ChunkRow {
  const hit = hitPayload(meta, chunk);
  const row: ChunkRow = {
    id: `${meta.documentId}:${chunk.ordinal}`,
    documentId: meta.documentId,
    category: meta.category,
    isActive: meta.isActive,
    tokens: tokensOf(lexicalText(chunk, meta.title)),
    hit: JSON.stringify(hit),
  };
  if (vector) row.vector = vector;
  return row;
}

/** SQL string literal with quotes doubled: ids and categories come from users. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The rows of one document (both tables key their rows by `documentId`). */
export const documentFilter = (documentId: string): string => `\`documentId\` = ${sqlString(documentId)}`;

/**
 * One commit replaces (or, with no rows, removes) a document's rows in a table keyed by `id`: readers never see the
 * document half-written or missing.
 */
export async function replaceDocumentRows(table: lancedb.Table, documentId: string, rows: unknown[]): Promise<void> {
  if (rows.length === 0) await table.delete(documentFilter(documentId));
  else
    await table
      .mergeInsert('id')
      .whenMatchedUpdateAll()
      .whenNotMatchedInsertAll()
      .whenNotMatchedBySourceDelete({ where: documentFilter(documentId) })
      .execute(rows as Record<string, unknown>[]);
}

/** Which rows a search may return: active ones unless `includeInactive`, and of `categories` only when given. */
export interface SearchScope {
  categories?: string[];
  includeInactive?: boolean;
}

/** Prefilter applied inside the query (camelCase columns need backticks in DataFusion SQL). */
export function searchFilter(opts: SearchScope): string | null {
  const parts: string[] = [];
  if (!opts.includeInactive) parts.push('`isActive` = true');
  if (opts.categories) {
    if (opts.categories.length === 0) return 'false';
    parts.push(`\`category\` IN (${opts.categories.map(sqlString).join(', ')})`);
  }
  return parts.length > 0 ? parts.join(' AND ') : null;
}
