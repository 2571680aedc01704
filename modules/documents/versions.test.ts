// A new version of a document (issue 17 item 6): one document id, answers from the new text only, both
// versions listed and downloadable by admins, an interrupted replace repaired at start, and uploads that
// largely repeat an active document found (the fixture regulation as PDF and DOCX; not the calendar).
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { searchActive } from './active';
import { indexingIdle } from './indexer';
import { reconcileDocuments } from './reconcile';
import { nextVersionLabel } from './versions';
import { documents, documentVersions } from '../../tests/helpers/tables';
import { removeFromIndex } from '../knowledge/service';
import { runExtraction } from './extraction';
import { fixture, FIXTURES, multipartBody, categoryFor } from './testing/helpers';

let h: TestApp;
let admin: string;
let category: string;
beforeAll(async () => {
  h = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  admin = (await h.signIn('admin@example.ac.th', 'admin', { firstname: 'สมหญิง', lastname: 'ใจดี' })).cookie;
  category = await categoryFor(h.ctx);
});
afterAll(() => h.close());

const json = async (r: Response) => (await r.json()) as any;
const OLD = 'ข้อ ๑ องค์กรนักศึกษาต้องยื่นคำร้องขอใช้ลานกิจกรรมกลางล่วงหน้าไม่น้อยกว่า ๑๔ วัน\nข้อ ๒ ผู้ขอใช้ต้องทำความสะอาดหลังเลิกใช้';
const NEW = 'ข้อ ๑ องค์กรนักศึกษาต้องยื่นคำร้องขอใช้ลานกิจกรรมกลางล่วงหน้าไม่น้อยกว่า ๒๑ วัน\nข้อ ๒ ผู้ขอใช้ต้องทำความสะอาดหลังเลิกใช้';
const QUESTION = 'ขอใช้ลานกิจกรรมกลางต้องยื่นคำร้องล่วงหน้ากี่วัน';

// Each test's document leaves with it: search folds copies of one passage, so two documents with the
// same text would hide each other's hits.
const uploaded: string[] = [];
afterEach(async () => {
  for (const id of uploaded.splice(0)) await h.request(`/api/files/${id}/delete`, { method: 'DELETE', cookie: admin });
});

async function upload(file: string, contents: string): Promise<string> {
  const { body, headers } = multipartBody(file, fixture(file), { contents, category, fileName: 'ประกาศการใช้ลานกิจกรรม' });
  const res = await json(await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body }));
  await indexingIdle(h.ctx);
  uploaded.push(res.data.fileId);
  return res.data.fileId;
}

function replace(id: string, file: string, contents: string, cookie = admin) {
  const { body, headers } = multipartBody(file, fixture(file), { contents, fileName: '', category: null, fallbackContact: '' });
  return h.request(`/api/files/${id}/replace`, { method: 'POST', cookie, headers, body });
}

const chat = async (message: string) => json(await h.request('/api/chat', { json: { message, show_regulation: false, connection_id: crypto.randomUUID() } }));
// the tests share one library: each looks at its own document's hits
const texts = async (q: string, id: string) =>
  (await searchActive(h.ctx, q, { k: 50 }))
    .filter((hit) => hit.documentId === id)
    .map((hit) => hit.text)
    .join('\n');

