// Server-run drafting on saved turns, Stop before an answer starts, the template downloads and one
// references presentation: the routes our chat uses (docs/api.md "Conversations", "Assistant").
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { readSse } from '../../web/lib/sse';
import { addRegulation } from '../assistant/test-corpus';

const DRAFT_QUERY = 'ช่วยร่างบันทึกข้อความขออนุมัติจัดกิจกรรมวันไหว้ครู';
let app: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string };

beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(app.ctx);
  alice = await app.signIn('alice-draft@example.ac.th');
  bob = await app.signIn('bob-draft@example.ac.th');
});
afterAll(() => app.close());

async function json(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const res = await app.request(path, init);
  const body = (await res.json()) as { status: string; data?: any; message?: string; code?: string };
  return { status: res.status, body, data: body.data };
}

async function create(cookie: string, query: string, extra: Record<string, unknown> = {}) {
  return (await json('/api/conversations/create', { cookie, json: { query, ...extra } })).data as { conversationId: string; conversationDetailId: string };
}

async function lastRecord(cookie: string, conversationId: string) {
  return (await json(`/api/conversations/${conversationId}/messages`, { cookie })).data.records.at(-1);
}

describe('drafting on a saved turn', () => {
  test('the server drafts, stores text, type and DOCX link on the turn; the link works in another session, not for another user', async () => {
    const { conversationId, conversationDetailId } = await create(alice.cookie, DRAFT_QUERY);
    const res = await app.request(`/api/conversations/${conversationId}/details/${conversationDetailId}/draft`, {
      cookie: alice.cookie,
      headers: { accept: 'text/event-stream' },
      json: { document_type: 'internal_memo', with_sources: false },
    });
    const events = [];
    for await (const ev of readSse(res)) events.push(ev);
    const done = events.find((e) => e.event === 'done')!.data as Record<string, any>;
    expect(events[0].event).toBe('meta');
    expect(events.some((e) => e.event === 'token')).toBe(true);
    expect(done).toMatchObject({ conversationDetailId, document_type: 'internal_memo' });
    expect(done.text).toStartWith('บันทึกข้อความ');
    expect(done.downloadUrl).toMatch(/^\/api\/drafts\/[A-Za-z0-9_-]+\/download$/);

    const record = await lastRecord(alice.cookie, conversationId);
    expect(record).toMatchObject({ status: 'complete', response: done.text, documentType: 'internal_memo', downloadUrl: done.downloadUrl });

    // the same user signed in again (a new session) still downloads it; someone else gets a 404
    const again = await app.signIn('alice-draft@example.ac.th');
    const file = await app.request(done.downloadUrl, { cookie: again.cookie });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect((await app.request(done.downloadUrl, { cookie: bob.cookie })).status).toBe(404);
    expect((await json(`/api/conversations/${conversationId}/details/${conversationDetailId}/draft`, { cookie: bob.cookie, json: {} })).status).toBe(404);

    // answered already: only an explicit regenerate drafts again
    expect((await json(`/api/conversations/${conversationId}/details/${conversationDetailId}/draft`, { cookie: alice.cookie, json: {} })).status).toBe(409);

    // deleting the conversation removes its draft
    await json(`/api/conversations/${conversationId}/delete`, { method: 'DELETE', cookie: alice.cookie });
    await Bun.sleep(50);
    expect((await app.request(done.downloadUrl, { cookie: alice.cookie })).status).toBe(404);
  });

  test('the document type follows the question when the client does not say', async () => {
    const { conversationId, conversationDetailId } = await create(alice.cookie, 'ช่วยเขียนโครงการค่ายอาสาพัฒนาชนบท');
    const r = await json(`/api/conversations/${conversationId}/details/${conversationDetailId}/draft`, { cookie: alice.cookie, json: {} });
    expect(r.status).toBe(200);
    expect(r.data.document_type).toBe('student_activity_project');
    expect((await lastRecord(alice.cookie, conversationId)).documentType).toBe('student_activity_project');
  });
});

describe('Stop before the answer starts', () => {
  test('a cancel for the turn’s connection id marks the pending turn cancelled (only the owner’s)', async () => {
    const { conversationId } = await create(alice.cookie, 'ต้องยื่นโครงการล่วงหน้ากี่วัน', { connection_id: 'conn-alice-1' });
    expect((await lastRecord(alice.cookie, conversationId)).status).toBe('pending');
    // someone else's cancel with the same id changes nothing
    await json('/api/cancel', { cookie: bob.cookie, json: { connection_id: 'conn-alice-1' } });
    expect((await lastRecord(alice.cookie, conversationId)).status).toBe('pending');
    const r = await json('/api/cancel', { cookie: alice.cookie, json: { connection_id: 'conn-alice-1' } });
    expect(r.data.cancelled).toBe(true);
    expect((await lastRecord(alice.cookie, conversationId)).status).toBe('cancelled');
  });

  test('a cancel that arrives before the follow-up is stored leaves it cancelled, not pending', async () => {
    const { conversationId } = await create(alice.cookie, 'ต้องยื่นโครงการล่วงหน้ากี่วัน');
    await json('/api/cancel', { cookie: alice.cookie, json: { connection_id: 'conn-alice-2' } });
    const added = await json(`/api/conversations/${conversationId}/query`, {
      cookie: alice.cookie,
      json: { query: 'แล้วงบประมาณล่ะ', connection_id: 'conn-alice-2' },
    });
    expect(added.status).toBe(200);
    expect((await lastRecord(alice.cookie, conversationId)).status).toBe('cancelled');
  });
});

