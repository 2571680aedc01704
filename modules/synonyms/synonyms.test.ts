// The admin's synonym groups: the API's rules, and that a group applies to the very next question.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { addDocument } from '../assistant/test-corpus';
import { USER_TEXT_INVALID } from '../../contracts/user-text';
import { GROUP_EXISTS, TOO_FEW_TERMS, TOO_MANY_TERMS } from './service';

let app: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  admin = await app.signIn('admin@example.ac.th', 'admin');
});
afterAll(() => app.close());

const json = async (r: Response) => (await r.json()) as any;
const add = (terms: unknown, cookie = admin.cookie) => app.request('/api/synonyms', { method: 'POST', json: { terms }, cookie });
const list = async (query = '') => json(await app.request(`/api/synonyms${query}`, { cookie: admin.cookie }));

describe('synonym groups API', () => {
  test('admins only: 401 without a session, 403 for a user', async () => {
    expect((await app.request('/api/synonyms')).status).toBe(401);
    const user = await app.signIn('u@example.ac.th', 'user');
    expect((await app.request('/api/synonyms', { cookie: user.cookie })).status).toBe(403);
    expect((await add(['ก', 'ข'], user.cookie)).status).toBe(403);
    expect((await app.request('/api/synonyms/x', { method: 'DELETE', cookie: user.cookie })).status).toBe(403);
  });

  test('terms are trimmed and deduplicated; 2–20 remain or the group is refused in Thai', async () => {
    const created = await json(await add(['  ลานกิจกรรม ', 'ลานกิจกรรม', 'ลาน   อเนกประสงค์', '   ']));
    expect(created.data.terms).toEqual(['ลานกิจกรรม', 'ลาน อเนกประสงค์']);
    const one = await add(['คำเดียว', ' คำเดียว ']);
    expect(one.status).toBe(400);
    expect((await json(one)).message).toBe(TOO_FEW_TERMS);
    const many = await add(Array.from({ length: 21 }, (_, i) => `คำที่${i}`));
    expect((await json(many)).message).toBe(TOO_MANY_TERMS);
    const bidi = await add(['ปกติ', 'กลับ\u202Eด้าน']);
    expect((await json(bidi)).message).toBe(USER_TEXT_INVALID);
    const again = await add(['ลาน อเนกประสงค์', 'ลานกิจกรรม']);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(GROUP_EXISTS);
  });

  test('the list pages by cursor, newest first; a deleted group is gone', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await json(await add([`หน้า${i}`, `เพจ${i}`]))).data.id);
      await Bun.sleep(3); // newest first: one millisecond apart at least
    }
    const first = await list('?limit=2');
    expect(first.data.map((g: any) => g.id)).toEqual([ids[2], ids[1]]);
    expect(first.hasNext).toBe(true);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.data[0].id).toBe(ids[0]);
    expect((await app.request('/api/synonyms?cursor=nonsense', { cookie: admin.cookie })).status).toBe(400);
    const del = await app.request(`/api/synonyms/${ids[1]}`, { method: 'DELETE', cookie: admin.cookie });
    expect((await json(del)).data.id).toBe(ids[1]);
    expect((await list('?limit=100')).data.map((g: any) => g.id)).not.toContain(ids[1]);
    expect((await app.request(`/api/synonyms/${ids[1]}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
  });
});

describe('a group applies to the next question', () => {
  const chat = async (message: string) =>
    json(await app.request('/api/chat', { json: { message, show_regulation: false, connection_id: crypto.randomUUID() } }));

  test('a question in words the library never uses is answered once an admin says what they mean', async () => {
    await addDocument(app.ctx, {
      title: 'ประกาศการใช้อาคารกิจกรรมนักศึกษา',
      text: [
        'ข้อ ๑ การขอใช้ห้องประชุมอาคารกิจกรรมนักศึกษา ให้ยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วัน',
        'ข้อ ๒ ห้องประชุมเปิดให้ใช้ตั้งแต่เวลา ๐๘.๓๐ ถึง ๒๐.๓๐ น.',
        'ข้อ ๓ ผู้ขอใช้ต้องดูแลความสะอาดและคืนกุญแจภายในวันเดียวกัน',
      ].join('\n'),
    });
    const question = 'จองมีตติ้งรูมตึกชมรมต้องทำล่วงหน้ากี่วัน';
    const before = await chat(question);
    expect(before.fallback).toBe(true);
    expect((await add(['ห้องประชุม', 'มีตติ้งรูม'])).status).toBe(200);
    expect((await add(['อาคารกิจกรรมนักศึกษา', 'ตึกชมรม'])).status).toBe(200);
    const after = await chat(question);
    expect(after.fallback).toBe(false);
    expect(after.text).toContain('๗ วัน');
  });
});
