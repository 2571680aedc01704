import { describe, expect, test } from 'bun:test';
import { countAnswered, countedThing, typeMatch } from './answer-type.ts';
import { readQuestion } from './question.ts';
import { foldedText } from '../scoring/folded-text.ts';

type Row = [question: string, passage: string, expected: number];
const typeMatches = (rows: Row[]) =>
  test.each(rows)('%s ← %s: %p', (question, passage, expected) => {
    expect(typeMatch(readQuestion(question), foldedText(passage))).toBe(expected);
  });
const countsThe = (rows: [question: string, thing: string][]) =>
  test.each(rows)('%s counts %s', (question, thing) => {
    expect(countedThing(question)).toBe(thing);
  });

// A question asking no kind of answer has nothing for a passage to miss: a match, as a yes/no question's rule word is.
describe('a question that asks no kind', () => {
  typeMatches([
    ['ขั้นตอนการขอสอบโครงร่างวิทยานิพนธ์ต้องทำอย่างไร', 'นักศึกษายื่นแบบขอสอบโครงร่างต่ออาจารย์ที่ปรึกษา', 1],
    ['ทำไมเข้าระบบแล้วไม่เห็นคะแนน', 'ระบบแสดงผลการเรียนเป็นระดับคะแนนตัวอักษร', 1],
    // a kind asked is still read: a count asked of a passage that writes none is no match
    ['ต้องยื่นเอกสารกี่ชุด', 'นักศึกษายื่นแบบขอสอบโครงร่างต่ออาจารย์ที่ปรึกษา', 0],
  ]);
});

// A count of credits asked of a curriculum: its tables write credits "3(3-0-6)" and name the unit only in a header.
describe('a count of a unit written in its own notation', () => {
  typeMatches([
    ['รายวิชา 204491 สหกิจศึกษา 1 มีกี่หน่วยกิต', '204491 สหกิจศึกษา 1 8(0-24-0) วิชาที่ต้องเรียนมาก่อน : 204390', 1],
    ['วิชาการค้นคืนสารสนเทศกี่หน่วยกิต', '02739423 การค้นคืนสารสนเทศ ๓(๓-๐-๖) (Information Retrieval)', 1],
    ['ปี 4 เทอม 2 เรียนกี่หน่วยกิต', 'วิชาเฉพาะเลือก 6( ) วิชาเลือกเสรี 6( ) รวม 16( )', 1],
    ['ปัญหาพิเศษกี่หน่วยกิต', '02739498 ปัญหาพิเศษ 3(- -)', 1],
    ['ต้องเรียนรวมกี่หน่วยกิต', 'จำนวนหน่วยกิตรวมตลอดหลักสูตร ไม่น้อยกว่า 130 หน่วยกิต', 1],
    // a clause's item and an hour range are not credits
    ['ลงทะเบียนได้กี่หน่วยกิต', 'ตามข้อ 4(2) ให้ยื่นคำร้องภายในเวลา 08.30-16.30 น.', 0],
    // the notation is credits only: a count of baht is not answered by it
    ['ค่าลงทะเบียนกี่บาท', '02739423 การค้นคืนสารสนเทศ 3(3-0-6)', 0],
  ]);
});

// How Thai documents write a count: in words, an amount of baht with ".-", a percentage with its sign.
describe('a count as documents write it', () => {
  typeMatches([
    ['ลาพักได้กี่ครั้ง', 'นักศึกษาลาพักการศึกษาได้ไม่เกินสองครั้ง', 1],
    ['ต้องฝึกงานกี่สัปดาห์', 'ให้ฝึกประสบการณ์วิชาชีพไม่น้อยกว่าสิบหกสัปดาห์', 1],
    ['ค่าเทอมกี่บาท', 'ค่าธรรมเนียมการศึกษาแบบเหมาจ่าย ภาคการศึกษาละ 12,000.- บาท', 1],
    ['ค่าปรับกี่บาท', 'ค่าปรับวันละ ๕๐.-บาท', 1],
    ['ต้องเข้าเรียนกี่เปอร์เซ็นต์', 'ต้องมีเวลาเรียนไม่น้อยกว่า 80% ของเวลาเรียนทั้งหมด', 1],
    ['ต้องทำกิจกรรมกี่ชั่วโมง', 'ต้องเข้าร่วมกิจกรรมไม่น้อยกว่า ๓๖ ชม. ต่อปีการศึกษา', 1],
    ['ลงได้กี่หน่วยกิต', 'ลงทะเบียนได้ไม่เกิน ๒๒ นก. ในภาคการศึกษาปกติ', 1],
    ['ต้องเข้าเรียนกี่เปอร์เซ็น', 'ต้องมีเวลาเรียนไม่น้อยกว่า 80 % ของเวลาเรียนทั้งหมด', 1],
    // a year is no count, and a count of another thing answers nothing
    ['ลาพักได้กี่ครั้ง', 'ประกาศ ณ วันที่ ๑ มิถุนายน ๒๕๖๗', 0],
    ['ค่าเทอมกี่บาท', 'ภาคการศึกษาละสองครั้ง', 0],
    ['ต้องเข้าเรียนกี่เปอร์เซ็นต์', 'ต้องเข้าเรียนไม่น้อยกว่า 12 สัปดาห์', 0],
  ]);
});

