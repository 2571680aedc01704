// The admin's synonym groups are the app's own: another app in the same process reads its questions without
// them, and a list too large for one regular expression still answers.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { addDocument } from '../assistant/test-corpus';
import { applySynonyms } from './service';
import { synonymGroups } from '../../tests/helpers/tables';

const BUILDING = [
  'ข้อ ๑ การขอใช้ห้องประชุมอาคารกิจกรรมนักศึกษา ให้ยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วัน',
  'ข้อ ๒ ห้องประชุมเปิดให้ใช้ตั้งแต่เวลา ๐๘.๓๐ ถึง ๒๐.๓๐ น.',
  'ข้อ ๓ ผู้ขอใช้ต้องดูแลความสะอาดและคืนกุญแจภายในวันเดียวกัน',
].join('\n');
const QUESTION = 'จองมีตติ้งรูมตึกชมรมต้องทำล่วงหน้ากี่วัน';

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  [one, two] = await Promise.all([createTestApp({ CHAT_RATE_PER_MINUTE: '1000' }), createTestApp({ CHAT_RATE_PER_MINUTE: '1000' })]);
  for (const app of [one, two]) await addDocument(app.ctx, { title: 'ประกาศการใช้อาคารกิจกรรมนักศึกษา', text: BUILDING });
});
afterAll(() => Promise.all([one.close(), two.close()]));

const chat = async (app: TestApp, message: string) => {
  const r = await app.request('/api/chat', { json: { message, show_regulation: false, connection_id: crypto.randomUUID() } });
  return { status: r.status, body: (await r.json()) as { fallback: boolean; text: string } };
};

test("one app's groups are not another's (before: process-wide, the last app's groups answered every app)", async () => {
  const admin = await one.signIn('admin@example.ac.th', 'admin');
  for (const terms of [
    ['ห้องประชุม', 'มีตติ้งรูม'],
    ['อาคารกิจกรรมนักศึกษา', 'ตึกชมรม'],
  ])
    expect((await one.request('/api/synonyms', { method: 'POST', json: { terms }, cookie: admin.cookie })).status).toBe(200);
  const answered = await chat(one, QUESTION);
  expect(answered.body.fallback).toBe(false);
  expect(answered.body.text).toContain('๗ วัน');
  expect((await chat(two, QUESTION)).body.fallback).toBe(true);
});

test('210 groups of 20 terms of 100 characters, stored, still answer (before: every chat was a 500)', async () => {
  // stored before the limits on the list existed (service.ts): written to the table, as a restart reads them
  const rows = Array.from({ length: 210 }, (_, g) => {
    const terms = Array.from({ length: 20 }, (_, t) => `คำ${g}ที่${t}`.padEnd(100, 'ก'));
    return { id: crypto.randomUUID(), terms: JSON.stringify(terms), termsKey: JSON.stringify([...terms].sort()), createdAt: new Date() };
  });
  await two.ctx.db.insert(synonymGroups).values(rows);
  await two.ctx.db.insert(synonymGroups).values(
    [
      ['ห้องประชุม', 'มีตติ้งรูม'],
      ['อาคารกิจกรรมนักศึกษา', 'ตึกชมรม'],
    ].map((terms) => ({ id: crypto.randomUUID(), terms: JSON.stringify(terms), termsKey: JSON.stringify([...terms].sort()), createdAt: new Date() })),
  );
  await applySynonyms(two.ctx);
  const answered = await chat(two, QUESTION);
  expect(answered.status).toBe(200);
  expect(answered.body.fallback).toBe(false);
  expect(answered.body.text).toContain('๗ วัน');
  // and one of the long terms is read as its group
  const long = await chat(two, `ขอถาม ${'คำ7ที่3'.padEnd(100, 'ก')} หน่อย`);
  expect(long.status).toBe(200);
}, 60_000);
