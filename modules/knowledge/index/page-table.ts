// The index's second table: one row per page of a document (the passages that start on it, with the document's
// title as a field when it says what the document is: file-name.ts), searched with the plain rankers alone. Whole
// pages are what the plain rankers are good at: over real_dev's pages, BM25 over words and over character
// trigrams fused reach a page MRR@10 of 0.78, over the index's passages (clauses, list items) only 0.70. The
// product's page order is held near this one (page-window.ts), so what the passage-level evidence does can move
// a page only a bounded number of places.
//
// A page is the unit the passages are cited by (SearchHit.page: where a passage starts), so the page rows are built
// from the passages: a page is the text of the passages that start on it. Written, switched and removed with the
// document's passages, on the same write chain; the table has its own text index and maintenance.
import type * as lancedb from '@lancedb/lancedb';
import { Bool, Field, Int32, Schema, Utf8 } from 'apache-arrow';
import type { Chunk } from './chunker.ts';
import { documentFilter, FTS_OPTIONS, hitPayload, lexicalText, replaceDocumentRows, type SearchScope, TOKENS_COLUMN, type DocMeta } from './index-schema.ts';
import { pagesOfTheirOwn } from './page-window.ts';
import { plainTerms } from '../scoring/plain-fusion.ts';
import { toIndexTokens } from './tokens.ts';
import { titleField } from './file-name.ts';
import { indexMaintenance, type IndexMaintenance, type MaintenanceOptions } from './index-maintenance.ts';
import { cachedLexicalSearch, type LexicalOptions, type LexicalSearch } from './lexical-search.ts';

export const PAGE_TABLE_NAME = 'pages';

export interface PageRow {
  id: string;
  documentId: string;
  page: number;
  category: string | null;
  isActive: boolean;
  /** how many of the document's passages start on the page (page-window.ts: a page of one passage is that passage) */
  passages: number;
  tokens: string;
  /** the passage the page is cited by (HitPayload JSON): the first starting on it, else the one running on to it */
  hit: string;
}

/** A page of the index: which document, which page (1-based, as SearchHit.page). */
export interface RankedPage {
  documentId: string;
  page: number;
  /** how many passages start on it, where the page table says */
  passages?: number;
  /** the passage it is cited by (HitPayload JSON), where the page table says */
  hit?: string;
}

export function pageSchema(): Schema {
  return new Schema([
    new Field('id', new Utf8(), false),
    new Field('documentId', new Utf8(), false),
    new Field('page', new Int32(), false),
    new Field('category', new Utf8(), true),
    new Field('isActive', new Bool(), false),
    new Field('passages', new Int32(), false),
    new Field(TOKENS_COLUMN, new Utf8(), false),
    new Field('hit', new Utf8(), false),
  ]);
}

/**
 * The document's pages as rows: each page is its title field (its file name when that says what it is, else its own
 * name read from its text: document-name.ts) and its text as extracted (the plain rankers' page,
 * read whole: built from the passages that start on it instead, a page loses the clause running on from the page
 * before, and the fusion's page MRR@10 on real_dev's union fell 0.78 -> 0.71); without the pages, the passages
 * starting on each page.
 */
export function pageRows(meta: DocMeta, chunks: Chunk[], tokensOf: (text: string) => string = toIndexTokens): PageRow[] {
  if (chunks.length === 0) return [];
  const texts = new Map<number, string[]>();
  const add = (page: number, text: string) => texts.set(page, [...(texts.get(page) ?? []), text]);
  if (meta.pages) {
    for (const p of meta.pages) if (p.text.trim()) add(p.page, p.text);
  } else for (const c of [...chunks].sort((a, b) => a.ordinal - b.ordinal)) add(c.page, lexicalText(c, meta.title));
  // a file name that says nothing ("scan_0012.pdf", "25-08-2563.pdf") leaves the document's own name to say what it is
  const title = titleField(meta.title) || (chunks.find((c) => c.documentName)?.documentName ?? '');
  const starting = new Map<number, number>();
  for (const c of chunks) starting.set(c.page, (starting.get(c.page) ?? 0) + 1);
  const ordered = [...chunks].sort((a, b) => a.ordinal - b.ordinal);
  const first = new Map<number, Chunk>();
  for (const c of ordered) if (!first.has(c.page)) first.set(c.page, c);
  // cited by its first passage; a page no passage starts on by the passage running on to it (else the first)
  const citing = (page: number) => first.get(page) ?? ordered.findLast((c) => c.page < page) ?? ordered[0]!;
  return [...texts].map(([page, parts]) => ({
    id: `${meta.documentId}#${page}`,
    documentId: meta.documentId,
    page,
    category: meta.category,
    isActive: meta.isActive,
    passages: starting.get(page) ?? 0,
    tokens: tokensOf(`${title}\n${parts.join('\n')}`),
    hit: JSON.stringify({ ...hitPayload(meta, citing(page)), page }),
  }));
}

