import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { eq } from 'drizzle-orm';
import { conversationDetails } from '../../tests/helpers/tables';

let t: TestApp;
let alice: string;
let bob: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ CONVERSATION_TURNS_PER_MINUTE: '1000' }); // one test saves 53 turns at once
  alice = (await t.signIn('alice@example.ac.th')).cookie;
  bob = (await t.signIn('bob@example.ac.th')).cookie;
  admin = (await t.signIn('boss@example.ac.th', 'admin')).cookie;
});
afterAll(() => t.close());

async function call(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const res = await t.request(path, init);
  const body = (await res.json()) as { status: string; data?: any; message?: string; code?: string };
  return { status: res.status, body, data: body.data };
}

async function newConversation(cookie: string, query = 'ค่าบำรุงกิจกรรมนักศึกษาเท่าไร') {
  const r = await call('/api/conversations/create', { cookie, json: { query } });
  expect(r.status).toBe(200);
  return r.data as { conversationId: string; conversationDetailId: string };
}

describe('conversation API', () => {
  test('every route needs a signed-in caller', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/conversations/create'],
      ['POST', '/api/conversations/x/query'],
      ['PATCH', '/api/conversations/x/details/y'],
      ['POST', '/api/conversations/x/details/y/answer'],
      ['GET', '/api/conversations/x/messages'],
      ['PATCH', '/api/conversations/x/topic/rename'],
      ['GET', '/api/conversations/topics'],
      ['DELETE', '/api/conversations/x/delete'],
    ];
    for (const [method, path] of routes) {
      const r = await call(path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { json: { query: 'ก', topic: 'ก', response: 'ก' } }) });
      expect(`${method} ${path} ${r.status} ${r.body.message}`).toBe(`${method} ${path} 401 Authentication required. Please log in.`);
    }
  });

  test('create, follow-up query and the spec client saving its answers', async () => {
    const { conversationId, conversationDetailId } = await newConversation(alice);
    let page = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    expect(page.data).toMatchObject({ conversationId, topic: 'บทสนทนาใหม่', category: 'General', nextCursor: null });
    expect(page.data.records).toEqual([
      expect.objectContaining({ conversationDetailId, conversationId, query: 'ค่าบำรุงกิจกรรมนักศึกษาเท่าไร', response: '', status: 'pending', attachments: [] }),
    ]);

    const saved = await call(`/api/conversations/${conversationId}/details/${conversationDetailId}`, {
      method: 'PATCH',
      cookie: alice,
      json: { response: 'ภาคละ 500 บาท', confidence: 91.5 },
    });
    expect(saved.status).toBe(200);
    const follow = await call(`/api/conversations/${conversationId}/query`, {
      cookie: alice,
      json: { query: '  แล้วภาคฤดูร้อนล่ะ  ', parentId: `assistant_${conversationDetailId}`, show_regulation: true },
    });
    expect(follow.status).toBe(200);
    const second = follow.data.conversationDetailId as string;
    expect(second).not.toBe(conversationDetailId);
    const saved2 = await call(`/api/conversations/${conversationId}/details/${second}`, {
      method: 'PATCH',
      cookie: alice,
      json: { response: 'ไม่เก็บ', accuracy: '64.25' },
    });
    expect(saved2.status).toBe(200);

    page = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    expect(page.data.records.map((r: any) => [r.query, r.response, r.confidence, r.status])).toEqual([
      ['ค่าบำรุงกิจกรรมนักศึกษาเท่าไร', 'ภาคละ 500 บาท', 91.5, 'complete'],
      ['แล้วภาคฤดูร้อนล่ะ', 'ไม่เก็บ', 64.25, 'complete'],
    ]);
    const [parent] = await t.ctx.db.select({ p: conversationDetails.parentId }).from(conversationDetails).where(eq(conversationDetails.id, second));
    expect(parent?.p).toBe(conversationDetailId);

    const bad = await call(`/api/conversations/${conversationId}/details/${second}`, {
      method: 'PATCH',
      cookie: alice,
      json: { response: 'x', confidence: 'abc' },
    });
    expect(bad.status).toBe(400);
  });

  test('the first question of a new conversation can carry attachments (multipart create)', async () => {
    const form = new FormData();
    form.set('query', 'ตรวจโครงการนี้');
    form.set('show_regulation', 'true');
    form.append('files', new File(['ชื่อโครงการ ค่ายอาสา งบประมาณ ๕,๐๐๐ บาท'], 'proposal.txt', { type: 'text/plain' }));
    const r = await call('/api/conversations/create', { cookie: alice, body: form });
    expect(r.status).toBe(200);
    const page = await call(`/api/conversations/${r.body.data.conversationId}/messages`, { cookie: alice });
    const first = page.data.records[0];
    expect(first.query).toBe('ตรวจโครงการนี้\n\nContent from proposal.txt\nชื่อโครงการ ค่ายอาสา งบประมาณ ๕,๐๐๐ บาท');
    expect(first.attachments).toEqual([{ name: 'proposal.txt', type: 'txt' }]);
    // neither text nor file: refused
    expect((await call('/api/conversations/create', { cookie: alice, json: { query: '  ' } })).status).toBe(400);
  });

  test('multipart questions store each file’s text as a section and keep the file chips', async () => {
    const { conversationId } = await newConversation(alice);
    const form = new FormData();
    form.set('query', 'ช่วยสรุปไฟล์นี้');
    form.set('parentId', 'user_whatever');
    form.set('show_regulation', 'false');
    form.append('files[]', new File(['ข้อ ๑๒ ต้องยื่นโครงการล่วงหน้าไม่น้อยกว่า ๑๕ วัน'], 'โครงการ.txt', { type: 'text/plain' }));
    const r = await call(`/api/conversations/${conversationId}/query`, { cookie: alice, body: form });
    expect(`${r.status} ${r.body.message ?? ''}`).toBe('200 ');
    const page = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    const record = page.data.records.at(-1);
    expect(record.query).toBe('ช่วยสรุปไฟล์นี้\n\nContent from โครงการ.txt\nข้อ ๑๒ ต้องยื่นโครงการล่วงหน้าไม่น้อยกว่า ๑๕ วัน');
    expect(record.attachments).toEqual([{ name: 'โครงการ.txt', type: 'txt' }]);

    // A file alone is a valid question; an unsupported type or too many files are refused.
    const only = new FormData();
    only.append('files', new File(['เนื้อหา'], 'a.txt', { type: 'text/plain' }));
    expect((await call(`/api/conversations/${conversationId}/query`, { cookie: alice, body: only })).status).toBe(200);
    const exe = new FormData();
    exe.set('query', 'ดูไฟล์');
    exe.append('files', new File(['MZ'], 'virus.exe'));
    expect((await call(`/api/conversations/${conversationId}/query`, { cookie: alice, body: exe })).status).toBe(415);
    const many = new FormData();
    many.set('query', 'หลายไฟล์');
    for (let i = 0; i < 6; i++) many.append('files', new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    expect((await call(`/api/conversations/${conversationId}/query`, { cookie: alice, body: many })).status).toBe(400);
    // Word files are read through the extraction module too.
    const docx = new FormData();
    docx.set('query', 'ข้อ ๕ ว่าอย่างไร');
    docx.append('files', new File([await Bun.file(join(import.meta.dir, '../../../shared/fixtures/docs/regulation.docx')).arrayBuffer()], 'ข้อบังคับ.docx'));
    expect((await call(`/api/conversations/${conversationId}/query`, { cookie: alice, body: docx })).status).toBe(200);
    const after = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    expect(after.data.records).toHaveLength(4);
    const withDocx = after.data.records.at(-1);
    expect(withDocx.query).toStartWith('ข้อ ๕ ว่าอย่างไร\n\nContent from ข้อบังคับ.docx\n');
    expect(withDocx.query).toContain('ไม่น้อยกว่า ๓๐ วัน');
    expect(withDocx.attachments).toEqual([{ name: 'ข้อบังคับ.docx', type: 'docx' }]);
  });

  test('inputs are validated', async () => {
    expect((await call('/api/conversations/create', { cookie: alice, json: { query: '   ' } })).status).toBe(400);
    const invisible = await call('/api/conversations/create', { cookie: alice, json: { query: '\u200b\u2060 \ufeff' } });
    expect(invisible.status).toBe(400);
    expect(invisible.body.message).toBe('กรุณาพิมพ์ข้อความหรือแนบไฟล์');
    expect((await call('/api/conversations/create', { cookie: alice, json: { query: 'ก'.repeat(20_001) } })).status).toBe(400);
    const { conversationId } = await newConversation(alice);
    expect((await call(`/api/conversations/${conversationId}/topic/rename`, { method: 'PATCH', cookie: alice, json: { topic: '  ' } })).status).toBe(400);
    expect((await call(`/api/conversations/${conversationId}/topic/rename`, { method: 'PATCH', cookie: alice, json: { topic: 'ก'.repeat(121) } })).status).toBe(
      400,
    );
    expect((await call(`/api/conversations/${'x'.repeat(65)}/messages`, { cookie: alice })).status).toBe(400);
    const tampered = await call(`/api/conversations/${conversationId}/messages?cursor=eyJjIjoieCIsImIiOjF9.AAAAAAAAAAAAAAAAAAAAAA`, { cookie: alice });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('ตำแหน่งหน้าถัดไปไม่ถูกต้อง');
  });

  test('rename, topics newest first, delete', async () => {
    const older = await newConversation(alice, 'เรื่องเก่า');
    await Bun.sleep(5);
    const newer = await newConversation(alice, 'เรื่องใหม่');
    const renamed = await call(`/api/conversations/${older.conversationId}/topic/rename`, { method: 'PATCH', cookie: alice, json: { topic: '  ทุนการศึกษา  ' } });
    expect(renamed.status).toBe(200);
    const topics = (await call('/api/conversations/topics', { cookie: alice })).data as Array<{ id: string; topic: string; updatedAt: string }>;
    const ids = topics.map((x) => x.id);
    expect(ids.indexOf(newer.conversationId)).toBeLessThan(ids.indexOf(older.conversationId));
    expect(topics.find((x) => x.id === older.conversationId)).toMatchObject({ topic: 'ทุนการศึกษา', updatedAt: expect.any(String) });
    expect((await call(`/api/conversations/${older.conversationId}/delete`, { method: 'DELETE', cookie: alice })).status).toBe(200);
    expect((await call(`/api/conversations/${older.conversationId}/messages`, { cookie: alice })).status).toBe(404);
    expect((await call('/api/conversations/topics', { cookie: alice })).data.map((x: any) => x.id)).not.toContain(older.conversationId);
  });

  test('nobody else — not another user, not an admin — can read or change a conversation', async () => {
    const { conversationId, conversationDetailId } = await newConversation(alice, 'เรื่องส่วนตัวของอลิซ');
    const before = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    for (const intruder of [bob, admin]) {
      const attempts = [
        call(`/api/conversations/${conversationId}/messages`, { cookie: intruder }),
        call(`/api/conversations/${conversationId}/query`, { cookie: intruder, json: { query: 'แอบถาม' } }),
        call(`/api/conversations/${conversationId}/details/${conversationDetailId}`, {
          method: 'PATCH',
          cookie: intruder,
          json: { response: 'แก้คำตอบ', confidence: 1 },
        }),
        call(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, { cookie: intruder, json: {} }),
        call(`/api/conversations/${conversationId}/topic/rename`, { method: 'PATCH', cookie: intruder, json: { topic: 'ยึด' } }),
        call(`/api/conversations/${conversationId}/delete`, { method: 'DELETE', cookie: intruder }),
      ];
      for (const r of await Promise.all(attempts)) {
        expect(r.status).toBe(404);
        expect(JSON.stringify(r.body)).not.toContain('อลิซ');
      }
      // Same answer as an id that does not exist at all.
      const missing = await call('/api/conversations/does-not-exist/messages', { cookie: intruder });
      expect(missing.body).toEqual((await call(`/api/conversations/${conversationId}/messages`, { cookie: intruder })).body);
      expect((await call('/api/conversations/topics', { cookie: intruder })).data.map((x: any) => x.id)).not.toContain(conversationId);
    }
    const after = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    expect(after.body).toEqual(before.body);
  });

  test('messages page backwards through older turns with the returned cursor', async () => {
    const { conversationId } = await newConversation(alice, 'คำถามที่ 0');
    for (let i = 1; i < 53; i++) {
      const r = await call(`/api/conversations/${conversationId}/query`, { cookie: alice, json: { query: `คำถามที่ ${i}` } });
      expect(r.status).toBe(200);
    }
    const first = await call(`/api/conversations/${conversationId}/messages`, { cookie: alice });
    expect(first.data.records).toHaveLength(50);
    expect(first.data.records[0].query).toBe('คำถามที่ 3');
    const second = await call(`/api/conversations/${conversationId}/messages?cursor=${encodeURIComponent(first.data.nextCursor)}`, { cookie: alice });
    expect(second.data.records.map((r: any) => r.query)).toEqual(['คำถามที่ 0', 'คำถามที่ 1', 'คำถามที่ 2']);
    expect(second.data.nextCursor).toBeNull();
    // Bob cannot use Alice's cursor to page her conversation either.
    expect((await call(`/api/conversations/${conversationId}/messages?cursor=${encodeURIComponent(first.data.nextCursor)}`, { cookie: bob })).status).toBe(404);
  });
});
