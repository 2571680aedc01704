// Real documents' structure in a quote: page furniture and OCR noise inside a clause, lists that run over a
// page break (the shapes of scanned and exported university documents, not of clean text).
import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { ocrNoise, pieces, withoutBlanks, wrappedCell } from './clause-pieces';
import { extractiveAnswer } from './extractive';
import { directSpan } from './direct-answer';
import { hit as passage } from '../knowledge/scoring/test-hit';

const hit = (text: string, label: string, title = 'ประกาศทุน', documentId = 'doc'): SearchHit => ({
  ...passage(text, 10, documentId),
  title,
  fileType: 'pdf',
  headingPath: [title, label],
});

describe('page furniture and OCR noise inside a clause', () => {
  test('a running footer and its page number do not part a list from its lead-in', () => {
    const text = [
      '4. เกณฑ์การใช้จ่ายเงินการนำเสนอผลงาน ให้เบิกได้ 4 รายการดังนี้',
      'rule-money-grade- -หน้า4/5',
      '5',
      '(1) ค่าลงทะเบียน เบิกจ่ายตามจริง',
      '(2) ค่าพาหนะเดินทาง ให้เบิกจ่ายดังนี้',
      '- ระยะทางระหว่างจังหวัด ให้เบิกจ่ายตามอัตราค่ารถโดยสารประจำทางประเภทรถทัวร์',
      '- ค่าพาหนะเดินทางเหมาจ่ายในพื้นที่ ครั้งละ 300 บาท',
      '(3) ค่าที่พักให้เบิกจ่ายตามจริง ทั้งนี้ในอัตราไม่เกินคืนละ 1,000 บาท',
      '(4) ค่าโปสเตอร์ เหมาจ่ายครั้งละ 800 บาท',
    ].join('\n');
    expect(pieces(text).some((p) => p.includes('หน้า4/5'))).toBe(false);
    const r = extractiveAnswer(readQuestion('ทุนการนำเสนอผลงาน ตามเกณฑ์การใช้จ่ายเงิน เบิกค่าใช้จ่ายได้กี่รายการ มีอะไรบ้าง'), [hit(text, 'ข้อ 4')]);
    // an item's bulleted details do not end the list either
    for (const item of ['ค่าลงทะเบียน', 'ค่าพาหนะเดินทางเหมาจ่าย', 'ค่าที่พัก', 'ค่าโปสเตอร์']) expect(r?.text).toContain(item);
  });

  test("a form's blank fields are shown as one … each", () => {
    const dots = (n: number) => '.'.repeat(n);
    const form = [
      'ใบคำร้องขออนุมัติหน่วยกิจกรรม',
      `วันที่${dots(12)}เดือน${dots(31)}พ.ศ.${dots(19)}`,
      `เรียน รองคณบดีฝ่ายพัฒนานักศึกษา คณะวิศวกรรมศาสตร์`,
      `ข้าพเจ้า นาย/นางสาว${dots(63)}รหัสประจำตัวนักศึกษา${dots(55)} ชั้นปีที่${dots(15)}คณะ${dots(60)}`,
      `มีความประสงค์ขออนุมัติหน่วยกิจกรรม เนื่องจาก (บอกเหตุผล)${dots(88)} ${dots(197)} ${dots(197)} ชื่อกิจกรรม ${dots(120)}`,
      dots(80),
      'จึงเรียนมาเพื่อโปรดพิจารณา',
    ].join('\n');
    expect(withoutBlanks(form).split('\n')).toEqual([
      'ใบคำร้องขออนุมัติหน่วยกิจกรรม',
      'วันที่…เดือน…พ.ศ.…',
      'เรียน รองคณบดีฝ่ายพัฒนานักศึกษา คณะวิศวกรรมศาสตร์',
      'ข้าพเจ้า นาย/นางสาว…รหัสประจำตัวนักศึกษา… ชั้นปีที่…คณะ…',
      'มีความประสงค์ขออนุมัติหน่วยกิจกรรม เนื่องจาก (บอกเหตุผล)… ชื่อกิจกรรม …',
      'จึงเรียนมาเพื่อโปรดพิจารณา',
    ]);
    // an ellipsis of three dots is writing, not a blank
    expect(withoutBlanks('ข้อ ๑... ดังนี้')).toBe('ข้อ ๑... ดังนี้');
    // a blank beside a cut's mark is one "…" (before: "วันที่… … ได้รับเงิน"); a cell's blank stays a cell
    expect(withoutBlanks(`(ลงชื่อ)${dots(20)}เจ้าหน้าที่ วันที่${dots(30)} … ได้รับเงินค่าเอกสาร`)).toBe('(ลงชื่อ)…เจ้าหน้าที่ วันที่… ได้รับเงินค่าเอกสาร');
    expect(withoutBlanks(`วันที่${dots(12)} | ${dots(12)} | หมายเหตุ`)).toBe('วันที่… | … | หมายเหตุ');
    const r = extractiveAnswer(readQuestion('ใบคำร้องขออนุมัติหน่วยกิจกรรม มีความประสงค์ขออนุมัติหน่วยกิจกรรม ต้องบอกเหตุผลไหม'), [
      hit(form, 'ใบคำร้องขออนุมัติหน่วยกิจกรรม', 'ใบคำร้อง'),
    ]);
    expect(r?.text).toContain('(บอกเหตุผล)…');
    expect(r?.text).not.toContain('....');
  });

  test('a scan’s noise line is not quoted, a short line of numbers or words is kept', () => {
    expect(ocrNoise('7\tday ม ๑ ๕%\tVd ey a 9\t๐\t4 7 ๕8\t= 9')).toBe(true);
    expect(ocrNoise('a ?! ๓ = A\to ๕ 3 ,๐ ๓\tow ow')).toBe(true);
    expect(ocrNoise('๐ ๊ ส๕\t๐')).toBe(true);
    expect(ocrNoise('15 - 19 ก.ย. 2551')).toBe(false);
    expect(ocrNoise('12')).toBe(false);
    expect(ocrNoise('ค่าปรับ วันละ 20 บาท')).toBe(false);
    expect(ocrNoise('B+ | 3.5 | ดีมาก')).toBe(false);
  });
});

