import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import mammoth from 'mammoth';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { readSse } from '../../../web/lib/sse';
import { addRegulation } from '../test-corpus';
import { PROJECT_HEADINGS } from './layout';
import { parseSections } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(app.ctx);
});
afterAll(() => app.close());

async function draft(body: Record<string, unknown>, cookie?: string) {
  const res = await app.request('/api/draft', { json: body, cookie });
  const json = (await res.json()) as any;
  return { res, json, cookie: cookie ?? res.headers.get('set-cookie')?.split(';')[0] };
}

async function docxOf(url: string, cookie: string | undefined) {
  const res = await app.request(url, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('wordprocessingml');
  const buffer = Buffer.from(await res.arrayBuffer());
  const { value } = await mammoth.extractRawText({ buffer });
  return { text: value, buffer };
}

describe('drafting without a model (template filled from the brief)', () => {
  test('internal memo: every official part, Buddhist-era date in Thai numerals, DOCX in TH SarabunIT๙ 16 pt', async () => {
    const { json, cookie } = await draft({
      brief: 'ร่างบันทึกข้อความขออนุมัติใช้ห้องประชุมใหญ่ วันที่ 2/4/2025 ณ อาคารกิจกรรมนักศึกษา เรียน ผู้อำนวยการกองพัฒนานักศึกษา จากสโมสรนักศึกษาคณะวิทยาศาสตร์ งบประมาณ 1,500 บาท ลงชื่อ นายกิตติ ศรีสุข',
      document_type: 'internal_memo',
      with_sources: false,
    });
    expect(json).toMatchObject({ document_type: 'internal_memo', with_sources: false });
    expect(json.downloadUrl).toMatch(/^\/api\/drafts\/[A-Za-z0-9]+\/download$/);
    for (const part of ['บันทึกข้อความ', 'ส่วนราชการ สโมสรนักศึกษาคณะวิทยาศาสตร์', 'ที่ อว', 'วันที่ ๒ เมษายน ๒๕๖๘', 'เรื่อง ขออนุมัติใช้ห้องประชุมใหญ่', 'เรียน ผู้อำนวยการกองพัฒนานักศึกษา', '(นายกิตติ ศรีสุข)', 'หนึ่งพันห้าร้อยบาทถ้วน', 'กรุณาตรวจสอบ'])
      expect(json.text).toContain(part);
    expect(json.accuracy).toBeGreaterThan(50);
    const { text, buffer } = await docxOf(json.downloadUrl, cookie);
    for (const part of ['บันทึกข้อความ', 'ส่วนราชการ', 'ที่', 'วันที่', '๒ เมษายน ๒๕๖๘', 'เรื่อง', 'เรียน', 'จึงเรียนมาเพื่อโปรดพิจารณา', '(ลงชื่อ)', 'นายกิตติ ศรีสุข', 'กรุณาตรวจสอบ']) expect(text).toContain(part);
    const xml = await (await JSZip.loadAsync(buffer)).file('word/document.xml')!.async('string');
    expect(xml).toContain('TH SarabunIT๙');
    expect(xml).toContain('w:val="32"'); // 16 pt body
  });

  test('SDGs activity project: all eleven sections, dates, budget in baht text, SDG names; sources on request', async () => {
    const { json, cookie } = await draft({
      brief: 'ช่วยเขียนโครงการปลูกป่าชายเลนเพื่อชุมชน ของชมรมอนุรักษ์ธรรมชาติ จัดวันที่ 15 มีนาคม 2568 ถึง 16 มีนาคม 2568 ณ อุทยานบางปู งบประมาณ 25,000 บาท ผู้เข้าร่วม 40 คน ผู้รับผิดชอบ นายสมชาย ใจดี สอดคล้อง SDG 13, 14 และ 15',
      document_type: 'student_activity_project',
      with_sources: true,
    });
    expect(json.with_sources).toBe(true);
    const { text } = await docxOf(json.downloadUrl, cookie);
    for (const doc of [json.text as string, text]) {
      PROJECT_HEADINGS.forEach((h) => expect(doc).toContain(h));
      for (const part of ['โครงการปลูกป่าชายเลนเพื่อชุมชน', 'ระหว่างวันที่ ๑๕ มีนาคม ๒๕๖๘ ถึงวันที่ ๑๖ มีนาคม ๒๕๖๘', 'อุทยานบางปู', '๒๕,๐๐๐ บาท (สองหมื่นห้าพันบาทถ้วน)', 'เป้าหมายที่ ๑๓ การรับมือการเปลี่ยนแปลงสภาพภูมิอากาศ', 'นายสมชาย ใจดี', '[โปรดระบุ', 'อ้างอิงระเบียบที่เกี่ยวข้อง', 'กรุณาตรวจสอบ'])
        expect(doc).toContain(part);
    }
    expect(json.text).toContain('๑๑. ผู้รับผิดชอบโครงการ');
  });

  test('only the client that made a draft can download it; SSE streams the draft', async () => {
    const { json, cookie } = await draft({ brief: 'ร่างบันทึกข้อความแจ้งประชุมชมรม', document_type: 'internal_memo', with_sources: false });
    const stranger = await app.request(json.downloadUrl, { cookie: 'askreg_guest=nobody.x' });
    expect(stranger.status).toBe(404);
    const user = app.signIn('drafter@example.ac.th');
    expect((await app.request(json.downloadUrl, { cookie: user.cookie })).status).toBe(404);
    expect((await app.request(json.downloadUrl.replace('/api/', '/ai-api/'), { cookie })).status).toBe(200);
    const res = await app.request('/api/draft', { json: { brief: 'ร่างโครงการค่ายอาสา', document_type: 'student_activity_project', with_sources: false }, cookie: user.cookie, headers: { accept: 'text/event-stream' } });
    const events = [];
    for await (const e of readSse(res)) events.push(e.event);
    expect(events).toEqual(['meta', 'token', 'done']);
  });

  test('model output is split into the layout by its "##" headings', () => {
    const got = parseSections('## ๑. ชื่อโครงการ\nค่ายอาสา\n## หลักการและเหตุผล\nเพราะ…\n## วัตถุประสงค์:\n๑. ฝึกทักษะ\n## อื่น ๆ\nx', [...PROJECT_HEADINGS]);
    expect(got).toEqual({ ชื่อโครงการ: 'ค่ายอาสา', หลักการและเหตุผล: 'เพราะ…', วัตถุประสงค์: '๑. ฝึกทักษะ' });
  });

  test('invalid requests are refused', async () => {
    expect((await app.request('/api/draft', { json: { brief: 'x', document_type: 'letter', with_sources: false } })).status).toBe(400);
    expect((await app.request('/api/draft', { json: { brief: '', document_type: 'internal_memo' } })).status).toBe(400);
  });
});
