// Question testing (issue 17 item 4): the admin sees what the bot would answer, the ranked clauses and
// the evidence, and the question log does not change.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { addRegulation } from '../assistant/test-corpus';
import { questionLog } from '../../tests/helpers/tables';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';

let app: TestApp;
let regulationId: string;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  regulationId = await addRegulation(app.ctx);
});
afterAll(() => app.close());

const logged = async () => (await app.ctx.db.select().from(questionLog)).length;
const run = (question: string, cookie: string) => app.request('/api/insights/test', { cookie, json: { question } });

describe('POST /api/insights/test', () => {
  test('answers like the chat, ranks the clauses with scores, shows the evidence, and logs nothing', async () => {
    const { cookie } = await app.signIn('admin@example.ac.th', 'admin');
    const chat = (await (await app.request('/api/chat', { json: { message: QUESTION, show_regulation: false } })).json()) as any;
    const before = await logged();
    expect(before).toBe(1);

    const res = await run(QUESTION, cookie);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as any;
    expect(data.answer).toMatchObject({
      text: chat.text,
      accuracy: chat.accuracy,
      confidence_band: chat.confidence_band,
      fallback: false,
      provider: 'extractive',
    });
    expect(data.answer.references[0]).toMatchObject({ documentId: regulationId, page: 1 });
    expect(data.clauses.length).toBeGreaterThan(1);
    expect(data.clauses.map((c: any) => c.rank)).toEqual(data.clauses.map((_: unknown, i: number) => i + 1));
    const scores = data.clauses.map((c: any) => c.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(data.clauses.some((c: any) => c.heading_path.at(-1) === 'ข้อ ๕' && c.text.includes('๓๐ วัน'))).toBe(true);
    expect(data.evidence.confidence).toBeGreaterThan(0);
    expect(Object.keys(data.evidence.signals)).toEqual(expect.arrayContaining(['wordCover', 'gramCover', 'margin', 'typeMatch']));
    expect(await logged()).toBe(before);
  });

  test('an unanswered question shows the fallback and weak evidence, still unlogged', async () => {
    const { cookie } = await app.signIn('admin@example.ac.th', 'admin');
    const before = await logged();
    const { data } = (await (await run('ผลฟุตบอลพรีเมียร์ลีกเมื่อคืนนี้', cookie)).json()) as any;
    expect(data.answer.fallback).toBe(true);
    expect(data.answer.confidence_band).toBe('low');
    expect(data.evidence.confidence).toBeLessThan(30);
    expect(await logged()).toBe(before);
  });

  test('admins only; a blank or overlong question is refused in Thai', async () => {
    expect((await app.request('/api/insights/test', { json: { question: QUESTION } })).status).toBe(401);
    expect((await run(QUESTION, (await app.signIn('nok@example.ac.th')).cookie)).status).toBe(403);
    const { cookie } = await app.signIn('admin@example.ac.th', 'admin');
    const blank = await run('   ', cookie);
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as any).message).toBe('กรุณาพิมพ์คำถามที่ต้องการทดสอบ');
    expect((await run('ก'.repeat(2001), cookie)).status).toBeGreaterThanOrEqual(400);
  });
});
