import { expect, test } from 'bun:test';
import { directSpan } from './direct-answer';
import { readQuestion } from '../knowledge/question/question';

// The lead states the count in the passage's own terms: the rate it is per, the bound it is under, the kind of day.
// Led without them, "๓๐ วัน" read as thirty calendar days where the rule gives thirty working days, and "๕๐ บาท" as a
// fine where the rule fines fifty baht a day (a student's reading of the demo library; 47 of the 234 count leads of
// the real sets' shown answers dropped a rate or a working day).
const lead = (question: string, piece: string) => directSpan('count', readQuestion(question), [piece]);

test.each([
  // the kind of day the unit's compound names
  ['กิจกรรมค้างคืนต้องยื่นล่วงหน้ากี่วันครับ', 'ต้องยื่นขออนุมัติล่วงหน้าไม่น้อยกว่า ๓๐ วันทำการ', 'ไม่น้อยกว่า ๓๐ วันทำการ'],
  // a rate written before the figure ("<unit>ละ"), the segmenter's one word or two
  ['จ่ายค่าเทอมช้าโดนปรับเท่าไร', 'ผู้ชำระล่าช้าต้องเสียค่าปรับวันละ ๕๐ บาท รวมแล้วไม่เกิน ๑,๐๐๐ บาท', 'วันละ ๕๐ บาท'],
  ['ส่งผลงานวิจัยกี่เรื่อง', 'อาจารย์ต้องมีผลงานวิจัยเฉลี่ยปีละ ๒ เรื่อง หรือมีผลงานวิชาการอื่น', 'ปีละ ๒ เรื่อง'],
  ['ค่าส่งไปรษณีย์กี่บาท', '3.1.1 กรณีส่งไปรษณีย์ลงทะเบียน ครั้งละ 50 บาท', 'ครั้งละ 50 บาท'],
  // a rate written after the unit ("ต่อ<unit>", a compound unit read whole; a slash)
  ['ต้องทำภาระงานกี่ชั่วโมง', 'ไม่น้อยกว่า ๓ ชั่วโมงต่อสัปดาห์หรือตามที่คณะกำหนด', 'ไม่น้อยกว่า ๓ ชั่วโมงต่อสัปดาห์'],
  ['ค่าบำรุงกี่บาท', 'ค่าบำรุงการศึกษา ๓,๐๐๐ บาทต่อภาคการศึกษา สำหรับนักศึกษาภาคปกติ', '๓,๐๐๐ บาทต่อภาคการศึกษา'],
  ['ค่าอาหารกี่บาท', 'ค่าอาหาร นักศึกษา ไม่เกิน 200 บาท/คน/มื้อ', 'ไม่เกิน 200 บาท/คน/มื้อ'],
  ['ได้เงินเดือนละกี่บาท', 'ได้รับเงินสนับสนุนจำนวน ๓,๐๐๐ บาท ต่อเดือน เป็นเวลา ๑๐ เดือน', '๓,๐๐๐ บาท ต่อเดือน'],
  // none of them written: the count alone, as before
  ['ลาพักได้กี่ภาคการศึกษา', 'นักศึกษาลาพักการศึกษาได้ ๒ ภาคการศึกษา', '๒ ภาคการศึกษา'],
  // "และ", "แต่ละ" and "ร้อยละ" end in ละ and are no rate
  ['มีกี่คน', 'ประธาน และ ๕ คน เป็นกรรมการ', '๕ คน'],
])('%s → %s', (question, piece, expected) => {
  expect(lead(question, piece)).toBe(expected);
});

test('a ratio keeps both its counts: one adviser per thirty students, not "per student"', () => {
  expect(lead('ต้องมีอาจารย์ไปด้วยกี่คน', 'ต้องจัดให้มีอาจารย์ที่ปรึกษาร่วมเดินทางไม่น้อยกว่า ๑ คน ต่อนักศึกษา ๓๐ คน')).toBe('ไม่น้อยกว่า ๑ คน ต่อนักศึกษา ๓๐ คน');
});

// A "how much" that names no counted noun reads its thing from the question: a fee, a fine, money or a price is an
// amount of baht, never the days or credits the same clause states (a console test: "ขอหนังสือรับรอง…เสียค่าธรรมเนียม
// เท่าไร" led with "๓ วันทำการ" at 88 %, "ค่าบำรุงกิจกรรมเสียเท่าไร" with "48 หน่วยกิต").
test.each([
  ['ขอหนังสือรับรองการเป็นนักศึกษาเสียค่าธรรมเนียมเท่าไร', 'ผู้ยื่นคำร้องรอรับเอกสารภายใน ๓ วันทำการ ค่าธรรมเนียมฉบับละ ๕๐ บาท', 'ฉบับละ ๕๐ บาท'],
  ['ขอหนังสือรับรองเสียเงินเท่าไร', 'ผู้ยื่นคำร้องรอรับเอกสารภายใน ๓ วันทำการ ค่าธรรมเนียมฉบับละ ๕๐ บาท', 'ฉบับละ ๕๐ บาท'],
  ['ค่าบำรุงกิจกรรมนักศึกษาเสียเท่าไร', 'นักศึกษาที่ได้รับทุนต้องลงทะเบียนไม่น้อยกว่า 48 หน่วยกิต', null],
  // a grade average is no money ("ค่าระดับคะแนนเฉลี่ย"), and its lead is the figure with its bound, not the words after it
  ['เกียรตินิยมอันดับหนึ่งต้องได้ค่าระดับคะแนนเฉลี่ยเท่าไร', 'ได้ค่าระดับคะแนนเฉลี่ยสะสมไม่ต่ำกว่า ๓.๕๐ ในระบบ ๔.๐๐ ระดับคะแนน', 'ไม่ต่ำกว่า ๓.๕๐'],
  // no money asked: the first figure with a measure word, as before
  ['รอรับเอกสารนานเท่าไร', 'ผู้ยื่นคำร้องรอรับเอกสารภายใน ๓ วันทำการ ค่าธรรมเนียมฉบับละ ๕๐ บาท', 'ภายใน ๓ วันทำการ'],
])('%s → %p', (question, piece, expected) => {
  expect(lead(question, piece)).toBe(expected);
});

test('ต่อ after a count is a rate only before a unit: whom a thing goes to, or "later", is not', () => {
  expect(lead('อุทธรณ์ได้ภายในกี่วัน', 'ให้ยื่นอุทธรณ์ภายใน ๑๕ วัน ต่ออธิการบดี')).toBe('ภายใน ๑๕ วัน');
  expect(lead('ค่าปรับกี่บาท', 'เสียค่าปรับ ๕๐ บาท ต่อมาให้ชำระที่กองคลัง')).toBe('๕๐ บาท');
});