describe('a sentence wrapped over lines is read whole', () => {
  // the line after it opens with the number the sentence states; a noise line between them is dropped
  const notice = [
    'นักศึกษาชำระเงินยืมฉุกเฉิน\tตามกำหนดในสัญญา แต่ไม่เกินวันที่ 21 พฤศจิกายน 2551',
    'หากนักศึกษาไม่สามารถชำระเงินยืมฉุกเฉินตามกำหนด ให้ดำเนินการขอผ่อนผันก่อนถึงกำหนดชำระเงินยืมฉุกเฉิน',
    '7\tday ม ๑ ๕%\tVd ey a 9\t๐\t4 7 ๕8\t= 9',
    '1 สัปดาห์ มิฉะนั้นนักศึกษาจะไม่มีสิทธิเข้าสอบประจำภาคการศึกษาในรายวิชาใดๆ',
  ].join('\n');
  test.each([
    ['a number and its unit opening a line', notice, 'ขอผ่อนผันก่อนถึงกำหนดชำระเงินยืมฉุกเฉิน 1 สัปดาห์ มิฉะนั้น', true],
    ['a Thai-digit duration', 'ให้ยื่นคำร้องต่อคณบดีภายใน\n๓๐ วัน นับแต่วันที่ได้รับแจ้งผลการพิจารณา', 'ภายใน ๓๐ วัน นับแต่', true],
    ['an item numbered "1."', 'เอกสารที่ต้องยื่นมีดังต่อไปนี้\n1. สำเนาบัตรประจำตัวนักศึกษา', 'ดังต่อไปนี้ 1. สำเนา', false],
    ['an item numbered "(๒)"', 'ค่าธรรมเนียมการศึกษา\n(๒) ๕๐๐ บาท ต่อภาคการศึกษา', 'ค่าธรรมเนียมการศึกษา (๒)', false],
    ['a table row above', 'ค่าปรับ\t20 บาท\n30 วัน หลังกำหนด ให้ถือว่าสละสิทธิ์ทั้งหมดที่มี', 'บาท 30 วัน', false],
    ['a number without a unit', 'ได้คะแนนเฉลี่ยสะสมต่ำกว่าเกณฑ์ของมหาวิทยาลัยในภาคนั้น\n12 นักศึกษาที่ได้รับผลการเรียนเป็น F ให้ลงทะเบียนเรียนซ้ำ', 'ภาคนั้น 12', false],
    [
      'a parenthesis closed on the next line',
      '6.3 ชำระเงินผ่านบัญชีธนาคาร (เฉพาะนักศึกษาที่ลงนามยินยอม\nให้หักบัญชีกับธนาคารออมสินแล้วเท่านั้น) โดยต้องมีเงินในบัญชีเพียงพอ',
      '(เฉพาะนักศึกษาที่ลงนามยินยอม ให้หักบัญชีกับธนาคารออมสินแล้วเท่านั้น)',
      true,
    ],
    ['a parenthesis closed on the same line', 'ชำระเงินที่กองคลัง (อาคารสำนักงาน)\nให้หักบัญชีกับธนาคารออมสินแล้วเท่านั้น) ตามแบบ', 'กองคลัง (อาคารสำนักงาน) ให้หัก', false],
    ['an item "1)" after an open parenthesis', 'เอกสารประกอบ (ตามรายการ\n1) สำเนาบัตรประจำตัวนักศึกษา', 'รายการ 1)', false],
  ])('%s', (_, text, joined, whole) => {
    expect(pieces(text).some((p) => p.includes(joined))).toBe(whole);
  });

  test('the answer quotes the condition a wrapped parenthesis states', () => {
    const clause = [
      '6.2 ชำระด้วยเงินสดที่เคาน์เตอร์ธนาคารทุกสาขา โดยมีค่าธรรมเนียมในการชำระเงิน',
      '6.3 ชำระเงินค่าธรรมเนียมการศึกษาด้วยการตัดบัญชีธนาคาร (เฉพาะนักศึกษาที่ลงนามยินยอม',
      'การหักผ่านบัญชีเงินฝากออมทรัพย์กับธนาคารออมสินสาขาใดก็ได้แล้วเท่านั้น) โดยนักศึกษาต้องมีเงินในบัญชีเกินกว่ายอดที่ต้องชำระ ดังนี้',
      '1. ทำรายการยืนยันผ่านเว็บไซต์สำนักทะเบียน',
      '2. กดยืนยันการตัดบัญชีโดยระบบอัตโนมัติ พร้อมกรอกรหัสประจำตัวนักศึกษา',
      '3. ตรวจสอบเลขที่บัญชี และกดยืนยันการตัดบัญชีอัตโนมัติอีกครั้ง',
    ].join('\n');
    const r = extractiveAnswer(readQuestion('ตัดบัญชีอัตโนมัติ ใช้บัญชีกรุงไทยได้ไหม'), [hit(clause, 'ข้อ 6')]);
    expect(r?.text).toContain('ธนาคารออมสินสาขาใดก็ได้แล้วเท่านั้น)');
  });

  test('the answer quotes the consequence the wrapped line states', () => {
    const r = extractiveAnswer(readQuestion('ถ้าคืนเงินยืมฉุกเฉินช้า ยังมีสิทธิ์เข้าสอบอยู่มั้ย'), [hit(notice, 'ข้อ 4')]);
    expect(r?.text).toContain('1 สัปดาห์ มิฉะนั้นนักศึกษาจะไม่มีสิทธิเข้าสอบ');
  });
});