// A table's column headed "จำนวน<unit>" counts that unit in its rows' bare figures, as a header's bracket does ("(บาท)").
describe('a count in a table column headed จำนวน and the unit', () => {
  typeMatches([
    ['ปีนึงสโมสรคณะจัดได้กี่โครงการ', 'ประเภทองค์กรนักศึกษา\tงบประมาณสูงสุดต่อโครงการ (บาท)\tจำนวนโครงการสูงสุดต่อปี\nสโมสรนักศึกษาคณะ\t๕๐,๐๐๐\t๖', 1],
    ['ยืมหนังสือได้กี่เล่ม', 'ผู้มีสิทธิยืม | จำนวนเล่ม | ระยะเวลา\nนักศึกษาปริญญาตรี | 10 | 14 วัน', 1],
    // in a sentence the words name the topic, not a count; and a header with no figure under it counts nothing
    ['ปีนึงจัดได้กี่โครงการ', 'ให้คณะกำหนดจำนวนโครงการตามงบประมาณประจำปี 2568', 0],
    ['ปีนึงจัดได้กี่โครงการ', 'ประเภทองค์กร\tจำนวนโครงการสูงสุดต่อปี\nสโมสรนักศึกษาคณะ\tตามที่คณะกำหนด', 0],
  ]);
});

// Whether a passage writes the count asked, whatever else the question asks (countNoType reads it, evidence.ts).
describe('countAnswered: the count asked, apart from the other kinds a question asks', () => {
  const course = foldedText('204491 สหกิจศึกษา 1\t8 หน่วยกิต\nวิชาบังคับก่อน : รายวิชา 204490 เตรียมสหกิจศึกษา');
  test('a count and a list asked: the passage that writes the count answers the count, though the list is not there', () => {
    const question = readQuestion('รายวิชา 204491 สหกิจศึกษา 1 มีกี่หน่วยกิต และมีวิชาบังคับก่อนอะไรบ้าง');
    expect(typeMatch(question, course)).toBe(0);
    expect(countAnswered(question, course)).toBe(1);
  });
  test('a count of another unit is no answer to it; a question asking no count is answered', () => {
    expect(countAnswered(readQuestion('ค่าลงทะเบียนกี่บาท'), course)).toBe(0);
    expect(countAnswered(readQuestion('วิชาบังคับก่อนของสหกิจศึกษามีอะไรบ้าง'), course)).toBe(1);
  });
});

// A unit asked by its everyday name is counted in the unit documents write (lexicon/unit-notations.ts)
describe('a count asked by an everyday name of its unit', () => {
  typeMatches([
    ['คืนหนังสือช้าโดนปรับกี่ตังค์', 'ค่าปรับการส่งคืนหนังสือเกินกำหนด วันละ ๕ บาท ต่อเล่ม', 1],
    ['ต้องฝึกงานกี่ชม', 'นิสิตต้องฝึกงานไม่น้อยกว่า ๒๔๐ ชั่วโมง', 1],
    ['คืนหนังสือช้าโดนปรับกี่ตังค์', 'ให้ส่งคืนภายใน ๗ วัน', 0],
    // courses are counted as รายวิชา in the documents' own writing
    ['ต้องส่งอย่างน้อยกี่วิชา', 'การส่งสื่อการสอนในรูปแบบดิจิทัล อย่างน้อย ๑ รายวิชา', 1],
    ['ต้องส่งอย่างน้อยกี่วิชา', 'การส่งสื่อการสอนในรูปแบบดิจิทัล ภายใน ๓๐ วัน', 0],
  ]);
});

// A spoken particle after the counted thing ends it: "กี่บาทอะ" counts baht.
describe('a count asked with a spoken particle after its unit', () => {
  typeMatches([
    ['ค่าเทอมที่จ่ายเข้าบัญชีมหาลัยกี่บาทอะ', 'ค่าเล่าเรียน ภาคการศึกษาละ 6,510 บาท', 1],
    ['user เดียวใช้ได้กี่เครื่องพร้อมกัน', 'ใช้งานได้พร้อมกันไม่เกิน ๒ เครื่อง', 1],
    ['ค่าเทอมกี่บาทอ่ะ', 'ภาคการศึกษาละสองครั้ง', 0],
  ]);
  // a particle ends the noun only as a whole word: รึ is not the start of ครึ่ง, ไร not of ไร่
  countsThe([
    ['ค่าเทอมกี่บาทอะ', 'บาท'],
    ['ห้องคอมเปิดกี่โมงบ้าง', 'โมง'],
    ['ใช้ได้กี่เครื่องพร้อมกัน', 'เครื่อง'],
    ['ลดค่าเทอมได้กี่ครึ่ง', 'ครึ่ง'],
    ['ที่ดินกี่ไร่', 'ไร่'],
    ['ลาพักได้กี่ภาคการศึกษาคะ', 'ภาคการศึกษา'],
  ]);
});

