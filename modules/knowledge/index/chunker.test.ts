import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { documentNameFrom } from './document-name.ts';

const regulation = readFileSync(join(import.meta.dir, '../../../../shared/fixtures/docs/regulation.txt'), 'utf8');
const TITLE = 'ข้อบังคับกิจกรรมนักศึกษา';

describe('chunkDocument on regulation.txt', () => {
  const chunks = chunkDocument({ title: TITLE, pages: [{ page: 1, text: regulation }] });
  const labels = chunks.map((c) => c.headingPath.at(-1));

  test("every ข้อ ๑–๑๐ is its own chunk, however short (a merged 'ข้อ ๒–๓' made ข้อ ๓ uncitable)", () => {
    for (const n of ['๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘', '๙', '๑๐']) expect(labels).toContain(`ข้อ ${n}`);
    const covered = chunks.flatMap((c) => [...c.text.matchAll(/^ข้อ ([๐-๙]+)/gm)].map((m) => m[1]));
    expect(covered).toEqual(['๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘', '๙', '๑๐']);
    for (const c of chunks) expect([...c.text.matchAll(/^ข้อ [๐-๙]+/gm)].length).toBeLessThanOrEqual(1);
  });

  test('heading path starts with the title; numbered items stay inside their clause', () => {
    for (const c of chunks) expect(c.headingPath[0]).toBe(TITLE);
    const clause6 = chunks.find((c) => c.headingPath.at(-1) === 'ข้อ ๖')!;
    expect(clause6.text).toContain('(๑) วงเงินไม่เกิน');
    expect(clause6.text).toContain('(๓) วงเงินเกิน ๑๐๐,๐๐๐ บาท');
    expect(chunks[0].headingPath).toEqual([TITLE]);
    expect(chunks[0].text).toContain('โดยที่เป็นการสมควร');
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  test('page numbers follow the source pages', () => {
    const cut = regulation.indexOf('ข้อ ๗');
    const paged = chunkDocument({
      title: TITLE,
      pages: [
        { page: 1, text: regulation.slice(0, cut) },
        { page: 2, text: regulation.slice(cut) },
      ],
    });
    expect(paged.find((c) => c.headingPath.at(-1) === 'ข้อ ๖')!.page).toBe(1);
    expect(paged.find((c) => c.headingPath.at(-1) === 'ข้อ ๗')!.page).toBe(2);
    expect(paged.find((c) => c.headingPath.at(-1) === 'ข้อ ๑๐')!.page).toBe(2);
  });
});

describe('chunkDocument structure and sizes', () => {
  test('หมวด and ส่วน headings build the path; มาตรา and Arabic numerals are clauses', () => {
    const text = 'หมวด ๑\nบททั่วไป\nข้อ 1 ความทั่วไป '.repeat(1) + 'x'.repeat(120) + '\nหมวด ๒ การเงิน\nส่วนที่ ๑ งบประมาณ\nมาตรา ๑๒ เงินอุดหนุน ' + 'ย'.repeat(150);
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 3, text }] });
    expect(chunks[0].headingPath).toEqual(['T', 'หมวด ๑ บททั่วไป', 'ข้อ 1']);
    expect(chunks[1].headingPath).toEqual(['T', 'หมวด ๒ การเงิน', 'ส่วนที่ ๑ งบประมาณ', 'มาตรา ๑๒']);
    expect(chunks[1].page).toBe(3);
  });

  test('a clause numbered "ข้อที่ ๓" is a clause, cited as ข้อ ๓ with its items under it (before: one run of text with no clause)', () => {
    const text = [
      'ประกาศมหาวิทยาลัยตัวอย่าง เรื่อง อัตราค่าธรรมเนียมการศึกษา (ฉบับที่ ๙)',
      'ข้อที่ ๑ ประกาศนี้เรียกว่า “ประกาศมหาวิทยาลัยตัวอย่าง เรื่อง อัตราค่าธรรมเนียมการศึกษา (ฉบับที่ ๙)”',
      'ข้อที่ ๒ ประกาศนี้ใช้บังคับตั้งแต่ภาคการศึกษาที่ ๑/๒๕๖๔ เป็นต้นไป',
      'ข้อที่ ๓ ให้เรียกเก็บค่าธรรมเนียมการศึกษาเหมาจ่ายดังนี้',
      '(๑) สาขาวิชาทั่วไป ภาคการศึกษาละ ๑๒,๐๐๐ บาท',
      '(๒) โครงการพิเศษ ภาคการศึกษาละ ๑๘,๐๐๐ บาท',
    ].join('\n');
    const chunks = chunkDocument({ title: '30-07-2563', pages: [{ page: 1, text }] });
    const clauses = chunks.map((c) => c.headingPath.at(-1));
    expect(clauses).toContain('ข้อ ๓');
    expect(chunks.find((c) => c.text.includes('๑๘,๐๐๐'))!.headingPath.at(-1)).toBe('ข้อ ๓');
    expect(chunks.find((c) => c.text.includes('ใช้บังคับ'))!.headingPath.at(-1)).toBe('ข้อ ๒');
    expect(documentNameFrom([{ page: 1, text }])).toBe('ประกาศมหาวิทยาลัยตัวอย่าง เรื่อง อัตราค่าธรรมเนียมการศึกษา (ฉบับที่ ๙)');
  });

  test("a term's number (ภาค 1/2567) is no code's part (ภาค ๑): a row's wrapped tail heads nothing after it", () => {
    // a calendar's row wrapped its last cell onto a line of its own (real_cal_dev swu, p2): read as a part of a code,
    // it headed every later passage of the year and named their term 1/2567
    const text = [
      'อ. 13 – จ. 19 ส.ค. 67\t-เพิ่ม ลด วิชาแกน วิชาเอกของคณะ รายวิชาศึกษาทั่วไป และ',
      'ภาค 1/2567 (นิสิตรหัส 60-67)',
      'ศ. 16 ส.ค. 67\t-วันสุดท้าย นิสิตยื่นคำร้องขอเรียนหน่วยกิตเกินกำหนด ภาค 1/2567',
      'จ. 18 – จ. 25 พ.ย. 67\t-ลงทะเบียนเรียนเฉพาะวิชาแกน วิชาเอกของคณะ ภาค 2/2567',
    ].join('\n');
    const chunks = chunkDocument({ title: 'ปฏิทิน', pages: [{ page: 1, text }] });
    expect(chunks.map((c) => c.headingPath.join(' › '))).toEqual(chunks.map(() => 'ปฏิทิน'));
    expect(chunks.map((c) => c.text).join('\n')).toContain('ภาค 1/2567 (นิสิตรหัส 60-67)');
    // a code's part still heads its sections
    const code = chunkDocument({ title: 'ประมวล', pages: [{ page: 1, text: 'ภาค ๑ บทบัญญัติทั่วไป\nมาตรา ๑ ความในประมวลนี้' }] });
    expect(code.at(-1)!.headingPath).toContain('ภาค ๑ บทบัญญัติทั่วไป');
  });

  test('an academic term alone on a line heads the rows below it, up to the next term', () => {
    const rows = (n: number) => `วันเปิดภาคการศึกษา\tจันทร์ที่ ${n} มิถุนายน 2568\nวันสอบไล่\tจันทร์ที่ ${n + 1} ตุลาคม 2568`;
    const text = `ปฏิทินการศึกษา\nภาคการศึกษาที่ 1/2568\n${rows(1)}\nภาคการศึกษาที่ 2/2568\n${rows(10)}\nภาคฤดูร้อน/2568\n${rows(20)}`;
    const chunks = chunkDocument({ title: 'ปฏิทิน', pages: [{ page: 1, text }] });
    const paths = chunks.map((c) => c.headingPath.join(' › '));
    expect(paths).toEqual(['ปฏิทิน', 'ปฏิทิน › ภาคการศึกษาที่ 1/2568', 'ปฏิทิน › ภาคการศึกษาที่ 2/2568', 'ปฏิทิน › ภาคฤดูร้อน/2568']);
    expect(chunks[2].text).toContain('จันทร์ที่ 11 ตุลาคม');
    expect(chunks[2].text).not.toContain('จันทร์ที่ 1 มิถุนายน');
  });

  test("a term by its other names heads its rows too: the special term, a year written as ปีการศึกษา; a form's programme does not", () => {
    const rows = (n: number) => `วันเปิดภาคการศึกษา\tจันทร์ที่ ${n} มิถุนายน 2568\nวันสอบไล่\tจันทร์ที่ ${n + 1} ตุลาคม 2568`;
    const text = `ปฏิทินการศึกษา\nภาคการศึกษาที่ 2 ปีการศึกษา 2568\n${rows(1)}\nภาคการศึกษาพิเศษ/2568\n${rows(10)}\nภาคพิเศษ\n${rows(20)}`;
    const paths = chunkDocument({ title: 'ปฏิทิน', pages: [{ page: 1, text }] }).map((c) => c.headingPath.join(' › '));
    // before: the special term's rows were headed by term 2, the term above them
    expect(paths).toEqual(['ปฏิทิน', 'ปฏิทิน › ภาคการศึกษาที่ 2 ปีการศึกษา 2568', 'ปฏิทิน › ภาคการศึกษาพิเศษ/2568']);
  });

  test('a huge clause splits at numbered items, then by size with overlap on spaces', () => {
    const items = Array.from({ length: 12 }, (_, i) => `(${i + 1}) ${'คำ'.repeat(40)} รายการที่${i + 1} ${'ข้อความ '.repeat(20)}`);
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text: `ข้อ ๙ รายการดังนี้\n${items.join('\n')}` }] }, { targetChars: 600, maxChars: 900 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(900);
    // every piece is cited as ข้อ ๙; the pieces after the first keep its opening words
    expect(chunks[0].headingPath).toEqual(['T', 'ข้อ ๙']);
    for (const c of chunks.slice(1)) expect(c.headingPath).toEqual(['T', 'รายการดังนี้', 'ข้อ ๙']);
    // Items are not cut in the middle when they fit.
    for (const c of chunks.slice(1)) expect(c.text.startsWith('(')).toBe(true);
  });

  test('prose without structure chunks by size with overlap and whole words', () => {
    const sentence = 'นักศึกษาต้องลงทะเบียนเรียนภายในกำหนดเวลา ';
    const text = sentence.repeat(80);
    const chunks = chunkDocument({ title: '', pages: [{ page: 1, text }] }, { targetChars: 400, maxChars: 500, overlapChars: 60 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(500);
      expect(c.headingPath).toEqual([]);
      expect(c.text.startsWith('นักศึกษา')).toBe(true);
    }
    // Overlap: each chunk begins with text that ended the previous one.
    const head = chunks[1].text.slice(0, 20);
    expect(chunks[0].text.includes(head)).toBe(true);
  });

  test("an announcement's numbered topics are clauses of their own, headed by the topic and cited as ข้อ N", () => {
    const text = readFileSync(join(import.meta.dir, '../../../scripts/eval/data/dorm/scholarship-2568.txt'), 'utf8');
    const chunks = chunkDocument({ title: 'ประกาศทุน', pages: [{ page: 1, text }] });
    expect(chunks.map((c) => c.headingPath.at(-1))).toEqual(['ประกาศทุน', 'ข้อ ๑', 'ข้อ ๒', 'ข้อ ๓', 'ข้อ ๔', 'ข้อ ๕', 'ข้อ ๖']);
    expect(chunks[1].headingPath).toEqual(['ประกาศทุน', '๑. คุณสมบัติของผู้สมัคร', 'ข้อ ๑']);
    // a topic's items stay with it
    expect(chunks[3].text).toContain('(๑) ใบสมัคร');
    expect(chunks[3].text).toContain('(๕) รูปถ่าย');
  });

  test('numbered lines one after another are a list, not topics; in a regulation, "๑." stays an item', () => {
    const list = chunkDocument({ title: 't', pages: [{ page: 1, text: 'เอกสารที่ต้องใช้\n๑. ใบสมัคร\n๒. สำเนาบัตรประชาชน\n๓. รูปถ่าย' }] });
    expect(list.every((c) => c.headingPath.length === 1)).toBe(true);
    const reg = chunkDocument({ title: 't', pages: [{ page: 1, text: 'ข้อ ๑ ให้ยื่นเอกสารดังนี้\n๑. ใบสมัคร\nกรอกให้ครบ\nข้อ ๒ ให้ใช้บังคับ' }] });
    expect(reg.map((c) => c.headingPath.at(-1))).toEqual(['ข้อ ๑', 'ข้อ ๒']);
  });

  test("a list's last short item over the next row's text is an item of the list, not a topic heading that row", () => {
    // a loan announcement's schedule (scanned): the documents to send, then the next step's row and its own numbered list
    const text = [
      'ส่งใบคำร้อง : ประกอบด้วย',
      '1.ใบคำร้องขอยืมเงินฯ (ขอรับที่งานทุนการศึกษา) 15 - 19 กันยายน 2551',
      '2. สำเนาใบแสดงผลการศึกษา ภาคการศึกษาที่ 1/2551',
      '3. สำเนาเอกสารการลงทะเบียนเรียน (ภาระค่าใช้จ่าย) 4. สำเนาบัตรประจำตัวนักศึกษา',
      '5. หนังสือรับรองรายได้ของครอบครัว',
      'พิจารณาใบคำร้องและคัดเลือกผู้สมัครได้รับเงินยืมเพื่อการศึกษา',
      '1. ประชุมคณะกรรมการทุนการศึกษาฯ คัดเลือกผู้สมควรได้รับเงินยืมฯ 26 กันยายน 2551',
    ].join('\n');
    const chunks = chunkDocument({ title: 'ประกาศ', pages: [{ page: 1, text }] });
    // before: "5. หนังสือรับรอง…" headed the next row's passage and was in no passage's text
    expect(chunks.some((c) => c.text.includes('หนังสือรับรองรายได้ของครอบครัว'))).toBe(true);
    expect(chunks.some((c) => c.headingPath.some((h) => h.includes('หนังสือรับรอง')))).toBe(false);
    expect(chunks.find((c) => c.text.includes('ประชุมคณะกรรมการ'))!.headingPath).toContain('พิจารณาใบคำร้องและคัดเลือกผู้สมัครได้รับเงินยืมเพื่อการศึกษา');
  });

  test("a topic under an inner list's last item, or under a sibling written as a statement, is still a topic", () => {
    // a faculty's petition list: each request over the documents it needs
    const petitions = [
      '1. ขอความอนุเคราะห์ลงทะเบียนล่าช้า ใช้สำเนาบัตรนักศึกษาและใบเพิ่มรายวิชา',
      '2. ขอความอนุเคราะห์ลงทะเบียนย้อนหลัง ใช้สำเนาใบเสร็จรับเงินภาคเรียนล่าสุด',
      '3. ขอยกเลิกการรักษาสภาพและลงทะเบียนย้อนหลัง ใช้สำเนาบัตรนักศึกษาและลายเซ็นที่ปรึกษา',
      '4. ขอลงทะเบียนเรียนซ้ำ เพื่อปรับค่าระดับคะแนนเฉลี่ยสะสม',
      'เอกสารแนบ 1. สำเนาบัตรนักศึกษา หรือ บัตรประชาชน',
      '2. ใบเพิ่มรายวิชา พร้อมลายเซ็นผู้สอนและที่ปรึกษา',
      '5. ขอความอนุเคราะห์เปลี่ยนรหัสวิชา',
      'เอกสารแนบ 1. สำเนาบัตรนักศึกษา หรือ บัตรประชาชน 2. สำเนาเกรดรายวิชาที่ต้องการเปลี่ยนรหัส',
    ].join('\n');
    const a = chunkDocument({ title: 'คำร้อง', pages: [{ page: 1, text: petitions }] });
    expect(a.find((c) => c.text.includes('สำเนาเกรดรายวิชา'))!.headingPath).toContain('5. ขอความอนุเคราะห์เปลี่ยนรหัสวิชา');
    // a standard's statement, then a topic over its text
    const standard = [
      '๑. ประกาศนี้เรียกว่า ประกาศคณะกรรมการมาตรฐานการอุดมศึกษา เรื่อง เกณฑ์มาตรฐานหลักสูตร',
      '๒. ชื่อปริญญา สถาบันอุดมศึกษาที่มีการตราพระราชกฤษฎีกาว่าด้วยปริญญาในสาขาวิชาให้ใช้ชื่อปริญญาตามนั้น',
      '๓. ปรัชญา และวัตถุประสงค์',
      'มุ่งให้การผลิตบัณฑิตมีความรู้ความสามารถในการประยุกต์ใช้ความรู้ทั้งภาคทฤษฎีและปฏิบัติ',
    ].join('\n');
    const b = chunkDocument({ title: 'เกณฑ์', pages: [{ page: 1, text: standard }] });
    expect(b.find((c) => c.text.includes('มุ่งให้การผลิต'))!.headingPath).toContain('๓. ปรัชญา และวัตถุประสงค์');
    // a curriculum's structure: a short item, then a topic over its sub-items in brackets
    const curriculum = ['หลักสูตร', '1. จำนวนหน่วยกิต รวมตลอดหลักสูตรไม่น้อยกว่า 132 หน่วยกิต', '2. โครงสร้างหลักสูตร', '(2.1) หมวดวิชาศึกษาทั่วไป ไม่น้อยกว่า 30 หน่วยกิต'].join(
      '\n',
    );
    const c = chunkDocument({ title: 'หลักสูตร', pages: [{ page: 1, text: curriculum }] });
    expect(c.find((x) => x.text.includes('หมวดวิชาศึกษาทั่วไป'))!.headingPath).toContain('2. โครงสร้างหลักสูตร');
  });

  // Shapes of real documents (ministry standards, faculty announcements, step lists), written for these tests.
  const standard = [
    'ประกาศคณะกรรมการมาตรฐาน เรื่อง เกณฑ์มาตรฐานหลักสูตร',
    '๑. ประกาศนี้เรียกว่า ประกาศคณะกรรมการมาตรฐาน เรื่อง เกณฑ์มาตรฐานหลักสูตร',
    '๒. ระบบการจัดการศึกษา ใช้ระบบทวิภาค โดย ๑ ปีการศึกษาแบ่งออกเป็น ๒ ภาคการศึกษาปกติ',
    '๓. การคิดหน่วยกิต',
    '๓.๑ รายวิชาภาคทฤษฎี บรรยายไม่น้อยกว่า ๑๕ ชั่วโมงต่อภาคการศึกษา ให้มีค่าเท่ากับ ๑ หน่วยกิต',
    '๓.๒ รายวิชาภาคปฏิบัติ ฝึกไม่น้อยกว่า ๓๐ ชั่วโมงต่อภาคการศึกษา ให้มีค่าเท่ากับ ๑ หน่วยกิต',
    '๔. จำนวนหน่วยกิตรวมและระยะเวลาการศึกษา',
    '๔.๑ หลักสูตร ๔ ปี มีจำนวนหน่วยกิตรวมไม่น้อยกว่า ๑๒๐ หน่วยกิต',
    '๔.๒ หลักสูตร ๕ ปี มีจำนวนหน่วยกิตรวมไม่น้อยกว่า ๑๕๐ หน่วยกิต',
  ].join('\n');

  test.each([
    // before: "๓." followed by "๓.๑" was neither a topic nor a clause, so ๑–๔ ran together under no clause
    [
      'a standard numbered ๑. ๒. ๓. with sub-items',
      standard,
      ['ข้อ ๑', 'ข้อ ๒', 'ข้อ ๓', 'ข้อ ๔'],
      ['๑. ประกาศ', '๒. ระบบ', '๓.๑ รายวิชาภาคทฤษฎี', '๔.๑ หลักสูตร ๔ ปี'],
    ],
    [
      'numbered steps before a quoted ข้อ of a regulation',
      '1. นักศึกษากรอกแบบฟอร์มเสนอแต่งตั้งคณะกรรมการ แล้วยื่นที่สาขาวิชา ก่อนวันสอบ 2 สัปดาห์\n2. สำนักวิชาแต่งตั้งคณะกรรมการพิจารณาโครงร่างวิทยานิพนธ์ตามที่เสนอ\nตามข้อบังคับว่าด้วยการศึกษาระดับบัณฑิตศึกษา\nข้อ 29 การขอความเห็นชอบโครงร่าง\n29.1 ปริญญาโท ให้ขอภายในสองภาคการศึกษา',
      ['ข้อ 1', 'ข้อ 2', 'ข้อ 29'],
      ['1. นักศึกษา', '2. สำนักวิชา', 'ข้อ 29'],
    ],
    [
      'a sub-item whose clause line OCR lost opens that clause',
      '๑. การลงทะเบียนบัณฑิต และการตรวจสอบรายชื่อบัณฑิตที่มีสิทธิ์เข้ารับปริญญา\n๑.๑ บัณฑิตลงทะเบียนทางเว็บไซต์\n๒.๑ บัณฑิตต้องมาฝึกซ้อมตามวันเวลาที่กำหนด ขาดซ้อมจะถูกตัดชื่อ\n๒.๒ แต่งกายตามระเบียบ',
      ['ข้อ ๑', 'ข้อ ๒'],
      ['๑. การลงทะเบียน', '๒.๑ บัณฑิตต้องมา'],
    ],
    [
      // before this rule was written it split a payment page's steps into clauses 1–4, away from their sub-item
      "a list under a dotted sub-item stays that sub-item's list",
      '6.5 ชำระเงินค่าธรรมเนียมด้วยการตัดบัญชีธนาคาร มีขั้นตอนดังนี้\n1. ทำรายการยืนยันการหักบัญชีผ่านเว็บไซต์สำนักทะเบียนและประมวลผล\n2. กดยืนยันการหักบัญชีพร้อมกรอกรหัสประจำตัวนักศึกษาและรหัสการลงทะเบียน',
      [],
      [],
    ],
    [
      // before: the OCR's "1," was no number, so the run never started and "2." could not go on from it
      'lists numbered anew under unnumbered headings, one misread "1,"',
      'คุณสมบัติของผู้สมัคร\n1, เป็นนักศึกษาชั้นปีที่ 2 ที่ลงทะเบียนเรียนครบทุกรายวิชาตามแผนการศึกษา\n2. มีคะแนนเฉลี่ยสะสมไม่ต่ำกว่า 3.00 และไม่มีรายวิชาใดได้ต่ำกว่า C\nวิธีการคัดเลือก\n1. คณะกรรมการพิจารณาจากผลการเรียนและการสัมภาษณ์ของผู้สมัครทุกคน',
      ['ข้อ 1', 'ข้อ 2', 'ข้อ 1'],
      ['1, เป็น', '2. มีคะแนน', '1. คณะกรรมการ'],
    ],
  ])('%s', (_, text, labels, starts) => {
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text }] }).filter((c) => c.headingPath.length > 1);
    expect(chunks.map((c) => c.headingPath.at(-1))).toEqual(labels);
    chunks.forEach((c, i) => expect(c.text.startsWith(starts[i])).toBe(true));
    // a topic ("๔. จำนวนหน่วยกิตรวมและระยะเวลาการศึกษา") heads its clause's text
    if (labels.length === 3 && labels[2] === 'ข้อ 1') expect(chunks.map((c) => c.headingPath[1])).toEqual(['คุณสมบัติของผู้สมัคร', 'คุณสมบัติของผู้สมัคร', 'วิธีการคัดเลือก']);
    // the line the run follows heads its clauses
    if (text === standard)
      expect(chunks[3].headingPath).toEqual(['T', 'ประกาศคณะกรรมการมาตรฐาน เรื่อง เกณฑ์มาตรฐานหลักสูตร', '๔. จำนวนหน่วยกิตรวมและระยะเวลาการศึกษา', 'ข้อ ๔']);
  });

  test("a split clause's later pieces keep its opening words as their heading (a sub-item says what it is about)", () => {
    const items = Array.from({ length: 6 }, (_, i) => `๑๗.${i + 1} กรณีที่ ${i + 1} ${'ข้อความของกรณีนี้ '.repeat(12)}`);
    const text = `ข้อ ๑๗ การวัดผลและการประเมินผลการศึกษา ให้เป็นดังนี้\n${items.join('\n')}\nข้อ ๑๘ ให้ใช้บังคับ`;
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text }] }, { targetChars: 500, maxChars: 700 });
    const clause17 = chunks.filter((c) => c.headingPath.at(-1) === 'ข้อ ๑๗');
    expect(clause17.length).toBeGreaterThan(1);
    expect(clause17[0].headingPath).toEqual(['T', 'ข้อ ๑๗']);
    for (const c of clause17.slice(1)) expect(c.headingPath).toEqual(['T', 'การวัดผลและการประเมินผลการศึกษา ให้เป็นดังนี้', 'ข้อ ๑๗']);
    expect(chunks.at(-1)!.headingPath).toEqual(['T', 'ข้อ ๑๘']);
  });

  test("a split clause's later pieces name a heading once when its head is also the dotted item open above them", () => {
    // VRU's recruitment notice: OCR lost the clause's own line, so "๒.๑ …" opens clause ๒ (its head) and heads its
    // sub-items "๒.๑.๑ …" (the dotted item open above them)
    const rows = Array.from(
      { length: 6 },
      (_, i) => `๒.๑.${'๑๒๓๔๕๖'[i]} ภาค ${'กขคงจฉ'[i]} ${'ผู้เข้าสอบแข่งขันจะต้องเข้าสอบทุกหลักสูตรและได้คะแนนไม่ต่ำกว่าร้อยละหกสิบ '.repeat(2)}`,
    );
    const text = `๑. การรับสมัครและการตรวจสอบคุณสมบัติของผู้สมัครสอบแข่งขัน\n๑.๑ ผู้สมัครยื่นใบสมัครด้วยตนเอง\n๒.๑ หลักสูตรการสอบแข่งขัน มี ๓ ภาค ดังนี้\n${rows.join('\n')}`;
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text }] }, { targetChars: 400, maxChars: 600 });
    const later = chunks.filter((c) => c.headingPath.at(-1) === 'ข้อ ๒').slice(1);
    expect(later.length).toBeGreaterThan(0);
    // before: ['T', '๒.๑ หลักสูตรการสอบแข่งขัน มี ๓ ภาค ดังนี้', '๒.๑ หลักสูตรการสอบแข่งขัน มี ๓ ภาค ดังนี้', 'ข้อ ๒']
    for (const c of later) expect(c.headingPath).toEqual(['T', '๒.๑ หลักสูตรการสอบแข่งขัน มี ๓ ภาค ดังนี้', 'ข้อ ๒']);
  });

  // What an announcement attaches after its last clause (shapes of real_reg rmutp, real_fresh_c vru, real_dev sut's
  // curriculum): on a page of its own, under a title of its own, not more of the last clause.
  const clauses = 'ประกาศมหาวิทยาลัย เรื่อง เกณฑ์ภาระงาน\nข้อ ๑๒ ให้คณบดีรายงานผลทุกปี\nข้อ ๑๓ ประกาศนี้ใช้บังคับตั้งแต่วันถัดจากวันประกาศเป็นต้นไป';
  // the clauses on page 1, then `text` starting page `page`
  const afterClauses = (page: number, text: string) =>
    chunkDocument({
      title: 'T',
      pages: [
        { page: 1, text: clauses },
        { page, text },
      ],
    });
  test.each([
    ['แนบท้ายประกาศคณะวิทยาศาสตร์ เรื่อง เกณฑ์ภาระงาน\n๕.๕ งานจิตอาสา ๑.๕ ชม.ต่อสัปดาห์', 'แนบท้ายประกาศคณะวิทยาศาสตร์ เรื่อง เกณฑ์ภาระงาน'],
    ['- ๓ -\nบัญชีแนบท้ายประกาศ อัตราค่าธรรมเนียม\nค่าบำรุงมหาวิทยาลัย ๑,๕๐๐ บาท', 'บัญชีแนบท้ายประกาศ อัตราค่าธรรมเนียม'],
    ['มคอ.2 ภาคผนวก ก คำอธิบายรายวิชา\n๐๔-๐๐๑-๑๐๑ ภาษาไทยเพื่อการสื่อสาร ๓(๓-๐-๖)', 'มคอ.2 ภาคผนวก ก คำอธิบายรายวิชา'],
    ['กำหนดการรับนักศึกษา ภาคการศึกษาที่ ๒/๒๕๖๓\nรับสมัครออนไลน์ ๑ ต.ค. - ๓๐ พ.ย. ๒๕๖๓', 'กำหนดการรับนักศึกษา ภาคการศึกษาที่ ๒/๒๕๖๓'],
  ])('an attachment starting a page heads its own text (%s)', (attached, heading) => {
    const chunks = afterClauses(3, attached);
    const last = chunks.at(-1)!;
    expect(last.page).toBe(3);
    expect(last.headingPath).toEqual(['T', heading]);
    // the title line stays text, and nothing of the attachment is cited as the last clause
    expect(last.text).toContain(heading.replace(/^มคอ.2 /, ''));
    expect(chunks.filter((c) => c.headingPath.at(-1) === 'ข้อ ๑๓').every((c) => c.page === 1)).toBe(true);
  });

  test("an attachment's numbered rows are rows of its table, not clauses cited as ข้อ N", () => {
    const table = 'แนบท้ายประกาศ เรื่อง เกณฑ์ภาระงาน\n๑. งานสอน ภาคปกติ ๑ หน่วยกิต ๑ ชม.ต่อสัปดาห์\n๒. งานวิจัย ๒ ชม.ต่อสัปดาห์/โครงการ';
    const chunks = afterClauses(2, table);
    expect(chunks.filter((c) => c.page === 2).map((c) => c.headingPath)).toEqual([['T', 'แนบท้ายประกาศ เรื่อง เกณฑ์ภาระงาน']]);
  });

  test.each([
    ['a reference to the attachment', 'แนบท้ายประกาศนี้ ให้ถือปฏิบัติ'],
    ["a table's caption", 'ตารางที่ ๒ ภาระงานสอน ๓ ชั่วโมง'],
    ["a list's label", 'เอกสารแนบ ๑. สำเนาบัตรนักศึกษา'],
  ])('%s starting a page stays in the clause', (_, next) => {
    const chunks = afterClauses(2, next);
    expect(chunks.at(-1)!.headingPath.at(-1)).toBe('ข้อ ๑๓');
    expect(chunks.at(-1)!.text).toContain(next);
  });

  test('a document scanned behind the attachment closes it; a regulation inside an appendix stays under it', () => {
    const next = 'ประกาศมหาวิทยาลัย เรื่อง การยกเว้นรายวิชา\nข้อ ๑ รายวิชาที่ได้รับการยกเว้น';
    const chunks = chunkDocument({
      title: 'T',
      pages: [
        { page: 1, text: clauses },
        { page: 2, text: 'ตารางแนบท้ายประกาศ\nคะแนน ๕๐๐' },
        { page: 3, text: next },
      ],
    });
    expect(chunks.at(-1)!.headingPath).toEqual(['T', 'ข้อ ๑']);
    expect(chunks.find((c) => c.page === 2)!.headingPath).toEqual(['T', 'ตารางแนบท้ายประกาศ']);
    const appendix = afterClauses(2, 'ภาคผนวก จ\nหมวด ๕ การลงทะเบียนเรียน\nข้อ ๒๐ ให้นักศึกษาลงทะเบียน');
    expect(appendix.at(-1)!.headingPath).toEqual(['T', 'ภาคผนวก จ', 'หมวด ๕ การลงทะเบียนเรียน', 'ข้อ ๒๐']);
  });

  test('an amending announcement scanned behind the first starts a document of its own, not more of its last clause', () => {
    const amendment = 'ประกาศมหาวิทยาลัยเทคโนโลยีสุรนารี\nเรื่อง การให้ทุนการศึกษา (ฉบับที่ ๒)\nอนุสนธิ ประกาศมหาวิทยาลัย ให้ยกเลิกข้อความในข้อ ๕';
    const chunks = afterClauses(2, amendment);
    expect(chunks.at(-1)!.headingPath).toEqual(['T']);
    expect(chunks.at(-1)!.text).toStartWith('ประกาศมหาวิทยาลัยเทคโนโลยีสุรนารี');
    // a kind word opening a page without its subject is text (a sentence naming another regulation)
    const named = afterClauses(2, 'ระเบียบการเงินของมหาวิทยาลัย ให้ถือปฏิบัติ');
    expect(named.at(-1)!.headingPath.at(-1)).toBe('ข้อ ๑๓');
  });

  test("an attachment's title in the middle of a page, or on the first page, stays text", () => {
    const mid = afterClauses(2, 'ผลการประเมินทุกภาคการศึกษา\nกำหนดการประเมินให้คณะประกาศ');
    expect(mid.at(-1)!.headingPath.at(-1)).toBe('ข้อ ๑๓');
    const first = chunkDocument({ title: 'T', pages: [{ page: 1, text: 'กำหนดการ โครงการรวมพลังศิษย์เก่า\n๐๙.๐๐ น. ลงทะเบียน' }] });
    expect(first.map((c) => c.headingPath)).toEqual([['T']]);
  });

  test('empty input gives no chunks', () => {
    expect(chunkDocument({ title: 'T', pages: [{ page: 1, text: ' \n\n ' }] })).toEqual([]);
  });
});