describe('a table row whose first cell wrapped over two lines is quoted whole', () => {
  // an academic calendar as extracted: the column gap is on the cell's last line only
  const calendar = [
    'วันขอรับอักษรลำดับขั้น I\tอังคารที่ 14 ตุลาคม - จันทร์ที่ 3 พฤศจิกายน 2568',
    'วันสุดท้ายของการขอแก้ไขชื่อ-สกุล ของนักศึกษาระดับปริญญาตรี',
    'ที่คาดว่าจะสำเร็จการศึกษา\tศุกร์ที่ 17 ตุลาคม 2568',
    'วันสุดท้ายของการศึกษา\tอาทิตย์ที่ 19 ตุลาคม 2568',
  ].join('\n');
  const row = (text: string, i: number) => {
    const ps = pieces(text);
    return wrappedCell(ps[i]!, ps[i - 1], ps[i + 1]);
  };
  test.each([
    ['a line between two rows', calendar, 1, true],
    ['a line above the first row (a header)', 'กำหนดการกิจกรรมของนักศึกษาประจำภาคการศึกษาที่หนึ่ง\nวันเปิดภาค\tจันทร์ที่ 16 มิถุนายน 2568', 0, false],
    ['a line after the last row', 'วันเปิดภาค\tจันทร์ที่ 16 มิถุนายน 2568\nหมายเหตุ กำหนดการอาจเปลี่ยนแปลงได้ตามประกาศของมหาวิทยาลัย', 1, false],
    [
      'a line with a date between rows (a row that lost its gap)',
      'วันลงทะเบียน\tจันทร์ที่ 13 เมษายน 2569\nวันประมวลผลการลงทะเบียน พฤหัสบดีที่ 16 - อาทิตย์ที่ 19 เมษายน 2569\nวันเปิดภาค\tจันทร์ที่ 20 เมษายน 2569',
      1,
      false,
    ],
    ['a numbered item between rows', 'ก\t1\n(๒) ค่าธรรมเนียมการศึกษาแบบเหมาจ่ายต่อภาคการศึกษาปกติ\nข\t2', 1, false],
    ['a row between rows', 'ก\t1\nค่าธรรมเนียมพิเศษ\tไม่เก็บ\nข\t2', 1, false],
  ])('wrapped cell: %s', (_, text, i, wrapped) => {
    expect(row(text, i)).toBe(wrapped);
  });

  test('the line naming the row is quoted with the date the row gives', () => {
    const r = extractiveAnswer(readQuestion('วันสุดท้ายของการขอแก้ไขชื่อ-สกุลของนักศึกษาปริญญาตรีที่คาดว่าจะสำเร็จการศึกษา'), [
      hit(calendar, 'ภาคการศึกษาที่ 1/2568', 'ปฏิทินการศึกษา'),
    ]);
    expect(r?.text).toContain('ศุกร์ที่ 17 ตุลาคม 2568');
  });
});

