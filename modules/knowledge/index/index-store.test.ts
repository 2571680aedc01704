import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as lancedb from '@lancedb/lancedb';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { noEmbedder, type Embedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';
import { INDEX_LAYOUT, TABLE_NAME } from './index-schema.ts';

const regulation = readFileSync(join(import.meta.dir, '../../../../shared/fixtures/docs/regulation.txt'), 'utf8');
const REG = { documentId: 'reg', title: 'ข้อบังคับการจัดกิจกรรม', category: 'activity', isActive: true, fileType: 'pdf' };
const FEES = { documentId: 'fees', title: 'ประกาศค่าธรรมเนียม', category: 'finance', isActive: true, fileType: 'docx' };
const feesText = 'ข้อ ๑ ค่าธรรมเนียมการลงทะเบียนเรียนภาคปกติ หน่วยกิตละ ๕๐๐ บาท\nข้อ ๒ นักศึกษาที่ชำระค่าธรรมเนียมล่าช้า ต้องชำระค่าปรับวันละ ๕๐ บาท ไม่เกิน ๑,๕๐๐ บาท';

let dir: string;
let index: KnowledgeIndex;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askreg-index-'));
  index = await openKnowledgeIndex(dir, noEmbedder);
  await index.indexDocument(REG, chunkDocument({ title: REG.title, pages: [{ page: 1, text: regulation }] }));
  await index.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 2, text: feesText }] }));
});
afterAll(async () => {
  await index.close();
  await rm(dir, { recursive: true, force: true });
});

const top = async (q: string, opts?: Parameters<KnowledgeIndex['search']>[1]) => (await index.search(q, opts))[0];

describe('knowledge index (lexical)', () => {
  test('finds the right clause for Thai questions', async () => {
    expect((await top('ต้องเสนอโครงการล่วงหน้ากี่วัน'))!.headingPath.at(-1)).toBe('ข้อ ๕');
    expect((await top('งบประมาณเกินหนึ่งแสนบาทใครเป็นผู้อนุมัติ'))!.headingPath.at(-1)).toBe('ข้อ ๖');
    expect((await top('ไปค้างคืนต้องมีหนังสือยินยอมจากผู้ปกครองไหม'))!.headingPath.at(-1)).toBe('ข้อ ๘');
    expect((await top('จ่ายค่าธรรมเนียมช้าเสียค่าปรับเท่าไร'))!.documentId).toBe('fees');
    const hit = (await top('ชมรมได้งบสูงสุดกี่บาทต่อโครงการ'))!;
    expect(hit.headingPath.at(-1)).toBe('ข้อ ๗');
    expect(hit.lexicalScore).toBeGreaterThan(0);
    expect(hit.page).toBe(1);
    expect(hit.fileType).toBe('pdf');
  });

  test('clause numbers match in Thai or Arabic digits', async () => {
    const hits = await index.search('ข้อ 9 รายงานผล');
    expect(hits[0].headingPath.at(-1)).toBe('ข้อ ๙');
  });

  test('inactive documents never appear, and reappear after re-activation', async () => {
    await index.setActive('reg', false);
    for (const q of ['ต้องเสนอโครงการล่วงหน้ากี่วัน', 'ข้อบังคับ', 'อธิการบดี', 'กิจกรรม']) {
      const hits = await index.search(q, { k: 50 });
      expect(hits.every((h) => h.documentId !== 'reg')).toBe(true);
    }
    expect((await index.search('กิจกรรม', { includeInactive: true })).some((h) => h.documentId === 'reg')).toBe(true);
    await index.setActive('reg', true);
    expect((await top('ต้องเสนอโครงการล่วงหน้ากี่วัน'))!.documentId).toBe('reg');
  });

  test('category filter is applied inside the query', async () => {
    const hits = await index.search('นักศึกษา', { categories: ['finance'], k: 50 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.category === 'finance')).toBe(true);
    expect(await index.search('นักศึกษา', { categories: [] })).toEqual([]);
    await index.setCategory('fees', "money's");
    expect((await index.search('ค่าปรับ', { categories: ["money's"] }))[0].documentId).toBe('fees');
    await index.setCategory('fees', null);
    expect((await index.search('ค่าปรับ'))[0].category).toBeNull();
    expect(await index.search('ค่าปรับ', { categories: ['finance'] })).toEqual([]);
  });

  test('queries with odd characters never throw', async () => {
    const odd = [`"ข้อ ๕" AND (โครงการ OR`, "'; DROP TABLE chunks; --", 'ค่าปรับ*?~^:\\', '((()))', '', '   ', '😀 ข้อ', 'NOT', "documentId = 'reg'"];
    for (const q of odd) expect(Array.isArray(await index.search(q))).toBe(true);
  });

  test("a document's passages are read in their order, and an unknown document has none", async () => {
    const passages = await index.documentPassages('fees');
    expect(passages.map((p) => p.headingPath.at(-1))).toEqual(['ข้อ ๑', 'ข้อ ๒']);
    expect(passages[1]).toMatchObject({ documentId: 'fees', title: FEES.title, chunkOrdinal: 1, page: 2 });
    expect(await index.documentPassages('none')).toEqual([]);
  });

  test('re-indexing replaces the previous chunks; removeDocument removes', async () => {
    const before = await index.count();
    await index.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 1, text: 'ข้อ ๑ ค่าบำรุงห้องสมุดภาคละ ๓๐๐ บาท' }] }));
    expect((await index.search('ค่าปรับ ล่าช้า', { k: 50 })).some((h) => h.documentId === 'fees' && h.text.includes('ค่าปรับ'))).toBe(false);
    expect((await top('ค่าบำรุงห้องสมุด'))!.documentId).toBe('fees');
    expect(await index.count()).toBe(before - 1); // two clauses (two chunks) replaced by one
    await index.removeDocument('fees');
    expect((await index.search('ค่าบำรุงห้องสมุด', { k: 50 })).some((h) => h.documentId === 'fees')).toBe(false);
    expect(await index.documentIds()).toEqual(['reg']);
    expect((await index.health()).ok).toBe(true);
  });

  test('optimize keeps results and rows written after it are searchable at once', async () => {
    await index.optimize();
    await index.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 1, text: feesText }] }));
    expect((await top('ค่าปรับวันละ'))!.documentId).toBe('fees');
    expect((await top('ต้องเสนอโครงการล่วงหน้ากี่วัน'))!.headingPath.at(-1)).toBe('ข้อ ๕');
  });
});

