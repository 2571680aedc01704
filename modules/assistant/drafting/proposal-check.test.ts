// Proposal Check on the fixture regulation with proposals written for it (test-data/): each section's
// governing clause quoted with its reference, and the missing sections listed with the clause that asks
// for them. Through /api/chat (guest, file or pasted text) and on a saved turn (intent stored).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { addRegulation } from '../test-corpus';
import { PROPOSAL_CHECK_NEEDS_TEXT } from './proposal-check';
import { splitProposal } from './proposal-sections';

const proposal = (name: string) => readFileSync(join(import.meta.dir, 'test-data', name), 'utf8');
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(app.ctx);
});
afterAll(() => app.close());

async function check(message: string, file?: { name: string; text: string }) {
  const form = new FormData();
  form.append('message', message);
  form.append('intent', 'proposal_check');
  form.append('show_regulation', 'true');
  if (file) form.append('files', new File([file.text], file.name, { type: 'text/plain' }));
  const res = await app.request('/api/chat', { method: 'POST', body: form });
  expect(res.status).toBe(200);
  return (await res.json()) as { text: string; accuracy: number; references: Array<{ headingPath: string[] }>; document_type?: string };
}

const sectionOf = (text: string, name: string) => {
  const at = text.indexOf(`■ ${name}`);
  if (at < 0) return null;
  const next = text.indexOf('■ ', at + 2);
  return text.slice(at, next < 0 ? undefined : next);
};
const clauses = (refs: Array<{ headingPath: string[] }>) => refs.map((r) => r.headingPath.at(-1));

describe('Proposal Check', () => {
  test('an overnight camp in Nan (file): date, place and budget each get their clause; the missing sections are named', async () => {
    const r = await check('ช่วยตรวจสอบข้อเสนอโครงการนี้ว่าสอดคล้องกับระเบียบหรือไม่', { name: 'camp.txt', text: proposal('proposal-camp-nan.txt') });
    expect(r.document_type).toBeUndefined(); // checked, not drafted
    expect(r.text).toContain('“ค่ายอาสาพัฒนาชนบท ครั้งที่ ๑๒”');
    expect(sectionOf(r.text, 'ระยะเวลาดำเนินการ')).toContain('ล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม'); // ข้อ ๕
    expect(sectionOf(r.text, 'สถานที่ดำเนินการ')).toContain('นอกสถานที่หรือค้างคืน'); // ข้อ ๘
    const budget = sectionOf(r.text, 'งบประมาณ')!;
    expect(budget).toContain('๓๐,๐๐๐ บาท');
    expect(budget).toContain('วงเงินเกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท'); // ข้อ ๖ (๒), quoted whole
    expect(budget).toContain('ผู้อนุมัติตามวงเงินนี้: รองอธิการบดีฝ่ายกิจการนักศึกษา'); // the bracket ๓๐,๐๐๐ บาท falls in
    const missing = r.text.slice(r.text.indexOf('หัวข้อที่ยังขาด'), r.text.indexOf('ระเบียบที่เกี่ยวข้อง'));
    for (const s of ['ตัวชี้วัดความสำเร็จ', 'การประเมินผล', 'ความสอดคล้องกับเป้าหมายการพัฒนาที่ยั่งยืน']) expect(missing).toContain(s);
    expect(missing).not.toContain('งบประมาณ');
    expect(missing).toMatch(/ตัวชี้วัดความสำเร็จ \(กำหนดไว้ใน.*ข้อ ๕\)/);
    expect(clauses(r.references)).toEqual(expect.arrayContaining(['ข้อ ๕', 'ข้อ ๖', 'ข้อ ๘']));
  });

  test('a complete on-campus seminar (pasted): no missing section; the report clause governs its evaluation', async () => {
    const r = await check(`ช่วยตรวจสอบข้อเสนอโครงการนี้\n${proposal('proposal-seminar-complete.txt')}`);
    expect(r.text).toContain('มีหัวข้อครบตามแบบเสนอโครงการ');
    expect(r.text).not.toContain('หัวข้อที่ยังขาด');
    expect(sectionOf(r.text, 'การประเมินผล')).toContain('ภายใน ๑๕ วัน'); // ข้อ ๙
  });

  test('a short, messy English–Thai proposal: what it has and what it lacks', async () => {
    const r = await check('check this', { name: 'beach.txt', text: proposal('proposal-short-messy.txt') });
    expect(r.text).toContain('“Beach clean-up day ชมรมรักษ์ทะเล”');
    expect(r.text).toContain('พบหัวข้อ 5 จาก 14');
    expect(sectionOf(r.text, 'สถานที่ดำเนินการ')).toContain('นอกสถานที่หรือค้างคืน');
    expect(r.text).toMatch(/- หลักการและเหตุผล \(กำหนดไว้ใน/);
    expect(sectionOf(r.text, 'งบประมาณ')).toContain('ผู้อนุมัติตามวงเงินนี้: ผู้อำนวยการกองพัฒนานักศึกษา'); // ๘,๕๐๐ บาท: the first bracket
  });

  test('no proposal yet: it asks for one instead of checking the request sentence', async () => {
    const r = await check('ช่วยตรวจสอบข้อเสนอโครงการนี้ว่าสอดคล้องกับระเบียบการจัดกิจกรรมนักศึกษาหรือไม่');
    expect(r.text).toBe(PROPOSAL_CHECK_NEEDS_TEXT);
    expect(r.references).toEqual([]);
  });

  test('on a saved turn the check is stored, and a regenerate checks again', async () => {
    const alice = await app.signIn('alice-check@example.ac.th');
    const form = new FormData();
    form.append('query', 'ช่วยตรวจสอบข้อเสนอโครงการนี้');
    form.append('files', new File([proposal('proposal-camp-nan.txt')], 'camp.txt', { type: 'text/plain' }));
    const created = (await (await app.request('/api/conversations/create', { method: 'POST', body: form, cookie: alice.cookie })).json()) as any;
    const { conversationId, conversationDetailId } = created.data;
    const path = `/api/conversations/${conversationId}/details/${conversationDetailId}/answer`;
    const first = (await (await app.request(path, { cookie: alice.cookie, json: { intent: 'proposal_check' } })).json()) as any;
    expect(first.data.text).toContain('■ งบประมาณ');
    const again = (await (await app.request(path, { cookie: alice.cookie, json: { regenerate: true } })).json()) as any;
    expect(again.data.text).toBe(first.data.text);
  });

  test('section headings as people write them', () => {
    const names = (t: string) => splitProposal(t).map((s) => s.section.name);
    expect(names('โครงการปลูกป่า\n1) หลักการและเหตุผล\nx\n**วัตถุประสงค์:** y\nBudget: 5,000 baht\nผู้เข้าร่วม 30 คน\nกลุ่มเป้าหมาย นักศึกษา')).toEqual([
      'ชื่อโครงการ',
      'หลักการและเหตุผล',
      'วัตถุประสงค์',
      'งบประมาณ',
      'กลุ่มเป้าหมาย/ผู้เข้าร่วม',
    ]);
    // PDF text joins a numbered heading and its content on one long line
    const joined = splitProposal(`๓. หลักการและเหตุผล ${'โรงเรียนขาดแคลนหนังสือ '.repeat(8)}\n๔. งบประมาณ ๕,๐๐๐ บาท`);
    expect(joined.map((s) => s.section.name)).toEqual(['หลักการและเหตุผล', 'งบประมาณ']);
    expect(joined[1].body).toBe('๕,๐๐๐ บาท');
  });
});