describe('a memo form: its subject and its addressee are read together', () => {
  const memo = (subject: string) =>
    [
      'บันทึกข้อความ',
      'ส่วนราชการ คณะวิทยาการจัดการ',
      `เรื่อง ${subject}`,
      'เรียน ผู้อำนวยการกองบริการการศึกษา',
      'ข้าพเจ้า นาย/นางสาว ..................... รหัสประจำตัว .................',
      'มีความประสงค์ขอเปลี่ยนรหัสวิชาดังนี้ 1. รหัสวิชา ........... เปลี่ยนเป็น ...........',
      'จึงเรียนมาเพื่อโปรดพิจารณาอนุมัติ',
    ].join('\n');
  test.each([
    ['whom the form goes to', 'บันทึกขอความอนุเคราะห์เปลี่ยนรหัสวิชา ต้องเรียนถึงใครคะ', 'ผู้อำนวยการกองบริการการศึกษา'],
    ['whom, asked as ยื่นถึงใคร', 'แบบฟอร์มขอเปลี่ยนรหัสวิชา ยื่นถึงใคร', 'ผู้อำนวยการกองบริการการศึกษา'],
  ])('%s', (_, q, who) => {
    const r = extractiveAnswer(readQuestion(q), [hit(memo('ขอความอนุเคราะห์เปลี่ยนรหัสวิชา'), 'fms17')]);
    expect(r?.text.split('\n')[0]).toBe(who);
    expect(r?.text).toContain(`เรียน ${who}`);
  });

  test.each([
    ['the addressee line', 'เรียน คณบดีคณะวิทยาการจัดการ', 'คณบดีคณะวิทยาการจัดการ'],
    ['a sentence about study, not an address', 'เรียนซ้ำในรายวิชาที่ได้ F ได้ไม่เกินสองครั้ง', null],
  ])('who: %s', (_, piece, who) => {
    expect(directSpan('who', readQuestion('ต้องเรียนถึงใคร'), [piece])).toBe(who);
  });
});