describe('text index maintenance', () => {
  test('after writes settle, new rows are folded in and the text index is rebuilt in one piece; searches keep working throughout', async () => {
    const d = await mkdtemp(join(tmpdir(), 'askreg-maint-'));
    const idx = await openKnowledgeIndex(d, noEmbedder, { rebuildQuietMs: 300 });
    try {
      await idx.indexDocument(REG, chunkDocument({ title: REG.title, pages: [{ page: 1, text: regulation }] }));
      await idx.optimize();
      expect(await idx.health()).toMatchObject({ ok: true, unindexedRows: 0, rebuildPending: false });
      // a new document, then a replaced one and a removal: rows outside the index, tombstones inside
      await idx.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 2, text: feesText }] }));
      expect((await idx.health()).unindexedRows).toBeGreaterThan(0);
      await idx.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 3, text: feesText }] }));
      await idx.indexDocument(
        { ...FEES, documentId: 'old' },
        chunkDocument({ title: 'ประกาศเก่า', pages: [{ page: 1, text: 'ข้อ ๑ ประกาศนี้ยกเลิกแล้ว ค่าบำรุงสนามกีฬา' }] }),
      );
      await idx.removeDocument('old');
      const seen: string[] = [];
      const deadline = Date.now() + 20_000;
      for (;;) {
        // searching all along: a rebuild never makes a search fail or lose a document
        seen.push((await idx.search('ค่าปรับวันละ'))[0]!.documentId, (await idx.search('ต้องเสนอโครงการล่วงหน้ากี่วัน'))[0]!.documentId);
        const h = await idx.health();
        if (h.unindexedRows === 0 && h.rebuildPending === false) break;
        if (Date.now() > deadline) throw new Error(`maintenance did not finish: ${JSON.stringify(h)}`);
        await Bun.sleep(50);
      }
      expect(new Set(seen)).toEqual(new Set(['fees', 'reg']));
      expect((await idx.search('ค่าปรับวันละ'))[0]).toMatchObject({ documentId: 'fees', page: 3 });
      expect((await idx.search('ค่าบำรุงสนามกีฬา', { k: 50 })).some((h) => h.documentId === 'old')).toBe(false);
      expect(await idx.documentIds()).toEqual(['fees', 'reg']);
    } finally {
      await idx.close();
      await rm(d, { recursive: true, force: true });
    }
  });
});