describe('templates and references', () => {
  test('the templates intent answers with working DOCX downloads of both templates', async () => {
    const r = await json('/api/chat', { json: { message: 'ขอแบบฟอร์ม', intent: 'templates' } });
    expect(r.status).toBe(200);
    const docs = r.body as unknown as { documents: Array<{ downloadUrl: string; fileType: string }>; accuracy: number };
    expect(docs.documents.map((d) => d.downloadUrl)).toEqual(['/api/templates/internal_memo/download', '/api/templates/student_activity_project/download']);
    for (const d of docs.documents) {
      const file = await app.request(d.downloadUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain('.docx');
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    }
    expect((await app.request('/api/templates/other/download')).status).toBe(400);
  });

  test('the templates intent on a saved turn is stored with its download links', async () => {
    const { conversationId, conversationDetailId } = await create(alice.cookie, 'ขอแบบฟอร์ม');
    const r = await json(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      cookie: alice.cookie,
      json: { intent: 'templates' },
    });
    expect(r.status).toBe(200);
    const record = await lastRecord(alice.cookie, conversationId);
    expect(record.documents.map((d: { downloadUrl: string }) => d.downloadUrl)).toContain('/api/templates/internal_memo/download');

    // A regenerate (e.g. after a reload: the client no longer knows the button) answers with the templates again.
    const again = await json(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      cookie: alice.cookie,
      json: { regenerate: true },
    });
    expect(again.status).toBe(200);
    expect(again.data.documents.map((d: { downloadUrl: string }) => d.downloadUrl)).toEqual([
      '/api/templates/internal_memo/download',
      '/api/templates/student_activity_project/download',
    ]);
    expect((await lastRecord(alice.cookie, conversationId)).response).toBe(record.response);
  });

  test('with references on, our chat gets them once (as a list), the spec clients’ text keeps its own list', async () => {
    const question = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
    const spec = await json('/api/chat', { json: { message: question, show_regulation: true } });
    expect(spec.body as any).toMatchObject({ fallback: false });
    expect((spec.body as any).text).toContain('อ้างอิง:');
    const ours = await json('/api/chat', { json: { message: question, show_regulation: true, inline_references: false } });
    expect((ours.body as any).text).not.toContain('อ้างอิง:');
    expect((ours.body as any).references.length).toBeGreaterThan(0);

    const { conversationId, conversationDetailId } = await create(alice.cookie, question, { show_regulation: true });
    const saved = await json(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      cookie: alice.cookie,
      json: { show_regulation: true },
    });
    expect(saved.data.text).not.toContain('อ้างอิง:');
    expect(saved.data.show_regulation).toBe(true);
    const record = await lastRecord(alice.cookie, conversationId);
    expect(record.show_regulation).toBe(true);
    expect(record.references.length).toBeGreaterThan(0);
  });
});

describe('a draft about a file attached earlier in the conversation', () => {
  test('"ช่วยทำบันทึกขออนุมัติโครงการนี้" after a question about an attached proposal drafts the memo about it', async () => {
    const form = new FormData();
    form.append('query', 'โครงการนี้ใช้งบประมาณเท่าไร');
    form.append(
      'files',
      new File([readFileSync(join(import.meta.dir, '../assistant/drafting/test-data/proposal-camp-nan.txt'))], 'proposal.txt', { type: 'text/plain' }),
    );
    const created = (await (await app.request('/api/conversations/create', { method: 'POST', body: form, cookie: alice.cookie })).json()) as any;
    const { conversationId, conversationDetailId } = created.data;
    expect((await app.request(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, { cookie: alice.cookie, json: {} })).status).toBe(
      200,
    );
    const added = await json(`/api/conversations/${conversationId}/query`, {
      cookie: alice.cookie,
      json: { query: 'ช่วยทำบันทึกขออนุมัติโครงการนี้', parentId: conversationDetailId },
    });
    const drafted = await json(`/api/conversations/${conversationId}/details/${added.data.conversationDetailId}/draft`, {
      cookie: alice.cookie,
      json: { document_type: 'internal_memo' },
    });
    expect(drafted.status).toBe(200);
    for (const part of ['เรื่อง ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท ครั้งที่ ๑๒', 'ระหว่างวันที่ ๑๕ – ๑๗ มกราคม ๒๕๖๘', '๓๐,๐๐๐ บาท']) expect(drafted.data.text).toContain(part);
  });
});
