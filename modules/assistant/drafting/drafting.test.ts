import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mammoth from 'mammoth';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { readSse } from '../../../web/lib/sse';
import { REQUIRED_FIELDS } from '../../../contracts/drafting';
import { addRegulation } from '../test-corpus';
import { PROJECT_SECTIONS, projectLayout } from './project-layout';
import { memoLayout } from './memo-layout';
import { readBrief } from './brief';
import { parseSections } from './service';
import { formatThaiDate, thaiDayOf } from './thai';

const NOW = new Date('2024-11-20T03:00:00Z');
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
  const xml = await (await JSZip.loadAsync(buffer)).file('word/document.xml')!.async('string');
  return { text: value, xml };
}

/** The paragraphs of document.xml, each with its plain text. */
const paragraphs = (xml: string) =>
  [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => ({ xml: m[0], text: [...m[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('') }));

const MEMO_BRIEF =
  'ช่วยร่างบันทึกข้อความขออนุมัติโครงการค่ายอาสาพัฒนาชนบท ของชมรมอาสาพัฒนา คณะวิทยาศาสตร์ วันที่ 15-17 ม.ค. 68 ณ โรงเรียนบ้านห้วยแก้ว จังหวัดน่าน ผู้เข้าร่วม 100 คน งบ 30,000 บาท เพื่อปรับปรุงห้องสมุดโรงเรียน เรียน รองอธิการบดีฝ่ายกิจการนักศึกษา ลงชื่อ นายกิตติ ศรีสุข ประธานชมรมอาสาพัฒนา';

describe('the memo (บันทึกข้อความ, แบบที่ ๒๙)', () => {
  test('today in Thai numerals on the ที่/วันที่ line, the activity range, place, numbers and the signature; completeness, not confidence', async () => {
    const today = formatThaiDate(thaiDayOf(new Date()));
    const { json, cookie } = await draft({ brief: MEMO_BRIEF, document_type: 'internal_memo', with_sources: false });
    expect(json.downloadUrl).toMatch(/^\/api\/drafts\/[A-Za-z0-9]+\/download$/);
    const { text, xml } = await docxOf(json.downloadUrl, cookie);
    for (const doc of [json.text as string, text])
      for (const part of [
        'บันทึกข้อความ',
        'ส่วนราชการ',
        'ชมรมอาสาพัฒนา คณะวิทยาศาสตร์',
        'อว …',
        today,
        'เรื่อง',
        'ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท',
        'เรียน',
        'รองอธิการบดีฝ่ายกิจการนักศึกษา',
        'ระหว่างวันที่ ๑๕ – ๑๗ มกราคม ๒๕๖๘',
        'ณ โรงเรียนบ้านห้วยแก้ว จังหวัดน่าน',
        'จำนวน ๑๐๐ คน',
        '๓๐,๐๐๐ บาท (สามหมื่นบาทถ้วน)',
        'จึงเรียนมาเพื่อโปรดพิจารณาอนุมัติ',
        '(นายกิตติ ศรีสุข)',
        'ประธานชมรมอาสาพัฒนา',
        'กรุณาตรวจสอบ',
      ])
        expect(doc).toContain(part);
    // not dated by the activity: วันที่ is today
    expect(json.text).not.toContain('วันที่ ๑๗ มกราคม ๒๕๖๘');
    // two facts the brief did not give: the phone and the reason
    expect(json.completeness).toEqual({ filled: 9, total: 11, missing: ['หมายเลขโทรศัพท์', 'เหตุผลความจำเป็น'] });
    expect(json.accuracy).toBeCloseTo((9 / 11) * 100, 1);
    expect(json.text).toContain('[โปรดระบุหมายเลขโทรศัพท์]');

    const ps = paragraphs(xml);
    const dateLine = ps.find((p) => p.text.includes('วันที่') && p.text.startsWith('ที่'))!;
    expect(dateLine.text).toContain(today); // ที่ and วันที่ in ONE paragraph …
    expect(dateLine.xml).toContain('<w:tab/>'); // … separated by a tab …
    expect(dateLine.xml).toMatch(/<w:tabs><w:tab w:val="left" w:pos="\d+"\/><\/w:tabs>/); // … to a tab stop
    const title = ps.find((p) => p.text === 'บันทึกข้อความ')!;
    expect(title.xml).toContain('<w:b/>');
    expect(title.xml).toContain('<w:sz w:val="58"/>'); // 29 pt
    expect(xml).toContain('w:ascii="TH SarabunIT๙"');
    expect(xml).toContain('<w:sz w:val="32"/>'); // 16 pt body
    expect(xml).toMatch(/<w:pgMar [^>]*w:left="1701"/); // 3 cm
    expect(xml).toMatch(/<w:pgMar [^>]*w:right="1134"/); // 2 cm
    // the signature block: line, name in parentheses, position, each on its own centred paragraph
    const sig = ps.findIndex((p) => p.text === '(นายกิตติ ศรีสุข)');
    expect(ps[sig - 1].text).toMatch(/^…+$/);
    expect(ps[sig + 1].text).toBe('ประธานชมรมอาสาพัฒนา');
    expect(ps[sig].xml).toContain('<w:jc w:val="center"/>');
  });

  test("signed by the organisation's officer even when the advisor is named first", () => {
    const doc = memoLayout(readBrief('ร่างบันทึกขออนุมัติ อาจารย์ที่ปรึกษา ผศ.ดร.วิไล ศรีงาม ผู้เสนอ นางสาวกานดา มีสุข นายกองค์การนักศึกษา'));
    const sig = doc.blocks.find((b) => b.kind === 'signature');
    expect(sig).toMatchObject({ lines: ['…………………………………………', '(นางสาวกานดา มีสุข)', 'นายกองค์การนักศึกษา'] });
  });

  test('an English project name is set apart from โครงการ by a space in the title, the steps and the memo', () => {
    const brief = readBrief('ร่างบันทึกขออนุมัติ โครงการ Smart Campus Hackathon วันที่ 12 มกราคม 2569 ที่ห้องประชุม 1');
    expect(brief.projectName).toBe('Smart Campus Hackathon');
    const texts = (blocks: unknown) => JSON.stringify(blocks);
    const project = texts(projectLayout(brief).blocks);
    expect(project).toContain('"text":"โครงการ Smart Campus Hackathon"');
    expect(project).toContain('ดำเนินกิจกรรมตามโครงการ Smart Campus Hackathon');
    expect(texts(memoLayout(brief).blocks)).not.toContain('โครงการSmart');
  });

  test("a request to use a room says what for and names the room once; the brief's numbers in Thai digits, a code as written", () => {
    const texts = (blocks: unknown) => JSON.stringify(blocks);
    const hall = texts(memoLayout(readBrief('ขอใช้หอประชุมใหญ่ วันศุกร์ที่ 12 ธ.ค. 67 จัดงานไหว้ครู เรียนอธิการบดี', NOW)).blocks);
    expect(hall).toContain('จึงขอใช้หอประชุมใหญ่ เพื่อจัดงานไหว้ครู ในวันที่');
    expect(hall.match(/หอประชุมใหญ่/g)).toHaveLength(2); // เรื่อง and the request, not again after ณ
    const room = texts(memoLayout(readBrief('แจ้งสรุปผลการประชุมกรรมการชมรม ครั้งที่ 2/2567 ณ ห้อง 201 อาคาร 5', NOW)).blocks);
    expect(room).toContain('"value":"แจ้งสรุปผลการประชุมกรรมการชมรม ครั้งที่ ๒/๒๕๖๗"');
    expect(room).toContain('ณ ห้อง ๒๐๑ อาคาร ๕');
    expect(room).toContain('ด้วย[ชื่อองค์กรนักศึกษา]'); // the club's committee met: no club is named, "ชมรม ครั้งที่" is none
    const code = texts(memoLayout(readBrief('แจ้งประชุมชมรมดนตรี ณ ห้อง SC-201', NOW)).blocks);
    expect(code).toContain('ณ ห้อง SC-201');
  });

  test('a bare brief leaves every fact a visible placeholder, never an invented one', async () => {
    const { json } = await draft({ brief: 'ร่างบันทึกข้อความแจ้งประชุมชมรม', document_type: 'internal_memo', with_sources: false });
    // a notice asks for no head count and no budget
    expect(json.completeness.total).toBe(REQUIRED_FIELDS.internal_memo.length - 2);
    expect(json.completeness.missing).toContain('วันที่จัดกิจกรรม');
    expect(json.completeness.missing).toContain('สถานที่');
    expect(json.text).not.toContain('[โปรดระบุงบประมาณ]');
    const activity = await draft({ brief: 'ร่างบันทึกข้อความขออนุมัติจัดโครงการ', document_type: 'internal_memo', with_sources: false });
    expect(activity.json.completeness.total).toBe(REQUIRED_FIELDS.internal_memo.length);
    expect(activity.json.completeness.missing).toContain('งบประมาณ');
    expect(json.text).toContain('[โปรดระบุวันที่จัดกิจกรรม]');
    expect(json.text).toContain('จึงเรียนมาเพื่อโปรดทราบ');
    expect(json.text).toContain('ในการนี้ [ชื่อองค์กรนักศึกษา] ขอแจ้งประชุมชมรม'); // a notice says what it tells
  });
});

const PROJECT_BRIEF =
  'ช่วยเขียนโครงการค่ายอาสาพัฒนาชนบท ชมรมอาสาพัฒนา 15-17 ม.ค. 68 โรงเรียนบ้านห้วยแก้ว จ.น่าน นักศึกษา 100 คน งบ 30,000 ค่าอาหาร 15,000 ค่าเดินทาง 10,000 ค่าวัสดุ 5,000 เพื่อสอนหนังสือน้องและปรับปรุงห้องสมุด ผู้รับผิดชอบ นายกิตติ ศรีสุข ประธานชมรม';

describe('drafting from an attached proposal (issue 18 item 5)', () => {
  test('"ช่วยทำบันทึกขออนุมัติโครงการนี้" with the proposal attached is a memo about that project', async () => {
    const form = new FormData();
    form.append('brief', 'ช่วยทำบันทึกขออนุมัติโครงการนี้');
    form.append('document_type', 'internal_memo');
    form.append('with_sources', 'false');
    form.append('files', new File([readFileSync(join(import.meta.dir, 'test-data/proposal-camp-nan.txt'))], 'proposal.txt', { type: 'text/plain' }));
    const res = await app.request('/api/draft', { method: 'POST', body: form });
    const json = (await res.json()) as any;
    for (const part of [
      'เรื่อง ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท ครั้งที่ ๑๒',
      'ด้วยชมรมอาสาพัฒนา โรงเรียนบ้านห้วยแก้วเป็นโรงเรียนขนาดเล็ก',
      'ระหว่างวันที่ ๑๕ – ๑๗ มกราคม ๒๕๖๘',
      'ณ โรงเรียนบ้านห้วยแก้ว อำเภอเมือง จังหวัดน่าน',
      '๓๐,๐๐๐ บาท (สามหมื่นบาทถ้วน)',
      '(นายกิตติ ศรีสุข)',
      'จึงเรียนมาเพื่อโปรดพิจารณาอนุมัติ',
    ])
      expect(json.text).toContain(part);
    expect(json.text).not.toContain('โครงการนี้');
  });
});

describe('the SDGs proposal (โครงการ)', () => {
  test('every section in order, the name from the brief, SDG goals, steps and budget as tables, the total in words', async () => {
    const { json, cookie } = await draft({ brief: PROJECT_BRIEF, document_type: 'student_activity_project', with_sources: true });
    const { text, xml } = await docxOf(json.downloadUrl, cookie);
    for (const doc of [json.text as string, text]) {
      let at = -1;
      for (const s of PROJECT_SECTIONS) {
        const i = doc.indexOf(s, at + 1);
        expect(i).toBeGreaterThan(at); // present, and after the previous one
        at = i;
      }
      for (const part of [
        'โครงการค่ายอาสาพัฒนาชนบท',
        'เชิงปริมาณ',
        'เชิงคุณภาพ',
        'เป้าหมายที่ ๔ การศึกษาที่มีคุณภาพ',
        'นักศึกษา จำนวน ๑๐๐ คน',
        'ระหว่างวันที่ ๑๕ – ๑๗ มกราคม ๒๕๖๘',
        'โรงเรียนบ้านห้วยแก้ว จังหวัดน่าน',
        'ค่าอาหาร',
        'รวมทั้งสิ้น',
        'สามหมื่นบาทถ้วน',
        'นายกิตติ ศรีสุข',
        '[โปรดระบุหลักการและเหตุผล]',
        'อ้างอิงระเบียบที่เกี่ยวข้อง',
      ])
        expect(doc).toContain(part);
    }
    expect(json.text).not.toContain('กิจกรรมนักศึกษา SDGs');
    const tables = [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((m) => m[0]);
    expect(tables).toHaveLength(2);
    const cells = (t: string) =>
      [...t.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => [...c[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(''));
    expect(cells(tables[0])).toContain('๑๕ – ๑๗ มกราคม ๒๕๖๘'); // the activity step is dated
    expect(cells(tables[1])).toEqual([
      'ที่',
      'รายการ',
      'จำนวนเงิน (บาท)',
      '๑',
      'ค่าอาหาร',
      '๑๕,๐๐๐',
      '๒',
      'ค่าเดินทาง',
      '๑๐,๐๐๐',
      '๓',
      'ค่าวัสดุ',
      '๕,๐๐๐',
      '',
      'รวมทั้งสิ้น',
      '๓๐,๐๐๐',
    ]);
    expect(json.completeness).toEqual({ filled: 11, total: 12, missing: ['หลักการและเหตุผล'] });
    // headings are kept with their content (a heading never ends a page alone); the signature does not wrap
    const ps = paragraphs(xml);
    expect(ps.find((p) => p.text === '๑๒. ตัวชี้วัดความสำเร็จ')!.xml).toContain('<w:keepNext/>');
    const sig = ps.findIndex((p) => p.text === '(นายกิตติ ศรีสุข)');
    expect(ps[sig - 1].text).toMatch(/^ลงชื่อ …+$/);
    expect(ps[sig + 2].text).toBe('ผู้เสนอโครงการ');
  });

  test('a named advisor signs too', async () => {
    const { json } = await draft({ brief: `${PROJECT_BRIEF} อาจารย์ที่ปรึกษา ผศ.ดร.วิไล ศรีงาม`, document_type: 'student_activity_project', with_sources: false });
    expect(json.text).toContain('(ผศ.ดร.วิไล ศรีงาม)\nอาจารย์ที่ปรึกษา');
    expect(json.text).toContain('(นายกิตติ ศรีสุข)\nประธานชมรม\nผู้เสนอโครงการ');
  });

  test("the issue's brief: 100 participants and 30,000 baht stay apart; the named goal wins", async () => {
    const { json } = await draft({
      brief: 'โครงการ SDGs ค่ายอาสา 15-17 ม.ค. 68 ที่น่าน 100 คน งบ 30,000 สอดคล้อง SDG 4',
      document_type: 'student_activity_project',
      with_sources: false,
    });
    expect(json.text).toContain('ผู้เข้าร่วม จำนวน ๑๐๐ คน');
    expect(json.text).toContain('๓๐,๐๐๐ บาท (สามหมื่นบาทถ้วน)');
    expect(json.text).toContain('เป้าหมายที่ ๔ การศึกษาที่มีคุณภาพ');
    expect(json.text).not.toContain('เลือกจากเนื้อหา');
    expect(json.text).toContain('จังหวัดน่าน');
  });

  test('only the client that made a draft can download it; SSE streams the draft', async () => {
    const { json, cookie } = await draft({ brief: 'ร่างบันทึกข้อความแจ้งประชุมชมรม', document_type: 'internal_memo', with_sources: false });
    expect((await app.request(json.downloadUrl, { cookie: 'askreg_guest=nobody.x' })).status).toBe(404);
    const user = await app.signIn('drafter@example.ac.th');
    expect((await app.request(json.downloadUrl, { cookie: user.cookie })).status).toBe(404);
    expect((await app.request(json.downloadUrl.replace('/api/', '/ai-api/'), { cookie })).status).toBe(200);
    const res = await app.request('/api/draft', {
      json: { brief: 'ร่างโครงการค่ายอาสา', document_type: 'student_activity_project', with_sources: false },
      cookie: user.cookie,
      headers: { accept: 'text/event-stream' },
    });
    const events = [];
    for await (const e of readSse(res)) events.push(e.event);
    expect(events).toEqual(['meta', 'token', 'done']);
  });

  test('model output is split into the prose parts by its "##" headings', () => {
    const got = parseSections('## ๑. หลักการและเหตุผล\nเพราะ…\n## วัตถุประสงค์:\n๑. ฝึกทักษะ\n## อื่น ๆ\nx', ['หลักการและเหตุผล', 'วัตถุประสงค์']);
    expect(got).toEqual({ หลักการและเหตุผล: 'เพราะ…', วัตถุประสงค์: '๑. ฝึกทักษะ' });
  });

  test('a model that runs on in blank lines is split in one pass', () => {
    // a heading's indent read as \s ran over every blank line after each one: 200,000 of them took ~11 s
    const got = parseSections(`## เหตุผล\nเพราะ…\n## วัตถุประสงค์\nฝึกทักษะ${'\n'.repeat(200_000)}.`, ['เหตุผล', 'วัตถุประสงค์']);
    expect(got.เหตุผล).toBe('เพราะ…');
    expect(got.วัตถุประสงค์?.startsWith('ฝึกทักษะ\n')).toBe(true);
  });

  test('invalid requests are refused', async () => {
    expect((await app.request('/api/draft', { json: { brief: 'x', document_type: 'letter', with_sources: false } })).status).toBe(400);
    expect((await app.request('/api/draft', { json: { brief: '', document_type: 'internal_memo' } })).status).toBe(400);
  });
});