// "กี่โมง", "กี่ทุ่ม" ask a time of day: a clause of days or dates in the same words does not answer them.
describe('a time of day asked with กี่โมง or กี่ทุ่ม', () => {
  typeMatches([
    ['จัดกิจกรรมถึงกี่โมงได้', 'กิจกรรมภายในมหาวิทยาลัยต้องเลิกไม่เกินเวลา ๒๒.๐๐ น.', 1],
    ['ห้องสมุดปิดกี่โมง', 'ห้องสมุดเปิดบริการ 8:30 - 20:00', 1],
    ['หอปิดกี่ทุ่ม', 'หอพักปิดประตูเวลาสี่ทุ่ม', 1],
    ['สอบเริ่มกี่โมง', 'ให้เข้าห้องสอบก่อนเวลา ๙ นาฬิกา', 1],
    ['ส่งงานได้ถึงกี่โมง', 'ส่งได้ถึงเที่ยงคืน', 1],
    ['จัดกิจกรรมถึงกี่โมงได้', 'ต้องยื่นโครงการล่วงหน้าไม่น้อยกว่า ๑๕ วันทำการก่อนวันจัดกิจกรรม', 0],
    ['ลงทะเบียนได้ถึงกี่โมง', 'ลงทะเบียนเรียน วันที่ ๒๑ - ๒๕ กรกฎาคม ๒๕๖๘', 0],
    // words after the unit ("กี่โมงในวันสุดท้าย") still ask a time of day
    ['ชำระออนไลน์ได้ถึงกี่โมงในวันสุดท้าย', 'ชำระได้ภายในวันที่ ๑๕ สิงหาคม ๒๕๖๘', 0],
    ['ชำระออนไลน์ได้ถึงกี่โมงในวันสุดท้าย', 'ชำระผ่านบัตรเครดิตได้ถึงเวลา 23.00 น. ของวันสุดท้าย', 1],
    // hours of activity, an amount and a grade are not a time of day
    ['กิจกรรมเริ่มกี่โมง', 'ต้องเข้าร่วมกิจกรรมไม่น้อยกว่า ๓๖ ชั่วโมง', 0],
    ['จ่ายเงินได้ถึงกี่โมง', 'ค่าธรรมเนียม 1,000.00 บาท', 0],
    // a question that counts other things keeps the count's test
    ['ลาได้กี่วัน', 'ลาได้ไม่เกิน ๑๕ วัน', 1],
  ]);
});

// Who: the roles a rule or a form names, as the direct answer reads them (assistant/direct-answer.ts ROLE).
describe('a person or a role answers who', () => {
  typeMatches([
    ['ต้องให้ใครเซ็นอนุมัติ', 'ลงชื่อ…………หัวหน้าสาขาวิชา ลงชื่อ…………หัวหน้างานบริการการศึกษา', 1],
    ['ใครเป็นคนอนุมัติ', 'ให้คณบดีเป็นผู้อนุมัติ', 1],
    ['ใครเป็นคนอนุมัติ', 'ยื่นคำร้องภายใน ๗ วัน', 0],
    // a rule's pronoun is no one, and the loan fund is no office
    ['ใครเป็นคนอนุมัติ', 'นักศึกษาผู้ใดประสงค์จะลาพักการศึกษาให้ยื่นคำร้องภายใน ๗ วัน', 0],
    ['ใครรับรองได้', 'ตามระเบียบกองทุนเงินให้กู้ยืมเพื่อการศึกษา', 0],
    ['ใครรับรองรายได้ได้', 'ให้ผู้ปกครองลงนามรับรอง', 1],
  ]);
});

