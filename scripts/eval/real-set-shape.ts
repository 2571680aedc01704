// What the tests of the real question sets (real_more, real_extra) check alike: a set's CATALOGUE.md read as rows,
// and the fields every question has by its kind (../shared/eval/real_dev/README.md), each gold place in its library
// with a page its document has (the catalogue's page count, so no document is needed).
import { expect } from 'bun:test';
import { catalogueTable } from './catalogue';

export type Catalogued = { pages: number; blob: string };

/** A set's CATALOGUE.md rows by library and file: the page count and the abbreviated git blob of each file. */
export function catalogueRows(root: string): Map<string, Map<string, Catalogued>> {
  const byLibrary = new Map<string, Map<string, Catalogued>>();
  for (const row of catalogueTable(root)) {
    if (!byLibrary.has(row.library)) byLibrary.set(row.library, new Map());
    byLibrary.get(row.library)!.set(row.file, { pages: row.pages, blob: row.blob });
  }
  return byLibrary;
}

const TYPES = ['number_date_amount', 'table_row', 'person', 'list', 'yes_no', 'open'];
type Place = { file: string; page?: number | null };

/**
 * One question's fields by its kind, each id once (`ids`), and every gold, also_gold and conflicts place in `files`
 * on a page its document has (`pages` of a file, undefined when not catalogued).
 */
// biome-ignore lint/suspicious/noExplicitAny: a parsed JSONL line, checked field by field here
export function expectQuestionShape(q: any, ids: Set<string>, files: Set<string>, pages: (file: string) => number | undefined): void {
  const place = (p: Place) => {
    expect(files.has(p.file)).toBe(true);
    if (p.page == null) return;
    expect(Number.isInteger(pages(p.file))).toBe(true);
    expect(Number.isInteger(p.page) && p.page >= 1).toBe(true);
    expect(p.page).toBeLessThanOrEqual(pages(p.file)!);
  };
  expect(ids.has(q.id)).toBe(false);
  ids.add(q.id);
  expect(typeof q.text === 'string' && q.text.trim().length > 0).toBe(true);
  expect(['answer', 'near_miss', 'off_topic']).toContain(q.kind);
  expect(q.id.includes(`-${q.kind[0]}-`)).toBe(true);
  expect(typeof q.note).toBe('string');
  if (q.kind !== 'answer') return;
  place({ file: q.gold_file, page: q.gold_page });
  expect(q.gold_page).toBeGreaterThanOrEqual(1);
  expect(q.gold_clause === null || /^ข้อ \d+$/.test(q.gold_clause)).toBe(true);
  expect(q.answer_keywords.length).toBeGreaterThanOrEqual(1);
  expect(q.answer_keywords.length).toBeLessThanOrEqual(3);
  expect(['close', 'far']).toContain(q.paraphrase);
  expect(TYPES).toContain(q.question_type);
  if (q.question_type === 'yes_no') expect(['yes', 'no', 'conditional']).toContain(q.expected_yes_no);
  expect(['scan', 'text']).toContain(q.source_type);
  for (const k of Object.keys(q.answer_keyword_alternatives ?? {})) expect(q.answer_keywords).toContain(k);
  for (const g of [...(q.also_gold ?? []), ...(q.conflicts ?? [])]) place(g);
}
