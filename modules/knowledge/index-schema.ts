// Row layout of the LanceDB "chunks" table, the FTS settings, and SQL filter helpers.
import { Bool, Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";
import type { Chunk } from "./chunker.ts";
import { toIndexTokens } from "./tokens.ts";

export const TABLE_NAME = "chunks";
export const TOKENS_COLUMN = "tokens";

/** Pre-segmented tokens are split on spaces only; Thai must not be stemmed, folded or stop-worded by Lance. */
export const FTS_OPTIONS = {
  baseTokenizer: "whitespace" as const,
  lowercase: true,
  stem: false,
  removeStopWords: false,
  asciiFolding: false,
  // No phrase queries are made: positions only made the index ~2x slower to build and optimize.
  withPosition: false,
  maxTokenLength: 64,
};

export interface DocMeta { documentId: string; title: string; category: string | null; isActive: boolean; fileType: string }

export interface ChunkRow {
  id: string;
  documentId: string;
  title: string;
  category: string | null;
  isActive: boolean;
  fileType: string;
  ordinal: number;
  page: number;
  headingPath: string;
  text: string;
  tokens: string;
  vector?: number[];
}

export function chunkSchema(dimensions: number | null): Schema {
  const fields: Field[] = [
    new Field("id", new Utf8(), false),
    new Field("documentId", new Utf8(), false),
    new Field("title", new Utf8(), false),
    new Field("category", new Utf8(), true),
    new Field("isActive", new Bool(), false),
    new Field("fileType", new Utf8(), false),
    new Field("ordinal", new Int32(), false),
    new Field("page", new Int32(), false),
    new Field("headingPath", new Utf8(), false),
    new Field("text", new Utf8(), false),
    new Field(TOKENS_COLUMN, new Utf8(), false),
  ];
  if (dimensions) fields.push(new Field("vector", new FixedSizeList(dimensions, new Field("item", new Float32(), true)), true));
  return new Schema(fields);
}

/** What the lexical index sees: heading path (title › หมวด › ข้อ) plus the clause text. */
export function indexedText(chunk: Chunk): string {
  return `${chunk.headingPath.join(" ")}\n${chunk.text}`;
}

export function toRow(meta: DocMeta, chunk: Chunk, vector: number[] | undefined): ChunkRow {
  const row: ChunkRow = {
    id: `${meta.documentId}:${chunk.ordinal}`,
    documentId: meta.documentId,
    title: meta.title,
    category: meta.category,
    isActive: meta.isActive,
    fileType: meta.fileType,
    ordinal: chunk.ordinal,
    page: chunk.page,
    headingPath: JSON.stringify(chunk.headingPath),
    text: chunk.text,
    tokens: toIndexTokens(indexedText(chunk)),
  };
  if (vector) row.vector = vector;
  return row;
}

/** SQL string literal with quotes doubled: ids and categories come from users. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Prefilter applied inside the query (camelCase columns need backticks in DataFusion SQL). */
export function searchFilter(opts: { categories?: string[]; includeInactive?: boolean }): string | null {
  const parts: string[] = [];
  if (!opts.includeInactive) parts.push("`isActive` = true");
  if (opts.categories) {
    if (opts.categories.length === 0) return "false";
    parts.push(`\`category\` IN (${opts.categories.map(sqlString).join(", ")})`);
  }
  return parts.length > 0 ? parts.join(" AND ") : null;
}
