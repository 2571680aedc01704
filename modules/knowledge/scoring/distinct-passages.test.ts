import { expect, spyOn, test } from 'bun:test';
import { distinctPassages } from '../service';
import type { SearchHit } from '../index/search-hit';
import * as tokens from '../index/tokens';

const hit = (documentId: string, text: string): SearchHit => ({
  documentId,
  title: 'ปฏิทินการศึกษา',
  category: null,
  fileType: 'pdf',
  chunkOrdinal: 0,
  text,
  headingPath: [],
  page: 1,
  score: 1,
});

const rows = (open: string, report: string, last: string) =>
  [
    `วันเปิดภาคการศึกษาและวันเข้าชั้นเรียน\tจันทร์ที่ ${open}`,
    `วันรายงานตัวนักศึกษาปริญญาตรีที่คาดว่าจะสำเร็จการศึกษา\t${report}`,
    `วันสุดท้ายของการส่งเอกสารอนุมัติการย้ายสาขาวิชาสำหรับนักศึกษาปริญญาตรี ถึงสำนักทะเบียนและประมวลผล\tศุกร์ที่ ${last}`,
  ].join('\n');

test("a calendar's two terms are two passages: the same labels with other dates are no copy", () => {
  const term1 = hit('cal', rows('23 มิถุนายน 2568', 'จันทร์ที่ 23 มิถุนายน - ศุกร์ที่ 4 กรกฎาคม 2568', '27 มิถุนายน 2568'));
  const term2 = hit('cal', rows('17 พฤศจิกายน 2568', 'จันทร์ที่ 17 - ศุกร์ที่ 28 พฤศจิกายน 2568', '21 พฤศจิกายน 2568'));
  expect(distinctPassages([term2, term1])).toHaveLength(2);
});

test('a copy of a clause (a Word and a PDF of one text, Thai or Arabic digits) is still one passage', () => {
  const pdf = hit('pdf', 'ข้อ ๗ ประตูหอพักปิดเวลา ๒๓.๐๐ นาฬิกา ผู้พักที่กลับหลังเวลาปิดประตูให้แจ้งผู้ดูแลหอพักล่วงหน้า');
  const docx = hit('docx', 'ข้อ 7 ประตูหอพักปิดเวลา 23.00 นาฬิกา ผู้พักที่กลับหลังเวลาปิดประตูให้แจ้งผู้ดูแลหอพักล่วงหน้า');
  expect(distinctPassages([pdf, docx]).map((h) => h.documentId)).toEqual(['pdf']);
});

test('a passage retrieved again is not read again for its numbers: the same clauses come back question after question', () => {
  const [a, b] = [hit('a', `ข้อ ๑๒ ให้ยื่นคำร้องภายใน ๑๕ วัน ${Math.random()}`), hit('b', `ข้อ ๓ ค่าธรรมเนียม ๒,๕๐๐ บาท ${Math.random()}`)];
  expect(distinctPassages([a, b])).toHaveLength(2);
  const read = spyOn(tokens, 'foldThaiDigits');
  try {
    expect(distinctPassages([b, a]).map((h) => h.documentId)).toEqual(['b', 'a']);
    expect(read).not.toHaveBeenCalled();
  } finally {
    read.mockRestore();
  }
});

test("a Word file's passage that a PDF copies is cited from the PDF, at its page, in the Word passage's place", () => {
  const text = 'ข้อ ๗ โครงการที่ใช้งบประมาณเกิน ๒๐,๐๐๐ บาท ให้เสนอรองอธิการบดีฝ่ายกิจการนักศึกษาอนุมัติ';
  const docx = { ...hit('docx', text), fileType: 'docx', page: 1, score: 9, retrievalScore: 12 };
  const other = { ...hit('other', 'ข้อ ๓ ชมรมหนึ่งจัดโครงการได้ไม่เกิน ๔ โครงการต่อปีการศึกษา'), score: 5 };
  const pdf = { ...hit('pdf', text.replace('ข้อ ๗ ', 'ข้อ ๗\n')), page: 2, score: 3 };
  const kept = distinctPassages([docx, other, pdf]);
  expect(kept.map((h) => [h.documentId, h.page, h.score, h.retrievalScore])).toEqual([
    ['pdf', 2, 9, 12],
    ['other', 1, 5, undefined],
  ]);
  // a PDF that stands first keeps its place; of two copies without pages the better one stands
  expect(distinctPassages([pdf, docx]).map((h) => h.documentId)).toEqual(['pdf']);
  const txt = { ...hit('txt', text), fileType: 'txt', score: 2 };
  expect(distinctPassages([docx, txt]).map((h) => h.documentId)).toEqual(['docx']);
});

test("a curriculum's two course entries of one template are two passages: each names a course code the other lacks", () => {
  const description =
    'นักศึกษาต้องไปปฏิบัติงานเชิงวิชาการหรือวิชาชีพเต็มเวลาเสมือนเป็นพนักงานชั่วคราว ณ สถานประกอบการ ครบ 1 ภาคการศึกษา เมื่อเสร็จสิ้นการปฏิบัติงานแล้วนักศึกษาจะต้องส่งรายงานการปฏิบัติงานและนำเสนอผลการไปปฏิบัติงานต่อคณาจารย์ในสาขาวิชาเพื่อทำการประเมินผลให้ผ่านหรือไม่ผ่าน';
  const first = { ...hit('coop', `มคอ.2\n204491 สหกิจศึกษา 1\t8 หน่วยกิต\nวิชาบังคับก่อน : รายวิชา 204490 เตรียมสหกิจศึกษา\n${description}`), page: 2 };
  const second = { ...hit('coop', `มคอ.2\n204492 สหกิจศึกษา 2\t8 หน่วยกิต\nวิชาบังคับก่อน : 204491 สหกิจศึกษา 1\n${description}`), page: 3 };
  expect(distinctPassages([second, first]).map((h) => h.page)).toEqual([3, 2]);
  // another document's copy of an entry, a code of it misread by OCR, is still the same text
  const rescanned = { ...first, documentId: 'scan', text: first.text.replace('204490', '204498') };
  expect(distinctPassages([first, rescanned]).map((h) => h.documentId)).toEqual(['coop']);
});