describe('row cache of the lexical search', () => {
  test('repeated questions are served from cached rows, yet every change shows at once', async () => {
    const d = await mkdtemp(join(tmpdir(), 'askreg-rowcache-'));
    const idx = await openKnowledgeIndex(d, noEmbedder);
    try {
      await idx.indexDocument(REG, chunkDocument({ title: REG.title, pages: [{ page: 1, text: regulation }] }));
      await idx.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 1, text: feesText }] }));
      await idx.optimize();
      const ask = async () => (await idx.search('ค่าปรับวันละ'))[0]!;
      for (let i = 0; i < 30; i++) expect((await ask()).documentId).toBe('fees'); // warm: the id-first path is taken now
      // new text for the same document and clause number
      await idx.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 4, text: feesText.replace('๕๐ บาท', '๗๕ บาท') }] }));
      expect(await ask()).toMatchObject({ documentId: 'fees', page: 4 });
      expect((await ask()).text).toContain('๗๕ บาท');
      await idx.setCategory('fees', 'money');
      expect((await ask()).category).toBe('money');
      await idx.optimize(); // compaction gives rows new ids
      expect((await ask()).text).toContain('๗๕ บาท');
      await idx.setActive('fees', false);
      expect((await idx.search('ค่าปรับวันละ', { k: 50 })).some((h) => h.documentId === 'fees')).toBe(false);
      await idx.setActive('fees', true);
      expect(await ask()).toMatchObject({ documentId: 'fees', category: 'money', page: 4 });
      await idx.removeDocument('fees');
      expect((await idx.search('ค่าปรับวันละ', { k: 50 })).some((h) => h.documentId === 'fees')).toBe(false);
    } finally {
      await idx.close();
      await rm(d, { recursive: true, force: true });
    }
  });
});

describe('embedder change', () => {
  test('reopening with another embedder reports needsReindex and starts empty', async () => {
    const d = await mkdtemp(join(tmpdir(), 'askreg-reindex-'));
    try {
      const first = await openKnowledgeIndex(d, noEmbedder);
      expect(first.needsReindex).toBe(false);
      await first.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 1, text: feesText }] }));
      await first.close();
      const same = await openKnowledgeIndex(d, noEmbedder);
      expect(same.needsReindex).toBe(false);
      expect(await same.count()).toBeGreaterThan(0);
      await same.close();
      const fake: Embedder = {
        id: 'fake:2',
        dimensions: 2,
        embedQueries: async (t) => t.map(() => [1, 0]),
        embedPassages: async (t) => t.map(() => [0.6, 0.8]),
      };
      const changed = await openKnowledgeIndex(d, fake);
      expect(changed.needsReindex).toBe(true);
      expect(await changed.count()).toBe(0);
      await changed.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 1, text: feesText }] }));
      const hits = await changed.search('ค่าปรับ');
      expect(hits[0].documentId).toBe('fees');
      expect(hits[0].vectorScore).toBeCloseTo(0.6, 5);
      await changed.close();
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });
});

describe('row layout change', () => {
  test('an index written with the earlier layout (one column per display field) is replaced, and a reindex is asked for', async () => {
    const d = await mkdtemp(join(tmpdir(), 'askreg-layout-'));
    try {
      const db = await lancedb.connect(d);
      const old = {
        id: 'fees:0',
        documentId: 'fees',
        title: FEES.title,
        category: 'finance',
        isActive: true,
        fileType: 'docx',
        ordinal: 0,
        page: 1,
        headingPath: '[]',
        text: feesText,
        tokens: 'ค่าปรับ',
      };
      (await db.createTable('chunks', [old])).close();
      db.close();
      await writeFile(join(d, 'knowledge-index.json'), JSON.stringify({ embedderId: noEmbedder.id, dimensions: null }));
      const opened = await openKnowledgeIndex(d, noEmbedder);
      expect(opened.needsReindex).toBe(true);
      expect(await opened.count()).toBe(0);
      await opened.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 3, text: feesText }] }));
      const hit = (await opened.search('ค่าปรับ'))[0];
      expect(hit).toMatchObject({ documentId: 'fees', title: FEES.title, category: 'finance', fileType: 'docx', page: 3 });
      expect(hit.text).toContain('ค่าปรับ');
      await opened.close();
      expect(JSON.parse(readFileSync(join(d, 'knowledge-index.json'), 'utf8')).layout).toBe(INDEX_LAYOUT);
      const again = await openKnowledgeIndex(d, noEmbedder);
      expect(again.needsReindex).toBe(false);
      await again.close();
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });
});

