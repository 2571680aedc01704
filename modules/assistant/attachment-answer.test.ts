// A question sent with a file is answered from the file and the library; the file is cited as the attachment
// (issue 18 item 5: regulation.docx + "…ส่งรายงานผลภายในกี่วัน" gave an empty SDGs template before).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { addRegulation } from './test-corpus';
import { startFakeOllama } from '../../tests/helpers/fake-ollama';

const FIXTURES = join(import.meta.dir, '../../../shared/fixtures/docs');
let app: TestApp;
let lib: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' }); // an empty library: only the file can answer
  lib = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' }); // the regulation indexed: file and library compete
});
afterAll(async () => {
  await app.close();
  await lib.close();
});

function ask(message: string, file: { name: string; bytes: Uint8Array; type: string }, on = app) {
  const form = new FormData();
  form.append('message', message);
  form.append('show_regulation', 'true');
  form.append('inline_references', 'false');
  form.append('files', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return on.request('/api/chat', { method: 'POST', body: form });
}

describe('a question about an attached file', () => {
  test('is answered by quoting the file, cited as the attachment', async () => {
    const docx = {
      name: 'regulation.docx',
      bytes: readFileSync(join(FIXTURES, 'regulation.docx')),
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    const res = await ask('เมื่อจัดกิจกรรมเสร็จ ต้องส่งรายงานผลภายในกี่วัน', docx);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.text).toContain('๑๕ วัน');
    expect(body.text).toContain('ไฟล์แนบ regulation.docx');
    expect(body.references[0]).toMatchObject({ title: 'ไฟล์แนบ regulation.docx' });
    expect(body.references[0].headingPath).toContain('ข้อ ๙');
    expect(body.document_type).toBeUndefined(); // an answer, not a draft
    expect(body.accuracy).toBeGreaterThanOrEqual(30);
  });

  test('a question about "this" attached proposal beside a library: the proposal\'s own section answers', async () => {
    await addRegulation(lib.ctx);
    const text = readFileSync(join(import.meta.dir, 'drafting/test-data/proposal-camp-nan.txt'));
    const body = (await (await ask('งบประมาณทั้งสิ้นของค่ายนี้กี่บาท', { name: 'proposal.txt', bytes: text, type: 'text/plain' }, lib)).json()) as any;
    expect(body.text).toContain('ตามไฟล์แนบ proposal.txt งบประมาณทั้งสิ้น ๓๐,๐๐๐ บาท');
    expect(body.references[0].title).toBe('ไฟล์แนบ proposal.txt');
  });

  test('a file that does not hold the answer still gets the fallback, not an invented one', async () => {
    const note = { name: 'note.txt', bytes: new TextEncoder().encode('รายชื่อสมาชิกชมรมถ่ายภาพ ปีการศึกษา ๒๕๖๘\nนายก ใจดี\nนางสาวข สุขใจ'), type: 'text/plain' };
    const body = (await (await ask('ต้องส่งรายงานผลการดำเนินงานภายในกี่วัน', note)).json()) as any;
    expect(body.references).toEqual([]);
    expect(body.text).not.toContain('ไฟล์แนบ');
  });

  test('with a model configured, an answer taken from the file cites the file', async () => {
    const ollama = startFakeOllama({ reply: 'ตามไฟล์แนบ ต้องส่งรายงานผลการดำเนินงานภายใน ๑๕ วันนับแต่วันที่เสร็จสิ้นกิจกรรม' });
    const withModel = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000', OLLAMA_HOST: ollama.url });
    try {
      const docx = {
        name: 'regulation.docx',
        bytes: readFileSync(join(FIXTURES, 'regulation.docx')),
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
      const body = (await (await ask('เมื่อจัดกิจกรรมเสร็จ ต้องส่งรายงานผลภายในกี่วัน', docx, withModel)).json()) as any;
      expect(body.text).toContain('๑๕ วัน');
      expect(body.references[0]).toMatchObject({ title: 'ไฟล์แนบ regulation.docx' });
    } finally {
      await withModel.close();
      await ollama.close();
    }
  });
});
