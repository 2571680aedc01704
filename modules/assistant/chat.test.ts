// The assistant with no model server: the embedded extractive answerer over the shared fixture.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { readSse } from '../../web/lib/sse';
import { DEFAULT_FALLBACK_MESSAGE, getPreferences, updatePreferences } from '../preferences/service';
import { addDocument, addRegulation, REGULATION_TITLE } from './test-corpus';
import { SOCIAL_REPLIES } from './social-message';
import { questionLog } from '../../tests/helpers/tables';

let app: TestApp;
let regulationId: string;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  regulationId = await addRegulation(app.ctx, 'กองพัฒนานักศึกษา โทร ๐ ๒๑๖๐ ๑๐๐๐');
});
afterAll(() => app.close());

const chat = async (message: string, extra: Record<string, unknown> = {}, path = '/api/chat') => {
  const res = await app.request(path, { json: { message, show_regulation: false, connection_id: crypto.randomUUID(), ...extra } });
  return { status: res.status, body: (await res.json()) as any };
};

describe('chat without a model (extractive answers)', () => {
  test('a clause question gets a Thai answer quoting the right ข้อ, with references and documents', async () => {
    const { status, body } = await chat('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
    expect(status).toBe(200);
    // The direct answer first, then the quote with its clause (issue 16: answers that answer).
    expect(body.text).toStartWith(`ไม่น้อยกว่า ๓๐ วัน\n\nตาม${REGULATION_TITLE}`);
    expect(body.text).toContain('ข้อ ๕');
    expect(body.text).toContain('ไม่น้อยกว่า ๓๐ วัน');
    expect(body.text).not.toContain('(๓) งบประมาณ'); // concise: only the sentence that answers
    expect(body.accuracy).toBeGreaterThanOrEqual(30);
    expect(body.fallback).toBe(false);
    expect(body.references[0]).toMatchObject({ documentId: regulationId, title: REGULATION_TITLE, page: 1 });
    expect(body.references[0].headingPath.at(-1)).toBe('ข้อ ๕');
    expect(body.documents[0]).toMatchObject({ id: regulationId, downloadUrl: `/api/files/${regulationId}/download`, fileType: 'txt' });
  });

  test('other clauses: approval limits, the budget table, overnight trips', async () => {
    expect((await chat('งบประมาณเกินสองหมื่นบาทใครเป็นผู้อนุมัติ')).body.text).toContain('รองอธิการบดีฝ่ายกิจการนักศึกษา');
    const table = (await chat('ชมรมได้งบประมาณสูงสุดต่อโครงการเท่าไร')).body.text;
    expect(table).toContain('ข้อ ๗');
    expect(table).toContain('ชมรม | ๒๕,๐๐๐');
    const trip = (await chat('จัดกิจกรรมค้างคืนต้องมีอาจารย์ที่ปรึกษาร่วมเดินทางกี่คน')).body.text;
    expect(trip).toContain('ข้อ ๘');
    expect(trip).toContain('๑ คน ต่อนักศึกษา ๓๐ คน');
  });

  // "เกี่ยวกับ" (about) holds the letters of กี่ (how many), and a count's words may run on after its unit: read as a count
  // of "ยวกับ…" or of "วันหลัง…", no clause held the kind asked, and the days were not led with
  // (knowledge/question/answer-type.ts countedThing).
  test('a question about a topic, and a count with words after its unit, are answered', async () => {
    const trip = (await chat('มีข้อกำหนดเกี่ยวกับการจัดกิจกรรมค้างคืนไหม')).body;
    expect(trip.fallback).toBe(false);
    expect(trip.text).toContain('ข้อ ๘');
    const report = (await chat('ต้องส่งรายงานผลการดำเนินงานภายในกี่วันหลังจบกิจกรรม')).body;
    expect(report.fallback).toBe(false);
    expect(report.text).toStartWith('ภายใน ๑๕ วัน');
    expect(report.text).toContain('ข้อ ๙');
  });

  test('a message of invisible characters only is blank: asked to type a question, nothing answered or logged', async () => {
    for (const message of ['', '   ', '\u200b\u2060\ufeff', ' \u00ad\u200b ']) {
      const { status, body } = await chat(message);
      expect(status).toBe(400);
      expect(body.message).toBe('กรุณาพิมพ์คำถาม');
    }
  });

  test('a greeting or a thank-you gets a reply of its own: not the fallback, no references, not logged as a question', async () => {
    const logged = async () => (await app.ctx.db.select().from(questionLog)).length;
    const before = await logged();
    const hello = (await chat('สวัสดีครับ')).body;
    expect(hello.text).toBe(SOCIAL_REPLIES.greeting);
    expect(hello.fallback).toBe(false);
    expect(hello.references).toEqual([]);
    expect(hello.question_id).toBeUndefined();
    expect((await chat('ขอบคุณมากค่ะ 🙏')).body.text).toBe(SOCIAL_REPLIES.thanks);
    expect(await logged()).toBe(before);
    // a greeting before a question is a question
    const asked = (await chat('สวัสดีครับ ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน')).body;
    expect(asked.text).toContain('ไม่น้อยกว่า ๓๐ วัน');
    expect(asked.question_id).toBeString();
    expect(await logged()).toBe(before + 1);
  });

  test('an unrelated question returns the fallback message with accuracy below 30', async () => {
    const { body } = await chat('ผลการแข่งขันฟุตบอลพรีเมียร์ลีกเมื่อคืนนี้เป็นอย่างไร');
    expect(body.text).toBe(DEFAULT_FALLBACK_MESSAGE);
    expect(body.accuracy).toBeLessThan(30);
    expect(body.fallback).toBe(true);
    expect(body.confidence_band).toBe('low');
    expect(body.references).toEqual([]);
    // nothing in the library is about football: no document is recommended beside the fallback
    expect(body.documents).toEqual([]);
    expect((await chat('ราคาทองคำวันนี้บาทละเท่าไร')).body.documents).toEqual([]);
  });

  test('a near miss falls back but still points to the regulation on its topic', async () => {
    const { body } = await chat('นักศึกษาต้องแต่งกายอย่างไรเวลาไปทำกิจกรรมนอกสถานที่');
    expect(body.fallback).toBe(true);
    expect(body.documents.map((d: any) => d.id)).toContain(regulationId);
  });

  test('show_regulation appends the cited clause with document, heading path and page', async () => {
    const { body } = await chat('ต้องส่งรายงานผลการดำเนินงานภายในกี่วันหลังสิ้นสุดกิจกรรม', { show_regulation: true });
    expect(body.text).toContain('๑๕ วัน');
    expect(body.text).toContain(`อ้างอิง:\n- ${REGULATION_TITLE} › ข้อ ๙ (หน้า 1)`);
  });

  test('thresholds are read per request: medium band adds the document contact; fallback text follows settings', async () => {
    const prefs = await getPreferences(app.ctx);
    const by = { id: 'test', name: 'test' };
    await updatePreferences(app.ctx, prefs.id, { high_threshold: 100, low_threshold: 10 }, by);
    const medium = (await chat('ต้องเสนอโครงการล่วงหน้ากี่วัน')).body;
    expect(medium.confidence_band).toBe('medium');
    expect(medium.text).toContain('กรุณาติดต่อ กองพัฒนานักศึกษา โทร ๐ ๒๑๖๐ ๑๐๐๐');
    await updatePreferences(app.ctx, prefs.id, { high_threshold: 80, low_threshold: 30, fallback_message: 'โปรดติดต่อเจ้าหน้าที่' }, by);
    expect((await chat('ใครชนะฟุตบอลโลกปีที่แล้ว')).body.text).toBe('โปรดติดต่อเจ้าหน้าที่');
    expect((await chat('ต้องเสนอโครงการล่วงหน้ากี่วัน')).body.confidence_band).toBe('high');
    await updatePreferences(app.ctx, prefs.id, { fallback_message: DEFAULT_FALLBACK_MESSAGE }, by);
  });

  test('inactive documents are neither cited nor recommended', async () => {
    await addDocument(app.ctx, { title: 'ประกาศเรื่องการใช้สระว่ายน้ำ', text: 'ข้อ ๑ สระว่ายน้ำเปิดให้นักศึกษาใช้บริการทุกวันตั้งแต่เวลา ๘.๐๐ ถึง ๒๐.๐๐ น.', isActive: false });
    const { body } = await chat('สระว่ายน้ำเปิดให้ใช้บริการกี่โมง');
    expect(body.fallback).toBe(true);
    expect(body.documents.map((d: any) => d.title)).not.toContain('ประกาศเรื่องการใช้สระว่ายน้ำ');
  });

  test('the same endpoints answer under /ai-api, and SSE streams meta, token and done', async () => {
    expect((await chat('ต้องเสนอโครงการล่วงหน้ากี่วัน', {}, '/ai-api/chat')).body.text).toContain('ข้อ ๕');
    const res = await app.request('/api/chat', {
      json: { message: 'ต้องเสนอโครงการล่วงหน้ากี่วัน', show_regulation: false, connection_id: 'conn-sse-1' },
      headers: { accept: 'text/event-stream' },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = [];
    for await (const e of readSse(res)) events.push(e);
    expect(events.map((e) => e.event)).toEqual(['meta', 'token', 'done']);
    expect(events[0].data).toEqual({ connection_id: 'conn-sse-1' });
    expect((events[2].data as any).text).toBe((events[1].data as any).text);
    expect((events[2].data as any).accuracy).toBeGreaterThanOrEqual(30);
  });

  test('guests get a signed browser cookie; a forged one is replaced', async () => {
    const res = await app.request('/api/chat', { json: { message: 'สวัสดี' } });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^askreg_guest=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax/);
    const kept = await app.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: cookie.split(';')[0] });
    expect(kept.headers.get('set-cookie')).toBeNull();
    const forged = await app.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: 'askreg_guest=AAAAAAAAAAAAAAAAAAAAAAAA.forged' });
    expect(forged.headers.get('set-cookie')).toStartWith('askreg_guest=');
  });

  test('titles: a clean title from the question without a model; the default when empty', async () => {
    const t = async (user_message: string) =>
      ((await (await app.request('/api/generate-title', { json: { user_message, ai_response: 'x' } })).json()) as any).title;
    expect(await t('  ต้องเสนอโครงการล่วงหน้ากี่วันครับ?  ')).toBe('ต้องเสนอโครงการล่วงหน้ากี่วัน');
    expect(await t('')).toBe('บทสนทนาใหม่');
    const long = await t('ขอสอบถามเรื่องการขออนุมัติงบประมาณโครงการค่ายอาสาพัฒนาชนบทของชมรมอาสาพัฒนาที่จะจัดขึ้นในช่วงปิดภาคเรียนฤดูร้อนปีนี้ค่ะ');
    expect(Array.from(long).length).toBeLessThanOrEqual(60);
    expect(long).toEndWith('…');
  });
});