// Where: a place as the direct answer reads one (assistant/direct-answer.ts PLACE); "ที่" alone is a relative pronoun.
describe('a place answers where', () => {
  typeMatches([
    ['ยื่นคำร้องได้ที่ไหน', 'ให้ยื่นคำร้องที่งานทะเบียนและประมวลผล', 1],
    ['ส่งเอกสารที่ไหน', 'ส่งเอกสารได้ที่ศูนย์บริการนักศึกษา ชั้น 2', 1],
    ['ติดต่อรับเงินที่ไหน', 'ติดต่อรับเงินได้ที่คณะที่นักศึกษาสังกัด', 1],
    ['ยื่นคำร้องได้ที่ไหน', 'นักศึกษาที่ประสงค์จะลาพักต้องยื่นคำร้องภายใน ๗ วัน', 0],
    ['ยื่นคำร้องได้ที่ไหน', 'ให้คณะกรรมการที่แต่งตั้งพิจารณา', 0],
    // ณ is a place as a word of its own, not the letter of คณะ or พิจารณา, nor an announcement's date; a fund is no office
    ['สอบที่ไหน', 'สอบปลายภาค ณ ห้อง ๓๐๑ อาคาร ๒', 1],
    ['ยื่นที่ไหน', 'ประกาศ ณ วันที่ ๑ มิถุนายน พ.ศ. ๒๕๖๗', 0],
    ['ยื่นกู้ที่ไหน', 'ผู้กู้ยืมต้องปฏิบัติตามระเบียบกองทุนเงินให้กู้ยืมเพื่อการศึกษา', 0],
  ]);
});

// When: a date, a time, a span or a term answers it; an amount or a count alone does not.
describe('a date or a time answers when', () => {
  typeMatches([
    ['ต้องจ่ายค่าเทอมเมื่อไหร่', 'ชำระค่าธรรมเนียมได้ถึงวันที่ ๒๐ มิถุนายน ๒๕๖๗', 1],
    ['สอบกี่โมง', 'สอบเวลา ๐๙.๓๐ น. ณ ห้อง ๓๐๑', 1],
    ['ยื่นเมื่อไหร่', 'ให้ยื่นคำร้องภายใน ๗ วัน', 1],
    ['ยื่นเมื่อไหร่', 'ยื่นได้ในภาคการศึกษาที่ ๒', 1],
    ['ต้องจ่ายค่าเทอมเมื่อไหร่', 'ค่าธรรมเนียมการศึกษาแบบเหมาจ่าย ๑๒,๐๐๐ บาท', 0],
  ]);
});

// The counted noun is the word after กี่ (a Thai classifier or unit), or a two-word unit the segmenter cuts in two; the
// words after it say when or for what ("กี่วันหลังสอบเสร็จ" counts days). Read as one noun "วันหลังสอบเสร็จ", no passage
// wrote a count of it and every passage missed the kind asked.
describe('the counted noun ends where the noun does', () => {
  countsThe([
    ['ต้องยื่นคำร้องภายในกี่วันหลังสอบเสร็จ', 'วัน'],
    ['ต้องแนบรูปถ่ายกี่ใบตอนสมัคร', 'ใบ'],
    ['ฝึกงานกี่สัปดาห์ก่อนจบ', 'สัปดาห์'],
    ['ลาพักได้สูงสุดกี่ปีการศึกษา', 'ปีการศึกษา'],
    ['ต้องยื่นล่วงหน้ากี่วันทำการ', 'วันทำการ'],
    ['เรียนได้นานสุดกี่ภาคเรียนคะ', 'ภาคเรียน'],
  ]);
  typeMatches([
    ['ต้องยื่นคำร้องภายในกี่วันหลังสอบเสร็จ', 'ให้ยื่นคำร้องต่อคณะภายใน ๗ วัน นับจากวันสอบวันสุดท้าย', 1],
    ['ต้องแนบรูปถ่ายกี่ใบตอนสมัคร', 'รูปถ่ายขนาด ๑ นิ้ว จำนวน ๒ ใบ', 1],
    ['ต้องแนบรูปถ่ายกี่ใบตอนสมัคร', 'รูปถ่ายขนาด ๑ นิ้ว ติดในช่องที่กำหนด', 0],
  ]);
});

// กี่ inside เกี่ยว ("เกี่ยวกับ": about) is no "how many": a question about a topic asks no count, and its type match
// does not wait for a number.
describe('เกี่ยวกับ asks no count', () => {
  test.each(['มีข้อบังคับเกี่ยวกับการแต่งกายไหม', 'อยากทราบเรื่องเกี่ยวกับการลาพักการศึกษา'])('%s', (question) => {
    const read = readQuestion(question);
    expect(read.counted).toBeNull();
    expect(read.kinds.map((k) => k.kind)).not.toContain('count');
  });
  typeMatches([
    ['มีระเบียบเกี่ยวกับการลาพักการศึกษาไหม', 'นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องต่อคณบดี', 1],
    // a count asked beside it is still a count
    ['ค่าธรรมเนียมเกี่ยวกับการสอบกี่บาท', 'ค่าธรรมเนียมสอบ ๕๐๐ บาท', 1],
    ['ค่าธรรมเนียมเกี่ยวกับการสอบกี่บาท', 'ให้ยื่นคำร้องภายใน ๗ วัน', 0],
  ]);
});
