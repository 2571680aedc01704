// The whole list is bounded (groups, and terms over all groups), so no list an admin can make slows every
// question: past either bound a new group is refused in Thai and nothing is stored.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { SYNONYM_GROUPS_MAX, SYNONYM_TERMS_TOTAL_MAX } from '../../contracts/synonyms';
import { TOO_MANY_GROUPS, TOO_MANY_TERMS_IN_ALL } from './service';
import { synonymGroups } from '../../tests/helpers/tables';

let app: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signIn('admin@example.ac.th', 'admin');
});
afterAll(() => app.close());

const add = async (terms: string[]) => {
  const r = await app.request('/api/synonyms', { method: 'POST', json: { terms }, cookie: admin.cookie });
  return { status: r.status, message: ((await r.json()) as { message?: string }).message };
};
const store = async (lists: string[][]) =>
  await app.ctx.db
    .insert(synonymGroups)
    .values(lists.map((terms) => ({ id: crypto.randomUUID(), terms: JSON.stringify(terms), termsKey: JSON.stringify(terms), createdAt: new Date() })));
const count = async () => (await app.ctx.db.select().from(synonymGroups)).length;

test('terms over all groups are bounded, then groups: refused in Thai, nothing stored', async () => {
  // 20-term groups up to 20 short of the bound: a 20-term group still fits, then a 2-term one does not
  const full = (SYNONYM_TERMS_TOTAL_MAX - 20) / 20;
  await store(Array.from({ length: full - 1 }, (_, g) => Array.from({ length: 20 }, (_, t) => `ก${g}ข${t}`)));
  expect((await add(Array.from({ length: 20 }, (_, t) => `ค${t}`))).status).toBe(200);
  expect((await add(Array.from({ length: 20 }, (_, t) => `ง${t}`))).status).toBe(200);
  const before = await count();
  expect(await add(['จ', 'ฉ'])).toEqual({ status: 409, message: TOO_MANY_TERMS_IN_ALL });
  expect(await count()).toBe(before);
  expect(TOO_MANY_TERMS_IN_ALL).toContain('3,000 คำ');
});

test('groups are bounded', async () => {
  await app.ctx.db.delete(synonymGroups);
  await store(Array.from({ length: SYNONYM_GROUPS_MAX - 1 }, (_, g) => [`ช${g}`, `ซ${g}`]));
  expect((await add(['ฌ', 'ญ'])).status).toBe(200);
  expect(await add(['ฎ', 'ฏ'])).toEqual({ status: 409, message: TOO_MANY_GROUPS });
  expect(await count()).toBe(SYNONYM_GROUPS_MAX);
  expect(TOO_MANY_GROUPS).toBe('มีกลุ่มคำพ้องได้ไม่เกิน 300 กลุ่ม กรุณาลบกลุ่มที่ไม่ใช้แล้วก่อน');
});