describe('replace', () => {
  test('one document id, the new text answers and the old never again, both versions listed', async () => {
    const id = await upload('regulation.docx', OLD);
    expect((await chat(QUESTION)).text).toContain('๑๔ วัน');

    const res = await replace(id, 'regulation.pdf', NEW);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ fileId: id, version: 2, status: 'indexing' });
    // the old text is out of search before the answer comes back, even while the new one is indexed
    expect(await texts(QUESTION, id)).not.toContain('๑๔');
    await indexingIdle(h.ctx);

    const answer = await chat(QUESTION);
    expect(answer.text).toContain('๒๑ วัน');
    expect(answer.text).not.toContain('๑๔');
    expect(answer.references.map((r: any) => r.documentId)).toEqual([id]);
    expect((await h.ctx.db.select().from(documents)).filter((d) => d.id === id)).toHaveLength(1);

    const detail = await json(await h.request(`/api/files/${id}/get`, { cookie: admin }));
    // a blank name, category and contact keep the document's
    expect(detail.data).toMatchObject({ fileType: 'pdf', fileName: 'ประกาศการใช้ลานกิจกรรม', status: 'ready', categoryId: category });
    // the version label moves on with the file: the history's version 2 is not shown beside a label of 1.0.0 (an admin's
    // QA pass), and the edit form, which will not save 1.0.0, saves it as it is
    expect(detail.data.version).toBe('2.0.0');

    const versions = await json(await h.request(`/api/files/${id}/versions`, { cookie: admin }));
    expect(versions.data.map((v: any) => [v.number, v.fileName, v.current, v.uploadedBy])).toEqual([
      [2, 'regulation.pdf', true, 'สมหญิง ใจดี'],
      [1, 'regulation.docx', false, 'สมหญิง ใจดี'],
    ]);
    const paged = await json(await h.request(`/api/files/${id}/versions?limit=1`, { cookie: admin }));
    expect(paged.hasNext).toBe(true);
    const rest = await json(await h.request(`/api/files/${id}/versions?limit=1&cursor=${paged.nextCursor}`, { cookie: admin }));
    expect(rest.data.map((v: any) => v.number)).toEqual([1]);

    // admins download any version; the public link gives the current file only
    const v1 = await h.request(versions.data[1].downloadUrl, { cookie: admin });
    expect(new Uint8Array(await v1.arrayBuffer())).toEqual(fixture('regulation.docx'));
    expect((await h.request(versions.data[1].downloadUrl)).status).toBe(404);
    const current = await h.request(`/api/files/${id}/download`);
    expect(new Uint8Array(await current.arrayBuffer())).toEqual(fixture('regulation.pdf'));
  });

  test('a document never replaced lists its one version', async () => {
    const id = await upload('regulation.docx', OLD);
    const versions = await json(await h.request(`/api/files/${id}/versions`, { cookie: admin }));
    expect(versions.data).toHaveLength(1);
    expect(versions.data[0]).toMatchObject({ number: 1, fileName: 'regulation.docx', current: true, uploadedBy: 'สมหญิง ใจดี' });
    expect((await h.request(versions.data[0].downloadUrl, { cookie: admin })).status).toBe(200);
  });

  test('refusals: admins only, an unknown document, a wrong file type changes nothing', async () => {
    const id = await upload('regulation.docx', OLD);
    const user = (await h.signIn('u@example.ac.th', 'user')).cookie;
    expect((await replace(id, 'regulation.pdf', NEW, user)).status).toBe(403);
    expect((await h.request(`/api/files/${id}/versions`, { cookie: user })).status).toBe(403);
    expect((await replace('no-such-document', 'regulation.pdf', NEW)).status).toBe(404);
    expect((await replace(id, 'regulation.txt', NEW)).status).toBe(415);
    expect(await h.ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, id))).toEqual([]);
    expect(await texts(QUESTION, id)).toContain('๑๔');
  });

  test('interrupted after the switch: start-up repair indexes the new text and keeps the earlier file', async () => {
    const id = await upload('regulation.docx', OLD);
    expect((await replace(id, 'regulation.pdf', NEW)).status).toBe(200);
    await indexingIdle(h.ctx);
    // as a crash right after the transaction leaves it: 'indexing', no chunks in the index
    await h.ctx.db.update(documents).set({ status: 'indexing', chunkCount: 0 }).where(eq(documents.id, id));
    await removeFromIndex(h.ctx, id);
    const report = await reconcileDocuments(h.ctx);
    await indexingIdle(h.ctx);
    expect(report.requeued).toContain(id);
    const [v1] = await h.ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    expect(existsSync(join(h.ctx.paths.filesDir, v1!.storagePath))).toBe(true);
    expect(await texts(QUESTION, id)).toContain('๒๑ วัน');
    expect(await texts(QUESTION, id)).not.toContain('๑๔');
  });

  test('interrupted before the switch: the stray new file goes, the old version is indexed again', async () => {
    const id = await upload('regulation.docx', OLD);
    const row = (await h.ctx.db.select().from(documents).where(eq(documents.id, id)))[0]!;
    // as a crash after the new file was stored and the old chunks dropped, before the transaction
    const stray = join(h.ctx.paths.filesDir, id, 'stray-new-version.pdf');
    await Bun.write(stray, fixture('regulation.pdf'));
    await removeFromIndex(h.ctx, id);
    const report = await reconcileDocuments(h.ctx);
    await indexingIdle(h.ctx);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(join(h.ctx.paths.filesDir, row.storagePath))).toBe(true);
    expect(report.requeued).toContain(id);
    expect(await texts(QUESTION, id)).toContain('๑๔');
  });
});

describe('near-duplicate uploads', () => {
  const extracted = async (name: string) =>
    (await runExtraction(join(FIXTURES, name), name.endsWith('.pdf') ? 'pdf' : 'docx', 'off')).pages.map((p) => p.text).join('\n');

  test('the regulation PDF largely matches its DOCX; the calendar does not', async () => {
    const docx = await extracted('regulation.docx');
    const { body, headers } = multipartBody('regulation.docx', fixture('regulation.docx'), { contents: docx, category, fileName: 'ข้อบังคับกิจกรรม' });
    const id = (await json(await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body }))).data.fileId;
    await indexingIdle(h.ctx);
    const similar = async (contents: string) => (await json(await h.request('/api/files/similar', { json: { contents }, cookie: admin }))).data;
    const fromPdf = await similar(await extracted('regulation.pdf'));
    expect(fromPdf[0]).toMatchObject({ fileId: id, fileName: 'ข้อบังคับกิจกรรม' });
    expect(fromPdf[0].similarity).toBeGreaterThanOrEqual(90);
    expect(await similar(await extracted('real-cmu-academic-calendar-2568.pdf'))).toEqual([]);
    // an inactive document is not offered
    await h.request(`/api/files/${id}/status`, { method: 'PATCH', json: { isActive: false }, cookie: admin });
    expect(await similar(docx)).toEqual([]);
    expect((await h.request('/api/files/similar', { json: { contents: docx } })).status).toBe(401);
  }, 60_000);
});

test('a numbered version label moves to its next major number; a label of words is the admin’s', () => {
  expect(nextVersionLabel('1.0.0')).toBe('2.0.0');
  expect(nextVersionLabel('2.1')).toBe('3.0');
  expect(nextVersionLabel('7')).toBe('8');
  expect(nextVersionLabel('ฉบับแก้ไข ปี 2568')).toBe('ฉบับแก้ไข ปี 2568');
});