export interface PageTable {
  /** Replaces (or, with no rows, removes) a document's pages (`pageRows`). On the caller's write chain. */
  write(documentId: string, rows: PageRow[]): Promise<void>;
  /** Many new documents' pages in one append (none of them may have pages yet). */
  append(rows: PageRow[]): Promise<void>;
  remove(documentId: string): Promise<void>;
  update(documentId: string, valuesSql: Record<string, string>): Promise<void>;
  /** How many pages the table holds, and how many of them are one passage (page-window.ts); known between writes. */
  shape(): Promise<PageShape>;
  /** The first `k` pages matching `terms` (index tokens) by BM25 in `scope`. */
  search(terms: string, scope: SearchScope, k: number): Promise<RankedPage[]>;
  /** The pages by BM25 over the question's words and over its trigrams, `k` of each; none where the pages are the passages (page-window.ts pagesOfTheirOwn). */
  plainLists(query: string, opts: SearchScope & { k?: number }): Promise<[RankedPage[], RankedPage[]]>;
  readonly lexical: LexicalSearch;
  readonly maintenance: IndexMaintenance;
}

type Row = Record<string, unknown>;

export interface PageShape {
  pages: number;
  /** pages on which exactly one passage starts */
  onePassage: number;
}
// The pages are searched by the plain rankers' term lists alone, never by phrase: their text index keeps no
// positions (which cost ~40 % more build time: index-schema.ts FTS_OPTIONS).
const PAGE_FTS_OPTIONS = { ...FTS_OPTIONS, withPosition: false };
// Another process writing the same index is seen within this time (as lexical-search.ts's results).
const SHAPE_MAX_AGE_MS = 5_000;

export function pageTable(
  table: lancedb.Table,
  serialized: <T>(fn: () => Promise<T>) => Promise<T>,
  opts: MaintenanceOptions = {},
  held: LexicalOptions = {},
): PageTable {
  const maintenance = indexMaintenance(table, serialized, opts, PAGE_FTS_OPTIONS);
  const lexical = cachedLexicalSearch(table, ['documentId', 'page', 'passages', 'hit'], held);
  let shape: { at: number; shape: Promise<PageShape> } | null = null;
  return {
    lexical,
    maintenance,
    shape() {
      const now = performance.now();
      if (!shape || now - shape.at >= SHAPE_MAX_AGE_MS) {
        const counted = Promise.all([table.countRows(), table.countRows('`passages` = 1')]).then(([pages, onePassage]) => ({ pages, onePassage }));
        shape = { at: now, shape: counted };
        counted.catch(() => (shape = null));
      }
      return shape.shape;
    },
    async write(documentId, rows) {
      shape = null;
      const replacing = (await table.countRows(documentFilter(documentId))) > 0;
      if (!replacing) {
        if (rows.length > 0) await table.add(rows as unknown as Row[]);
      } else await replaceDocumentRows(table, documentId, rows);
      await maintenance.afterWrite({ deleted: replacing });
    },
    async append(rows) {
      shape = null;
      if (rows.length > 0) await table.add(rows as unknown as Row[]);
      await maintenance.afterWrite();
    },
    async remove(documentId) {
      shape = null;
      await table.delete(documentFilter(documentId));
      await maintenance.afterWrite({ deleted: true });
    },
    async update(documentId, valuesSql) {
      await table.update({ where: documentFilter(documentId), valuesSql });
      await maintenance.afterWrite();
    },
    async search(terms, scope, k) {
      if (!terms) return [];
      return (await lexical(terms, scope, k)).map((r) => ({
        documentId: r.documentId as string,
        page: Number(r.page),
        passages: Number(r.passages),
        hit: r.hit as string,
      }));
    },
    async plainLists(query, opts) {
      if (!pagesOfTheirOwn(await this.shape())) return [[], []];
      const k = Math.max(1, Math.min(opts.k ?? 10, 1000));
      const { words, grams } = plainTerms(query);
      return Promise.all([this.search(words, opts, k), this.search(grams, opts, k)]);
    },
  };
}
