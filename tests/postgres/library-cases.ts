// The library's read paths and its start-up repair in the conformance table (issue 36 step 1): the console's list
// (filters, search, cursors), the landing page's catalogue and its change signature, "looks like a document you
// have", the viewer's page of a text document, the demo-library count and the repair of rows whose file is gone;
// on SQLite and on Postgres. Each case inserts its own rows (other cases' rows stay: counts are taken before).
import { expect } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import type { AppContext } from '../../src/context';
import { listDocuments } from '../../modules/documents/list';
import { catalogSignature, listSupportedDocuments } from '../../modules/documents/catalog';
import { similarDocuments } from '../../modules/documents/similar';
import { viewableDocument, viewPage } from '../../modules/documents/viewer/service';
import { demoDocumentCount, loadDemoLibrary } from '../../modules/documents/demo';
import { reconcileDocuments } from '../../modules/documents/reconcile';
import { activeDocuments } from '../../modules/documents/active';
import { createCategory } from '../../modules/categories/service';
import { sketchOf } from '../../modules/extraction';
import { errorCode, type ServiceCase } from './service-cases';

interface Row {
  fileName: string;
  description?: string;
  fileType?: 'pdf' | 'docx' | 'txt';
  isActive?: boolean;
  status?: 'ready' | 'indexing' | 'failed';
  categoryId?: string | null;
  demo?: boolean;
  chunkCount?: number;
  createdAt?: Date;
  pages?: string[];
}

/** A document row (and its pages) straight into the tables: no file, no index. */
async function insertDocument(ctx: AppContext, r: Row): Promise<string> {
  const id = crypto.randomUUID();
  const at = r.createdAt ?? new Date();
  const { documents, documentPages } = ctx.tables;
  await ctx.db.insert(documents).values({
    id,
    fileName: r.fileName,
    description: r.description ?? '',
    rawFileName: `${r.fileName}.${r.fileType ?? 'pdf'}`,
    fileType: r.fileType ?? 'pdf',
    mimeType: 'application/octet-stream',
    fileSize: 100,
    storagePath: `${id}/file`,
    sha256: id,
    isActive: r.isActive ?? true,
    status: r.status ?? 'ready',
    categoryId: r.categoryId ?? null,
    demo: r.demo ?? false,
    chunkCount: r.chunkCount ?? 1,
    createdAt: at,
    updatedAt: at,
  });
  if (r.pages?.length) await ctx.db.insert(documentPages).values(r.pages.map((content, i) => ({ documentId: id, page: i + 1, content })));
  return id;
}

const tag = () => crypto.randomUUID().slice(0, 8);