describe('interrupted creation', () => {
  test('a table left without a single version (process killed while creating it) is replaced, and a reindex is asked for', async () => {
    const d = await mkdtemp(join(tmpdir(), 'askreg-half-'));
    try {
      // What a SIGKILL between the table's first files and its first manifest leaves: listed, not openable.
      await mkdir(join(d, 'chunks.lance', '_versions'), { recursive: true });
      await mkdir(join(d, 'chunks.lance', 'data'), { recursive: true });
      const opened = await openKnowledgeIndex(d, noEmbedder);
      expect(opened.needsReindex).toBe(true);
      expect(await opened.count()).toBe(0);
      await opened.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 1, text: feesText }] }));
      await opened.optimize();
      expect((await opened.search('ค่าปรับ'))[0].documentId).toBe('fees');
      await opened.close();
      const again = await openKnowledgeIndex(d, noEmbedder);
      expect(again.needsReindex).toBe(false);
      expect(await again.count()).toBeGreaterThan(0);
      await again.close();
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });
});

describe('page table layout', () => {
  test('an index from before the page table (layout 8) is replaced at start and a reindex is asked for; pages are searched after it', async () => {
    const d = await mkdtemp(join(tmpdir(), 'askreg-pages-'));
    try {
      const first = await openKnowledgeIndex(d, noEmbedder);
      await first.indexDocument(FEES, chunkDocument({ title: FEES.title, pages: [{ page: 2, text: feesText }] }));
      await first.close();
      // what an index of layout 8 left: its chunks, no page table, the older layout in its meta file
      const db = await lancedb.connect(d);
      await db.dropTable('pages');
      db.close();
      await writeFile(join(d, 'knowledge-index.json'), JSON.stringify({ embedderId: noEmbedder.id, dimensions: null, layout: 8 }));
      const opened = await openKnowledgeIndex(d, noEmbedder);
      expect(opened.needsReindex).toBe(true);
      expect(await opened.count()).toBe(0);
      await opened.indexDocument({ ...FEES, pages: [{ page: 2, text: feesText }] }, chunkDocument({ title: FEES.title, pages: [{ page: 2, text: feesText }] }));
      await opened.optimize();
      const [words, grams] = await opened.searchPages('ค่าปรับ');
      expect(words[0]).toMatchObject({ documentId: 'fees', page: 2 });
      expect(grams[0]).toMatchObject({ documentId: 'fees', page: 2 });
      await opened.close();
      expect(JSON.parse(readFileSync(join(d, 'knowledge-index.json'), 'utf8')).layout).toBe(INDEX_LAYOUT);
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });
});

test("INDEX_MEMORY_MB 0: every search is LanceDB's full-text search; by default the tables are held and answer once read", async () => {
  // LanceDB's full-text queries of every table, counted (the index keeps its tables to itself)
  const probe = await (await lancedb.connect(dir)).openTable(TABLE_NAME);
  const proto = Object.getPrototypeOf(probe) as { query: () => lancedb.Query };
  const query = proto.query;
  let searches = 0;
  proto.query = function (this: unknown) {
    const q = query.call(this);
    const fts = q.fullTextSearch.bind(q);
    q.fullTextSearch = (...args: Parameters<typeof fts>) => (searches++, fts(...args));
    return q;
  };
  try {
    for (const [heldMemoryMb, onDisk] of [
      [0, true],
      [undefined, false],
    ] as const) {
      const other = await openKnowledgeIndex(dir, noEmbedder, heldMemoryMb === undefined ? {} : { heldMemoryMb });
      await other.search('ค่าธรรมเนียม');
      await other.settled();
      const before = searches;
      expect((await other.search('จ่ายค่าธรรมเนียมช้าเสียค่าปรับเท่าไร'))[0]!.documentId).toBe('fees');
      await other.searchPages('ค่าปรับ', { k: 5 });
      expect(searches > before).toBe(onDisk);
      await other.close();
    }
  } finally {
    proto.query = query;
  }
});