describe('the direct answer says what a student can act on', () => {
  const where = (q: string, piece: string) => directSpan('where', readQuestion(q), [piece]);
  test('where: the office and floor, not a link lifted out of the clause; a link when a website is asked for', () => {
    const piece = 'นักศึกษากรอกแบบฟอร์ม (ดาวน์โหลดได้ที่ https://reg.example.ac.th/forms) แล้วนำมายื่นที่สาขาวิชาเทคโนโลยีสารสนเทศ ชั้น 3 อาคารวิชาการ ก่อนวันสอบ 2 สัปดาห์';
    expect(where('ต้องยื่นแบบฟอร์มที่ไหน', piece)).toBe('สาขาวิชาเทคโนโลยีสารสนเทศ ชั้น 3 อาคารวิชาการ');
    expect(where('ดาวน์โหลดแบบฟอร์มจากเว็บไหน', piece)).toBe('เว็บไซต์ https://reg.example.ac.th/forms');
    expect(where('ยื่นที่ไหน', 'ให้ยื่นคำร้องทางระบบทะเบียน https://reg.example.ac.th')).toBe(null);
    // a committee is not a place
    expect(where('ส่งที่ไหน', 'เสนอที่คณะกรรมการประจำคณะพิจารณา')).toBe(null);
  });

  test("a step's own number is not the amount asked for", () => {
    const step = '1. นักศึกษากรอกแบบฟอร์มเสนอแต่งตั้งคณะกรรมการ แล้วนำมายื่นที่สาขาวิชา ก่อนวันนัดสอบโครงร่างฯ เป็นเวลา 2 สัปดาห์';
    expect(directSpan('count', readQuestion('ต้องยื่นแบบฟอร์มก่อนวันสอบนานเท่าไร'), [step])).toBe('2 สัปดาห์');
  });

  test('whether: a prohibition inside a condition is not the answer "no"', () => {
    const piece = 'หากนักศึกษาไม่สามารถชำระเงินยืมฉุกเฉินตามกำหนด ให้ดำเนินการขอผ่อนผันก่อนถึงกำหนดชำระ 1 สัปดาห์';
    expect(directSpan('whether', readQuestion('ถ้าคืนเงินยืมช้า ยังมีสิทธิ์เข้าสอบอยู่มั้ย'), [piece])).toBe(null);
    expect(directSpan('whether', readQuestion('ลาพักได้ไหม'), ['ในกรณีที่นักศึกษาค้างชำระค่าธรรมเนียม ห้ามลาพักการศึกษา'])).toBe('ไม่ได้');
  });
});

// A curriculum's course: its entry line (code, names, credits) and its prerequisite line are read together (the shapes
// of Kasetsart's and KMUTNB's TQF curricula as their PDFs' text layers give them).
describe("a course's entry and its prerequisite line", () => {
  const COURSE_LIST = 'รายวิชาในหลักสูตร';
  test('a quoted course entry brings the prerequisite line under it (the description after it was quoted, the line between left out)', () => {
    // Kasetsart's applied mathematics curriculum 2560, p. 18: tab-separated entries, the prerequisite on its own line
    const text = [
      'เรื่องเฉพาะทางคณิตศาสตร์ประยุกต์ในระดับปริญญาตรี หัวข้อเรื่องเปลี่ยนไปในแต่ละภาคการศึกษา',
      '02731497\tสัมมนา (Seminar)\t1',
      'วิชาที่ต้องเรียนมาก่อน : 02731211',
      'การนำเสนอและอภิปรายหัวข้อที่น่าสนใจทางคณิตศาสตร์ประยุกต์ในระดับปริญญาตรี',
      '02731499\tโครงงานคณิตศาสตร์ประยุกต์ (Applied Mathematics Project)\t3',
      'วิชาที่ต้องเรียนมาก่อน : 02731497',
      'โครงงานที่น่าสนใจในแขนงต่างๆ ทางคณิตศาสตร์ประยุกต์',
    ].join('\n');
    const r = extractiveAnswer(readQuestion('คณิตประยุกต์ จะลงโครงงานคณิตศาสตร์ประยุกต์ ต้องผ่านวิชาอะไรมาก่อนคะ'), [hit(text, COURSE_LIST, 'หลักสูตรคณิตศาสตร์ประยุกต์ 2560')]);
    expect(r?.text).toContain('วิชาที่ต้องเรียนมาก่อน : 02731497');
  });

  test('a quoted prerequisite line brings the course entry above it, which holds the code', () => {
    // KMUTNB's general-education structure, p. 125: a dotted entry over its lettered prerequisite and description
    const text = [
      '2.9.4 รายวิชาสำหรับหลักสูตรนานาชาติ',
      '2.9.4.1 150013160 แบดมินตัน (Badminton) หน่วยกิต 1(0-2-1)',
      'ก) วิชาบังคับก่อน (Prerequisite)',
      '- ไม่มี(None)',
      '2.9.4.1.ก..1 คำอธิบายรายวิชา เรียนเกี่ยวกับประวัติของกีฬาแบดมินตัน',
      'เทคนิคการเล่น กฎ กติกา การเลือกใช้อุปกรณ์ที่เหมาะสมการฝึกทักษะเบื้องต้นและสามารถนำทักษะไปใช้ในการแข่งขัน',
    ].join('\n');
    const r = extractiveAnswer(readQuestion('เด็กหลักสูตรนานาชาติ ลงแบดมินตันต้องใช้รหัสวิชาอะไรครับ'), [hit(text, COURSE_LIST, 'โครงสร้างหมวดวิชาศึกษาทั่วไป')]);
    expect(r?.text).toContain('150013160');
  });
});