export const libraryCases: ServiceCase[] = [
  {
    name: 'library list: newest first, filters, a case-insensitive literal search, cursors that walk every row once',
    async run(ctx) {
      const t = tag();
      const cat = await createCategory(ctx, `หมวด ${t}`);
      const base = Date.now() - 60_000;
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        ids.push(
          await insertDocument(ctx, {
            fileName: `ระเบียบ ${t} ${i}`,
            description: i === 3 ? `Dormitory rules 100%_${t}` : '',
            fileType: i % 2 ? 'docx' : 'pdf',
            isActive: i !== 5,
            categoryId: i < 4 ? cat.id : null,
            createdAt: new Date(base + i * 1000),
          }),
        );
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let n = 0; n < 5; n++) {
        const page = await listDocuments(ctx, { limit: 3, search: t, cursor });
        expect(page.total).toBe(7);
        seen.push(...page.data.map((d) => d.fileId));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual([...ids].reverse());
      expect((await listDocuments(ctx, { search: t, status: 'inactive' })).data.map((d) => d.fileId)).toEqual([ids[5]!]);
      expect((await listDocuments(ctx, { search: t, type: 'docx', limit: 10 })).total).toBe(3);
      expect((await listDocuments(ctx, { category: cat.id, limit: 10 })).data.map((d) => d.category)).toEqual(Array(4).fill(`หมวด ${t}`));
      // LIKE's wildcards are literal, and Latin letters match in either case on both databases
      expect((await listDocuments(ctx, { search: `DORMITORY RULES 100%_${t}` })).data.map((d) => d.fileId)).toEqual([ids[3]!]);
      expect((await listDocuments(ctx, { search: `100__${t}` })).total).toBe(0);
    },
  },
  {
    name: 'catalogue: active ready documents only; its signature changes with every write to documents or categories',
    async run(ctx) {
      const before = await catalogSignature(ctx);
      expect(await catalogSignature(ctx)).toBe(before);
      const total = (await listSupportedDocuments(ctx)).total;
      const t = tag();
      const id = await insertDocument(ctx, { fileName: `ประกาศ ${t}` });
      await insertDocument(ctx, { fileName: `ปิดอยู่ ${t}`, isActive: false });
      await insertDocument(ctx, { fileName: `กำลังทำ ${t}`, status: 'indexing' });
      const listed = await listSupportedDocuments(ctx, 50);
      expect(listed.total).toBe(total + 1);
      expect(listed.items.filter((d) => d.name.includes(t)).map((d) => [d.id, d.fileType])).toEqual([[id, 'pdf']]);
      const added = await catalogSignature(ctx);
      expect(added).not.toBe(before);
      const { documents } = ctx.tables;
      await ctx.db
        .update(documents)
        .set({ isActive: false, updatedAt: new Date(Date.now() + 5000) })
        .where(eq(documents.id, id));
      const edited = await catalogSignature(ctx);
      expect(edited).not.toBe(added);
      await createCategory(ctx, `ใหม่ ${t}`);
      expect(await catalogSignature(ctx)).not.toBe(edited);
    },
  },
  {
    name: 'similar: an active document with largely the same text is found, the one being replaced and inactive ones are not',
    async run(ctx) {
      const t = tag();
      const text = `ข้อ ๑ ${t} นักศึกษาต้องลงทะเบียนเรียนภายในกำหนด ข้อ ๒ การลาพักการศึกษาต้องยื่นคำร้องต่อคณะ ข้อ ๓ ค่าธรรมเนียมชำระตามประกาศมหาวิทยาลัย`;
      const same = await insertDocument(ctx, { fileName: `ระเบียบเดิม ${t}`, pages: [text.slice(0, 60), text.slice(60)] });
      const off = await insertDocument(ctx, { fileName: `ปิด ${t}`, isActive: false, pages: [text] });
      const found = await similarDocuments(ctx, sketchOf(text));
      expect(found.map((d) => d.fileId)).toContain(same);
      expect(found.map((d) => d.fileId)).not.toContain(off);
      expect(found.find((d) => d.fileId === same)!.similarity).toBeGreaterThanOrEqual(50);
      expect((await similarDocuments(ctx, sketchOf(text), { except: same })).map((d) => d.fileId)).not.toContain(same);
    },
  },
  {
    name: 'viewer and answers: a text document is viewable with its passage marked; an inactive one only by admins and never cited',
    async run(ctx) {
      const t = tag();
      const pages = [`หมวด ๑ บททั่วไป ${t}`, `ข้อ ๕ นักศึกษาลาป่วยได้ไม่เกินสิบห้าวัน ${t}`];
      const id = await insertDocument(ctx, { fileName: `ลา ${t}`, fileType: 'docx', pages });
      const off = await insertDocument(ctx, { fileName: `ลาเก่า ${t}`, fileType: 'docx', isActive: false, pages });
      const found = await viewableDocument(ctx, id, false);
      const { data } = await viewPage(ctx, found, { page: 2, from: 'นักศึกษาลาป่วย', to: 'สิบห้าวัน' });
      expect([data.pages, data.text, data.markedPages]).toEqual([2, pages[1]!, [2]]);
      expect(data.textMarks.length).toBe(1);
      expect(await errorCode(viewableDocument(ctx, off, false))).toBe('not_found');
      expect((await viewableDocument(ctx, off, true)).doc.id).toBe(off);
      expect([...(await activeDocuments(ctx, [id, off, 'missing', id])).keys()]).toEqual([id]);
    },
  },
  {
    name: 'demo library: counted by its flag; nothing loaded where it is not offered (the load itself: tests/postgres/app.test.ts)',
    async run(ctx) {
      const before = await demoDocumentCount(ctx);
      await insertDocument(ctx, { fileName: `ตัวอย่าง ${tag()}`, demo: true });
      expect(await demoDocumentCount(ctx)).toBe(before + 1);
      expect(await loadDemoLibrary(ctx)).toBe(0);
    },
  },
  {
    name: 'start-up repair: a half-made upload without its file is removed, an indexed document without it is failed and inactive',
    async run(ctx) {
      const t = tag();
      const half = await insertDocument(ctx, { fileName: `ครึ่ง ${t}`, status: 'indexing', chunkCount: 0 });
      const lost = await insertDocument(ctx, { fileName: `หาย ${t}` });
      const report = await reconcileDocuments(ctx, { requeue: false });
      expect(report.incompleteRowsRemoved).toContain(half);
      expect(report.missingFileRows).toContain(lost);
      const { documents } = ctx.tables;
      const rows = await ctx.db
        .select({ id: documents.id, status: documents.status, isActive: documents.isActive })
        .from(documents)
        .where(eq(documents.fileName, `หาย ${t}`));
      expect(rows).toEqual([{ id: lost, status: 'failed', isActive: false }]);
      expect(await ctx.db.select().from(documents).where(eq(documents.id, half))).toEqual([]);
    },
  },
  {
    name: 'documents: the duplicate check by sha256 is indexed (it scanned the table)',
    async run(ctx) {
      if (ctx.dialect === 'sqlite') {
        const plan = await queryRows<{ detail: string }>(ctx, sql`EXPLAIN QUERY PLAN SELECT id FROM documents WHERE sha256 = ${'x'}`);
        expect(plan.map((p) => p.detail).join(' ')).toContain('documents_sha256_idx');
      } else {
        const found = await queryRows<{ def: string }>(ctx, sql`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'documents_sha256_idx'`);
        expect(found.map((r) => r.def)).toEqual([expect.stringContaining('(sha256)')]);
      }
    },
  },
];
