import { describe, expect, test } from 'bun:test';
import { directSpan as spanOf, type Asked } from './direct-answer';
import { readQuestion } from '../knowledge/question/question';
import { boundsMet, statedNumbers } from '../knowledge/question/stated-number';
import { namesRowKey, pieces } from './clause-pieces';
import { extractiveAnswer as answerQuestion } from './extractive';
import type { SearchHit } from '../knowledge/service';
import { chunkDocument } from '../knowledge/index/chunker';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// the tests state questions as text: each is read as the assistant reads a turn's question
const askedFor = (q: string) => readQuestion(q).asked;
const countedNoun = (q: string) => readQuestion(q).counted;
const directSpan = (asked: Asked, q: string, pieces: string[], header?: string, compared = false) => spanOf(asked, readQuestion(q), pieces, header, compared);
const extractiveAnswer = (q: string, hits: SearchHit[]) => answerQuestion(readQuestion(q), hits);

const hit = (text: string, label: string, score = 10, documentId = 'reg'): SearchHit => ({
  documentId,
  title: 'ข้อบังคับกิจกรรม',
  category: null,
  fileType: 'txt',
  chunkOrdinal: 0,
  text,
  headingPath: ['ข้อบังคับกิจกรรม', label],
  page: 1,
  score,
});

describe('what a question asks for', () => {
  test('question words name the kind of answer', () => {
    expect(askedFor('สอบกลางภาควันไหน')).toBe('when');
    expect(askedFor('ต้องส่งล่วงหน้ากี่วัน')).toBe('count');
    expect(askedFor('ค่าปรับเท่าไหร่')).toBe('count');
    expect(askedFor('ใครเป็นผู้อนุมัติ')).toBe('who');
    expect(askedFor('ยืนยันในเว็บไหน')).toBe('where');
    expect(askedFor('กินเหล้าได้ไหม')).toBe('whether');
    expect(askedFor('สรุปข้อบังคับให้หน่อย')).toBe(null);
    expect(countedNoun('ปีนึงจัดได้กี่โครงการคะ')).toBe('โครงการ');
    expect(countedNoun('ต้องมีอาจารย์ไปด้วยกี่คนคะ')).toBe('คน');
  });
});

describe('direct spans', () => {
  test('a count leads with the number of the thing asked about, not the first number', () => {
    const pieces = ['การจัดกิจกรรมค้างคืนต้องได้รับหนังสือยินยอมสำหรับนักศึกษาอายุต่ำกว่า ๒๐ ปีบริบูรณ์', 'และต้องจัดให้มีอาจารย์ที่ปรึกษาร่วมเดินทางไม่น้อยกว่า ๑ คน ต่อนักศึกษา ๓๐ คน'];
    expect(directSpan('count', 'ต้องมีอาจารย์ไปด้วยกี่คน', pieces)).toBe('ไม่น้อยกว่า ๑ คน ต่อนักศึกษา ๓๐ คน');
    expect(directSpan('count', 'ต้องเสนอโครงการล่วงหน้ากี่วัน', ['ข้อ ๕ ให้เสนอโครงการล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม'])).toBe('ไม่น้อยกว่า ๓๐ วัน');
  });

  test('a "how much" that names no noun is led by a figure with its measure word or a grade point, never a bare number', () => {
    // OCR lost the dot of a sub-item's number "3.2" (KMUTT's postage fees): before, the reply to a fee led with "3"
    const heading = '3 2 ค่าธรรมเนียมจัดส่งเอกสารสำคัญทางการศึกษาไปต่างประเทศ';
    expect(directSpan('count', 'ส่งเอกสารไปต่างประเทศค่าส่งเท่าไหร่', [heading])).toBeNull();
    // a figure with another word after it says nothing of what is asked (before: "10 มคอ")
    expect(directSpan('count', 'ถอนวิชาได้ถึงเมื่อไหร่ ต้องยื่นอะไรเท่าไหร่', ['ยื่นแบบ 10 มคอ ต่อสำนักวิชา'])).toBeNull();
    expect(directSpan('count', 'ส่งเอกสารไปต่างประเทศค่าส่งเท่าไหร่', [`${heading} ครั้งละ 1,200 บาท`])).toBe('ครั้งละ 1,200 บาท');
    // a grade point average is written with its two decimals and no unit
    expect(directSpan('count', 'ต้องได้เกรดเฉลี่ยสะสมเท่าไหร่ถึงจะจบ', ['ได้ค่าระดับคะแนนเฉลี่ยสะสมไม่ต่ำกว่า ๒.๐๐ และผ่านการเข้าร่วมกิจกรรม'])).toBe('ไม่ต่ำกว่า ๒.๐๐');
  });

  test("the figure the question states is not its answer (before: 'มา 30 วันแล้ว … อีกกี่วัน' led with ๓๐ วัน)", () => {
    const piece = 'คณะกรรมการต้องสอบสวนให้แล้วเสร็จภายใน ๓๐ วัน หากมีเหตุจำเป็น คณบดีอาจขยายเวลาได้อีกไม่เกิน ๑๕ วัน';
    expect(directSpan('count', 'กรรมการสอบสวนมา 30 วันแล้วยังไม่เสร็จ ขยายเวลาได้อีกกี่วัน', [piece])).toBe('ไม่เกิน ๑๕ วัน');
    expect(directSpan('count', 'ต้องสอบสวนให้เสร็จภายในกี่วัน', [piece])).toBe('ภายใน ๓๐ วัน');
    // said in words too (before: "มาสามสิบวันแล้ว" led with ๓๐ วัน)
    expect(directSpan('count', 'กรรมการสอบสวนมาสามสิบวันแล้วยังไม่เสร็จ ขยายเวลาได้อีกกี่วัน', [piece])).toBe('ไม่เกิน ๑๕ วัน');
    // a decimal is one number: a GPA of 2.4 does not rule out the 2.50 asked for
    expect(directSpan('count', 'เกรดเหลือ 2.4 ต้องรักษาเกรดไว้เท่าไหร่', ['รักษาคะแนนเฉลี่ยสะสมไม่ต่ำกว่า ๒.๕๐ มิฉะนั้นระงับทุน'])).toContain('๒.๕๐');
  });

  test("of a rule and its exception with two counts, the one after the question's words leads, and none when both read alike", () => {
    const piece =
      'องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรมต้องยื่นโครงการขออนุมัติต่อกองกิจการนักศึกษาล่วงหน้าไม่น้อยกว่า ๑๕ วันทำการก่อนวันจัดกิจกรรม กิจกรรมที่จัดนอกมหาวิทยาลัยหรือค้างคืนต้องยื่นล่วงหน้าไม่น้อยกว่า ๓๐ วันทำการ';
    expect(directSpan('count', 'จัดกิจกรรมค้างคืนต้องยื่นล่วงหน้ากี่วัน', [piece])).toBe('ไม่น้อยกว่า ๓๐ วันทำการ');
    expect(directSpan('count', 'จัดกิจกรรมต้องยื่นโครงการขออนุมัติล่วงหน้ากี่วัน', [piece])).toBe('ไม่น้อยกว่า ๑๕ วันทำการ');
    // before: '๑๕ วัน', the first count, whatever the question is under
    expect(directSpan('count', 'ต้องยื่นล่วงหน้ากี่วัน', [piece])).toBeNull();
    // two versions of the rule are still compared by its first count (versions.ts), tie or not
    expect(directSpan('count', 'ต้องยื่นล่วงหน้ากี่วัน', [piece], undefined, true)).toBe('๑๕ วัน');
    // one count said twice is one count
    expect(directSpan('count', 'ต้องยื่นล่วงหน้ากี่วัน', ['ต้องยื่นล่วงหน้าไม่น้อยกว่า ๑๕ วัน และกิจกรรมค้างคืนก็ต้องยื่นล่วงหน้า ๑๕ วัน'])).toBe('ไม่น้อยกว่า ๑๕ วัน');
  });

  test('a number counts the thing it is written with, and no part of a number written with a slash counts anything', () => {
    // an OCR'd meeting number (ครั้งที่ ๒/๒๕๕๙ read as ๒/๕๕๙) and the date after it: no count of days here
    const piece = 'ในการประชุมครั้งที่ ๒/๕๕๙ เมื่อวันที่ ๒๔ กุมภาพันธ์ พ.ศ. ๒๕๕๙ จึงออกข้อบังคับไว้';
    expect(directSpan('count', 'ต้องออกข้อบังคับภายในกี่วัน', [piece])).toBeNull();
    expect(directSpan('count', 'ต้องออกข้อบังคับภายในกี่วัน', [piece, 'ให้ออกข้อบังคับภายใน ๑๘๐ วัน นับแต่วันประกาศ'])).toBe('ภายใน ๑๘๐ วัน');
  });

  // a count in its unit's notation: a curriculum's credits "3(3-0-6)" after the course's code, hours as ชม.
  test.each([
    ['วิชาการค้นคืนสารสนเทศกี่หน่วยกิต', '02739423 การค้นคืนสารสนเทศ ๓(๓-๐-๖) (Information Retrieval)', '๓(๓-๐-๖)'],
    ['ต้องทำกิจกรรมกี่ชั่วโมง', 'ต้องเข้าร่วมกิจกรรมไม่น้อยกว่า ๓๖ ชม. ต่อปีการศึกษา', 'ไม่น้อยกว่า ๓๖ ชม. ต่อปีการศึกษา'],
  ])('%s ← %s: %s', (question, piece, span) => {
    expect(directSpan('count', question, [piece])).toBe(span);
  });

  // A question that names what it counts is answered by a count of that thing (in its own word, a document's wording
  // of it, or the unit its everyday name stands for), or by no lead at all: before, the first figure of another unit.
  test.each([
    ['หลักสูตร IT ปรับปรุงปี 59 ต้องเรียนรวมกี่หน่วยกิต', 'หลักสูตรวิทยาศาสตรบัณฑิต สาขาวิชาเทคโนโลยีสารสนเทศ หลักสูตรปรับปรุง พ.ศ. 2559', null],
    ['CS ปี 60 ออกสหกิจได้กี่หน่วยกิต', 'ปีที่ 4 ภาคการศึกษาที่ 2 จำนวนหน่วยกิต (ชม.บรรยาย-ชม.ปฏิบัติการ-ชม.ศึกษาด้วยตนเอง)', null],
    ['ผลประเมินภาพรวมได้กี่คะแนน', 'ผู้ตอบแบบประเมินทั้งสิ้น 1,468 คน ความพึงพอใจโดยรวมอยู่ในระดับมาก', null],
    ['ผลประเมินภาพรวมได้กี่คะแนน', 'ผลการประเมินภาพรวม 4.40 จากคะแนนเต็ม 5', null],
    ['ลาพักได้กี่เทอม', 'นักศึกษาลาพักการศึกษาได้ไม่เกิน ๒ ภาคการศึกษาติดต่อกัน', 'ไม่เกิน ๒ ภาคการศึกษา'],
    ['คืนหนังสือช้าโดนปรับกี่ตังค์', 'ค่าปรับการส่งคืนหนังสือเกินกำหนด วันละ ๕ บาท ต่อเล่ม', 'วันละ ๕ บาท ต่อเล่ม'],
    ['ฝึกงานกี่ชม', 'นิสิตต้องฝึกงานไม่น้อยกว่า ๒๔๐ ชั่วโมง', 'ไม่น้อยกว่า ๒๔๐ ชั่วโมง'],
  ])('%s ← %s: %p', (question, piece, span) => {
    expect(directSpan('count', question, [piece])).toBe(span);
  });

  test('clause and item numbers are never the answer', () => {
    expect(directSpan('count', 'ชมรมได้งบกี่บาท', ['ข้อ ๗ เพดานงบประมาณสนับสนุนต่อโครงการ'])).toBe(null);
  });

  test('a table row is read with its header, units from the header', () => {
    const header = 'ประเภทองค์กรนักศึกษา | งบประมาณสูงสุดต่อโครงการ (บาท) | จำนวนโครงการสูงสุดต่อปี';
    const span = directSpan('count', 'สโมสรคณะได้งบเท่าไหร่ ปีนึงจัดได้กี่โครงการ', ['สโมสรนักศึกษาคณะ | ๕๐,๐๐๐ | ๖'], header);
    expect(span).toBe('สโมสรนักศึกษาคณะ — งบประมาณสูงสุดต่อโครงการ ๕๐,๐๐๐ บาท · จำนวนโครงการสูงสุดต่อปี ๖ โครงการ');
  });

  test('a cell under no column name of the header goes on from the cell before it: a number and its unit stay together', () => {
    // a scanned memo's attachment: OCR's column gaps split "๗ หน่วยกิต จำนวน ๖๔๐ ชั่วโมง" into cells, and the row above it,
    // read as the header, names only its first two
    const header = 'UBI 101 | การสร้างและพัฒนาศักยภาพผู้ประกอบการใหม่';
    const span = directSpan('count', 'วิชา UBI 101 กี่หน่วยกิต ต้องฝึกกี่ชั่วโมง', ['ฝึกประสบการณ์วิชาชีพ | ๗ | หน่วยกิต | จำนวน | ๖๔๐ | ชั่วโมง'], header);
    expect(span).toBe('ฝึกประสบการณ์วิชาชีพ — การสร้างและพัฒนาศักยภาพผู้ประกอบการใหม่ ๗ หน่วยกิต จำนวน ๖๔๐ ชั่วโมง');
    // the named columns are still parted
    const fees = 'รายการ | ค่าธรรมเนียม (บาท) | หมายเหตุ';
    expect(directSpan('count', 'ค่าห้องสมุดกี่บาท', ['ค่าห้องสมุด | ๕๐๐ | ต่อภาค | ชำระครั้งเดียว'], fees)).toBe(
      'ค่าห้องสมุด — ค่าธรรมเนียม ๕๐๐ บาท · หมายเหตุ ต่อภาค ชำระครั้งเดียว',
    );
  });

  test('a date, a time, or a relative time is what two versions are compared by when asked when; no reply leads with it', () => {
    const exams = ['วันสอบกลางภาคการศึกษา (งดการสอน) จันทร์ที่ 25 - อาทิตย์ที่ 31 สิงหาคม 2568'];
    expect(directSpan('when', 'สอบกลางภาควันไหน', exams, undefined, true)).toBe('จันทร์ที่ 25 - อาทิตย์ที่ 31 สิงหาคม 2568');
    expect(directSpan('when', 'จ่ายได้ถึงกี่โมง', ['วันสุดท้ายสามารถชำระได้ถึงเวลา 16.30 น.'], undefined, true)).toBe('16.30 น.');
    expect(directSpan('when', 'มีผลเมื่อไหร่', ['ข้อบังคับนี้ให้ใช้บังคับตั้งแต่วันถัดจากวันประกาศเป็นต้นไป'], undefined, true)).toStartWith('ตั้งแต่วันถัดจากวันประกาศ');
    // the date a reply led with was the document's answer in 20 of 44 real answers (eval README, 'Leads that mislead'):
    // the quote answers, a date row too
    expect(directSpan('when', 'สอบกลางภาควันไหน', exams)).toBe(null);
    expect(directSpan('when', 'สอบกลางภาควันไหน', ['สอบกลางภาค | 25 - 31 สิงหาคม 2568'])).toBe(null);
    expect(directSpan('when', 'ประกาศนี้มีผลวันไหน', ['ให้ยกเลิกประกาศ พ.ศ. ๒๕๖๐ ลงวันที่ ๒๗ มีนาคม ๒๕๖๐'])).toBe(null);
  });

  test('who: the one the clause assigns leads; a signer or a role it only mentions is read for the versions check', () => {
    expect(directSpan('who', 'ใครตัดสิน', ['ในกรณีที่มีปัญหา ให้อธิการบดีเป็นผู้วินิจฉัยชี้ขาด'])).toBe('อธิการบดี');
    // the persons a list names are the answer, not the words pointing at it (before: "บุคคลดังต่อไปนี้")
    expect(directSpan('who', 'ใครเป็นผู้รับรองรายได้ได้', ['การรับรองรายได้ของครอบครัวให้บุคคลดังต่อไปนี้เป็นผู้รับรอง', '1. ข้าราชการระดับ 5 ขึ้นไป'])).toBeNull();
    // mentioned only: on the held-out sets these leads named another role or person than the document's answer 17
    // times in 18, so the reply leads with nothing (before: the signer, the role) and the quote names whom to ask
    const mentions: Array<[string, string, string]> = [
      ['ใครลงนาม', 'ประกาศ ณ วันที่ ๑๕ มีนาคม พ.ศ. ๒๕๖๗ (ศาสตราจารย์พิเศษ ดร.สมศักดิ์ วงศ์วิวัฒน์)', 'ศาสตราจารย์พิเศษ ดร.สมศักดิ์ วงศ์วิวัฒน์'],
      ['ขอเกินต้องยื่นใคร', 'โดยให้เสนอรองอธิการบดีฝ่ายกิจการนักศึกษาพิจารณาเป็นรายกรณี', 'รองอธิการบดีฝ่ายกิจการนักศึกษา'],
      // a deputy or an assistant is the role with its prefix (before: "คณบดีฝ่ายบริหาร" for the vice dean)
      ['ขอใช้ห้องต้องทำบันทึกเรียนใคร', 'ให้ทำบันทึกข้อความเรียนรองคณบดีฝ่ายบริหารเพื่อพิจารณา', 'รองคณบดีฝ่ายบริหาร'],
      ['ใครอนุมัติ', 'เสนอผู้ช่วยอธิการบดีฝ่ายกิจการนักศึกษาพิจารณาอนุมัติ', 'ผู้ช่วยอธิการบดีฝ่ายกิจการนักศึกษา'],
    ];
    for (const [question, piece, role] of mentions) {
      expect(directSpan('who', question, [piece])).toBeNull();
      expect(directSpan('who', question, [piece], undefined, true)).toBe(role);
    }
  });

  test('who-all ("ใครบ้าง") is answered by the quoted list, not one role; a role ends before a closing quote', () => {
    expect(directSpan('who', 'องค์กรนักศึกษามีใครบ้าง', ['“อาจารย์ที่ปรึกษา” หมายความว่า อาจารย์ที่ได้รับแต่งตั้ง'], undefined, true)).toBe(null);
    expect(directSpan('who', 'ใครดูแล', ['“อาจารย์ที่ปรึกษา” หมายความว่า'], undefined, true)).toBe('อาจารย์ที่ปรึกษา');
  });

  test('whether: a prohibition says no, a repeal says no longer, a permission leads with nothing', () => {
    expect(directSpan('whether', 'กินเหล้าได้ไหม', ['ห้ามมิให้มีการเสพเครื่องดื่มที่มีแอลกอฮอล์'])).toBe('ไม่ได้');
    // asked whether it is forbidden, the answer is yes (before: "ไม่ได้", read by a student as no)
    expect(directSpan('whether', 'ห้ามกินเหล้าในกิจกรรมใช่ป่ะ', ['ห้ามมิให้มีการเสพเครื่องดื่มที่มีแอลกอฮอล์'])).toBe('ใช่ — ห้าม');
    expect(directSpan('whether', 'ไม่ห้ามกินเหล้าใช่ไหม', ['ห้ามมิให้มีการเสพเครื่องดื่มที่มีแอลกอฮอล์'])).toBe('ไม่ได้');
    expect(directSpan('whether', 'ระเบียบปี 59 ยังใช้ได้ไหม', ['ให้ยกเลิกข้อบังคับ ว่าด้วยกิจกรรมนักศึกษา พ.ศ. ๒๕๕๙'])).toBe('ไม่ — ถูกยกเลิกแล้ว');
    // "ได้" led right in 5 of the 13 real answers it led (eval README, 'The yes lead'): the quote answers; the versions
    // check still reads the permission, and a prohibition in a later piece does not lead in its place
    const ceiling = 'องค์กรนักศึกษาอาจขอรับการสนับสนุนเกินเพดานที่กำหนดได้';
    expect(directSpan('whether', 'ขอเกินเพดานได้ไหม', [ceiling])).toBe(null);
    expect(directSpan('whether', 'ขอเกินเพดานได้ไหม', [ceiling, 'ห้ามเบิกค่าอาหารเกินอัตรา'])).toBe(null);
    expect(directSpan('whether', 'ขอเกินเพดานได้ไหม', [ceiling], undefined, true)).toBe('ได้');
    expect(directSpan('whether', 'ขอได้ไหม', ['ข้อความที่ไม่ตอบคำถาม'])).toBe(null);
    // whom the rule is about ("those who did not pay") is no prohibition; a prohibition beside it still is
    const unpaid = 'นักศึกษาที่ไม่ได้ชำระค่าธรรมเนียมการศึกษาภายในกำหนด ให้พ้นสภาพการเป็นนักศึกษา';
    expect(directSpan('whether', 'จ่ายค่าเทอมช้าจะพ้นสภาพไหม', [unpaid])).toBe(null);
    expect(directSpan('whether', 'เอาโทรศัพท์เข้าห้องสอบได้ไหม', ['ห้ามนำสิ่งที่ไม่ได้รับอนุญาตเข้าห้องสอบ'])).toBe('ไม่ได้');
    // what follows is asked, not leave: no ได้ / ไม่ได้ before the quote (before: "ไม่ได้", from the degree held back)
    const band = ['(๒) ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน ให้ทำทัณฑ์บน', 'นักศึกษาที่มีคะแนนความประพฤติต่ำกว่า ๖๐ คะแนน จะไม่ได้รับการเสนอชื่อเพื่อขออนุมัติปริญญา'];
    expect(directSpan('whether', 'คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ', band)).toBe(null);
    expect(directSpan('whether', 'ถ้าโดนจับได้ว่าสูบบุหรี่ในหอ จะโดนไล่ออกจากหอเลยไหม', ['ห้ามสูบบุหรี่ในหอพัก'])).toBe(null);
    expect(directSpan('whether', 'จะได้จบพร้อมเพื่อนมั้ย', ['จะไม่ได้รับการเสนอชื่อเพื่อขออนุมัติปริญญา'])).toBe('ไม่ได้');
    expect(directSpan('whether', 'ถ้าโดนใบแดงลาพักได้ไหม', ['ห้ามลาพักเกินสองภาค'])).toBe('ไม่ได้'); // leave is asked
    // nor before a penalty asked about in other words (before: "ไม่ได้" to "do I go to jail?")
    expect(directSpan('whether', 'ขโมยของในเซเว่นต้องติดคุกไหม', ['ผู้ใดลักทรัพย์ ต้องระวางโทษจำคุกไม่เกินสามปี และห้ามมิให้รอการลงโทษ'])).toBe(null);
  });

  test('amount brackets admit the question amount', () => {
    const [fiftyThousand] = statedNumbers('งบ 5 หมื่นใครอนุมัติ').values();
    const [twentyThousand] = statedNumbers('งบ 20,000 บาทพอดี').values();
    expect(fiftyThousand).toEqual({ value: 50000, unit: null });
    expect(twentyThousand).toEqual({ value: 20000, unit: 'บาท' });
    expect(boundsMet('(๑) วงเงินไม่เกิน ๒๐,๐๐๐ บาท', twentyThousand!)).toBe(true);
    expect(boundsMet('(๒) วงเงินเกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท', twentyThousand!)).toBe(false);
    expect(boundsMet('(๒) วงเงินเกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท', fiftyThousand!)).toBe(true);
    expect(boundsMet('(๓) วงเงินเกิน ๑๐๐,๐๐๐ บาท', fiftyThousand!)).toBe(false);
    expect(boundsMet('ให้รายงานผล', fiftyThousand!)).toBe(null);
  });
});

describe('extractive answers lead with the direct answer and keep qualifiers', () => {
  const clause6 =
    'ข้อ ๖ การอนุมัติโครงการให้เป็นไปตามวงเงินงบประมาณ ดังนี้\n(๑) วงเงินไม่เกิน ๒๐,๐๐๐ บาท ให้ผู้อำนวยการกองพัฒนานักศึกษาเป็นผู้อนุมัติ\n(๒) วงเงินเกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน ๑๐๐,๐๐๐ บาท ให้รองอธิการบดีฝ่ายกิจการนักศึกษาเป็นผู้อนุมัติ\n(๓) วงเงินเกิน ๑๐๐,๐๐๐ บาท ให้อธิการบดีเป็นผู้อนุมัติ';

  test('the amount picks the bracket, and the approver comes first', () => {
    const a = extractiveAnswer('โครงการงบ 5 หมื่น ต้องให้ใครอนุมัติ', [hit(clause6, 'ข้อ ๖')])!;
    expect(a.text.split('\n')[0]).toBe('รองอธิการบดีฝ่ายกิจการนักศึกษา');
    const b = extractiveAnswer('โครงการงบ 20,000 บาทพอดี ใครอนุมัติ', [hit(clause6, 'ข้อ ๖')])!;
    expect(b.text.split('\n')[0]).toBe('ผู้อำนวยการกองพัฒนานักศึกษา');
  });

  test('an amount said in words picks its band in a clause that writes the bands in words (before: the first band)', () => {
    const workload =
      'ข้อ ๗ การอนุมัติโครงการ ให้เป็นไปตามวงเงิน ดังนี้\n(๑) วงเงินไม่เกินห้าแสนบาท ให้คณบดีเป็นผู้อนุมัติ\n(๒) วงเงินเกินห้าแสนบาท แต่ไม่เกินหนึ่งล้านบาท ให้รองอธิการบดีเป็นผู้อนุมัติ\n(๓) วงเงินเกินหนึ่งล้านบาท ให้อธิการบดีเป็นผู้อนุมัติ';
    const lead = (q: string) => extractiveAnswer(q, [hit(workload, 'ข้อ ๗')])!.text.split('\n')[0];
    expect(lead('โครงการงบเจ็ดแสนบาท ต้องให้ใครอนุมัติ')).toBe('รองอธิการบดี');
    expect(lead('งบเกินล้านบาทต้องให้ใครอนุมัติ')).toBe('อธิการบดี');
    expect(lead('งบสามแสนบาทใครอนุมัติ')).toBe('คณบดี');
  });

  test('a score the question states picks the band that takes it in, not the bands beside it', () => {
    const clause15 =
      'ข้อ ๑๕ นักศึกษาที่มีคะแนนความประพฤติลดลง ให้ดำเนินการ ดังนี้\n(๑) ต่ำกว่า ๘๐ คะแนน แต่ไม่ต่ำกว่า ๖๐ คะแนน ให้แจ้งผู้ปกครองเป็นหนังสือ และนักศึกษาต้องเข้ารับการอบรมพัฒนาพฤติกรรม\n(๒) ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน ให้ทำทัณฑ์บน และไม่มีสิทธิ์ได้รับทุนการศึกษาของมหาวิทยาลัย\n(๓) ต่ำกว่า ๔๐ คะแนน แต่ไม่ต่ำกว่า ๒๐ คะแนน ให้พักการศึกษา ๑ ภาคการศึกษา\n(๔) ต่ำกว่า ๒๐ คะแนน ให้ออก';
    const a = extractiveAnswer('ตอนนี้คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ', [hit(clause15, 'ข้อ ๑๕')])!;
    expect(a.text).toContain('(๒) ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน ให้ทำทัณฑ์บน');
    expect(a.text).not.toContain('(๑)');
    expect(a.text).not.toContain('(๓)');
  });

  test('a quoted sentence keeps its penalty and its exception', () => {
    const clause9 =
      'ข้อ ๙ เมื่อเสร็จสิ้นกิจกรรม ให้องค์กรนักศึกษารายงานผลการดำเนินงานและส่งหลักฐานการเบิกจ่ายต่อกองพัฒนานักศึกษาภายใน ๑๕ วันนับแต่วันสิ้นสุดกิจกรรม หากไม่ดำเนินการภายในกำหนด ให้งดการพิจารณาโครงการถัดไปขององค์กรนักศึกษานั้น เว้นแต่ได้รับอนุญาตจากผู้อำนวยการกองพัฒนานักศึกษา';
    const a = extractiveAnswer('ส่งรายงานผลกิจกรรมภายในกี่วัน', [hit(clause9, 'ข้อ ๙')])!;
    expect(a.text.split('\n')[0]).toBe('ภายใน ๑๕ วัน');
    expect(a.text).toContain('หากไม่ดำเนินการภายในกำหนด ให้งดการพิจารณาโครงการถัดไป');
    expect(a.text).toContain('เว้นแต่ได้รับอนุญาต');
  });

  test("a proviso after a clause's list stays with a quote of some of its items", () => {
    const clause7 =
      'ข้อ ๗ นักศึกษาอาจแต่งกายด้วยชุดสุภาพแทนเครื่องแบบนักศึกษาได้ในกรณีดังต่อไปนี้\n(๑) การเรียนวิชาพลศึกษา\n(๒) การเรียนในวันเสาร์ วันอาทิตย์ หรือในภาคฤดูร้อน\n(๓) นักศึกษาระดับบัณฑิตศึกษา\nชุดสุภาพตามวรรคหนึ่งต้องไม่เป็นกางเกงขาสั้นหรือรองเท้าแตะ ทั้งนี้ ในการสอบกลางภาคและการสอบปลายภาค ให้นักศึกษาแต่งเครื่องแบบนักศึกษาทุกกรณี';
    const a = extractiveAnswer('เรียนวันเสาร์ใส่ชุดสุภาพได้ไหม', [hit(clause7, 'ข้อ ๗')])!;
    expect(a.text).toContain('(๒) การเรียนในวันเสาร์');
    expect(a.text).not.toContain('(๓)');
    expect(a.text).toContain('ทั้งนี้ ในการสอบกลางภาคและการสอบปลายภาค ให้นักศึกษาแต่งเครื่องแบบนักศึกษาทุกกรณี');
  });

  test('a percentage is answered as documents write it, with its bound', () => {
    const clause5 = 'ข้อ ๕ นักศึกษาต้องมีเวลาเรียนในรายวิชาไม่น้อยกว่าร้อยละ ๘๐ ของเวลาเรียนทั้งหมด จึงจะมีสิทธิ์สอบปลายภาคในรายวิชานั้น ภายใน ๗ วัน';
    const a = extractiveAnswer('ต้องมีเวลาเรียนกี่เปอร์เซ็นต์ถึงจะมีสิทธิ์สอบ', [hit(clause5, 'ข้อ ๕')])!;
    expect(a.text.split('\n')[0]).toBe('ไม่น้อยกว่าร้อยละ ๘๐');
  });

  test('the day a question names picks the table row whose period covers it, and the row answers', () => {
    const table =
      '๒. อัตราการคืนเงิน\nช่วงเวลาที่ยื่นคำร้อง\tวันที่\tอัตราการคืนเงิน\nก่อนวันเปิดภาคการศึกษา\tถึงวันที่ ๘ มิถุนายน ๒๕๖๘\tร้อยละ ๑๐๐\nสัปดาห์ที่ ๑ – ๒\t๙ – ๒๒ มิถุนายน ๒๕๖๘\tร้อยละ ๗๕\nสัปดาห์ที่ ๓ – ๔\t๒๓ มิถุนายน – ๖ กรกฎาคม ๒๕๖๘\tร้อยละ ๕๐\nสัปดาห์ที่ ๕ – ๘\t๗ กรกฎาคม – ๓ สิงหาคม ๒๕๖๘\tร้อยละ ๒๕\nให้นับช่วงเวลาจากวันที่ยื่นคำร้องขอถอนรายวิชา มหาวิทยาลัยจะหักค่าดำเนินการ ๒๐๐ บาท จากเงินที่คืน เว้นแต่กรณีที่ได้รับคืนร้อยละ ๑๐๐';
    const a = extractiveAnswer('ถ้าถอนทุกวิชาวันที่ 25 มิ.ย. 68 จะได้เงินคืนกี่เปอร์เซ็นต์', [hit(table, '๒. อัตราการคืนเงิน')])!;
    // before: "๒๐๐ บาท" (the sentence under the table), or "ร้อยละ ๑๐๐" from it
    expect(a.text.split('\n')[0]).toContain('๒๓ มิถุนายน – ๖ กรกฎาคม ๒๕๖๘');
    expect(a.text.split('\n')[0]).toContain('ร้อยละ ๕๐');
  });

  test('a scanned table whose header lost its column gaps: the row the question names is read under the line above it', () => {
    // as OCR read the leave regulation's fee table (scripts/eval/data/leave, library S)
    const clause10 =
      'ข้อ ๑๐ นักศึกษาที่ได้รับอนุมัติให้ลาพักการศึกษา ต้องชำระค่ารักษาสภาพภายใน ๑๕ วันนับแต่วันที่ได้รับอนุมัติ ในอัตราภาคการศึกษาละ ดังนี\nระดับการศึกษา ค่ารักษาสภาพ (บาทต่อภาคการศึกษา)\nปริญญาตรี\t๑,๕๐๐\nปริญญาโท\t๓,๐๐๐\nปริญญาเอก\t๔,๕๐๐\nนักศึกษาที่ได้ชำระค่าธรรมเนียมการศึกษาของภาคการศึกษานั้นแล้ว ไม่ต้องชำระค่ารักษาสภาพสำหรับภาคการศึกษานั้น';
    const a = extractiveAnswer('ค่ารักษาสภาพนักศึกษาระดับปริญญาโทภาคการศึกษาละเท่าไร', [hit(clause10, 'ข้อ ๑๐')])!;
    // before: "๑๕ วันนับแต่วันที่ได้รับอนุมัติ", and the rows were not quoted
    expect(a.text.split('\n')[0]).toBe('ปริญญาโท ๓,๐๐๐');
    expect(a.text).toContain('ระดับการศึกษา ค่ารักษาสภาพ (บาทต่อภาคการศึกษา)');
    expect(a.text).toContain('ปริญญาโท | ๓,๐๐๐');
  });

  test('a row that holds no person does not answer "who" (the sentence naming whom to ask does)', () => {
    const clause7 =
      'ข้อ ๗ งบประมาณสนับสนุนโครงการให้เป็นไปตามอัตราดังต่อไปนี้\nองค์กร\tงบประมาณสูงสุดต่อโครงการ (บาท)\nองค์การนักศึกษา\t๑๕๐,๐๐๐\nชมรม\t๓๐,๐๐๐\nโครงการที่ต้องใช้งบประมาณเกินอัตรา ให้ยื่นขออนุมัติต่อรองอธิการบดีฝ่ายกิจการนักศึกษาเป็นกรณีไป';
    const a = extractiveAnswer('งบโครงการองค์การนักศึกษาเกินเพดาน ต้องยื่นใคร', [hit(clause7, 'ข้อ ๗')])!;
    // the sentence is quoted; a role it mentions leads no reply (direct spans, "who")
    expect(a.text.split('\n')[0]).not.toContain('๑๕๐,๐๐๐');
    expect(a.text).toContain('ให้ยื่นขออนุมัติต่อรองอธิการบดีฝ่ายกิจการนักศึกษาเป็นกรณีไป');
  });

  test("the term a question names picks the clause under that term's heading", () => {
    const row = (term: string, date: string): SearchHit => ({ ...hit(`วันสอบไล่\t${date}`, 'x'), headingPath: ['ปฏิทินการศึกษา', `ภาคการศึกษาที่ ${term}`] });
    const a = extractiveAnswer('เทอม 1 ปี 68 สอบไล่วันไหน', [
      row('2/2568', 'จันทร์ที่ 16 - อาทิตย์ที่ 29 มีนาคม 2569'),
      row('1/2568', 'จันทร์ที่ 3 - อาทิตย์ที่ 16 พฤศจิกายน 2568'),
    ])!;
    expect(a.used[0].headingPath.at(-1)).toBe('ภาคการศึกษาที่ 1/2568');
    expect(a.text.split('\n')[0]).toContain('พฤศจิกายน 2568');
  });

  test('a list item is read with the lead-in that says what it lists', () => {
    // The dormitory regulation of our own dev library, retrieved as a duplicate library ranked it.
    const text = readFileSync(join(import.meta.dir, '../../scripts/eval/data/dorm/dorm-regulation.txt'), 'utf8');
    const chunks = chunkDocument({ title: 'ระเบียบหอพัก', pages: [{ page: 1, text }] });
    const clause = (label: string, score: number): SearchHit => {
      const c = chunks.find((x) => x.headingPath.at(-1) === label)!;
      return { ...hit(c.text, label, score), headingPath: c.headingPath };
    };
    const a = extractiveAnswer('ในหอพักห้ามส่งเสียงดังตั้งแต่กี่โมง', [clause('ข้อ ๓', 63.6), clause('ข้อ ๘', 58.3), clause('ข้อ ๔', 51.6), clause('ข้อ ๑', 48.1)])!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ ๘');
    expect(a.text).toContain('ส่งเสียงดัง');
  });

  test('a list a qualifier announces is quoted with its items (what a proposal holds, and its deadline)', () => {
    const clause5 = readFileSync(join(import.meta.dir, '../../../shared/fixtures/docs/regulation.txt'), 'utf8')
      .split('\n')
      .slice(14, 20)
      .join('\n');
    expect(clause5).toStartWith('ข้อ ๕');
    const a = extractiveAnswer('การจัดกิจกรรมขององค์กรนักศึกษาต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด', [hit(clause5, 'ข้อ ๕')])!;
    expect(a.text).toContain('ล่วงหน้าไม่น้อยกว่า ๓๐ วัน');
    expect(a.text).toContain('ดังต่อไปนี้\n(๑) ชื่อโครงการ');
    expect(a.text).toContain('(๕) ลายมือชื่อของประธานองค์กรนักศึกษา');
  });

  test("a calendar's group label is read with the rows under it, not glued onto the row above", () => {
    const rows = [
      'วันลงทะเบียน เพิ่ม ถอน และเปลี่ยนตอนกระบวนวิชา\tจันทร์ที่ 16 - อาทิตย์ที่ 29 มิถุนายน 2568',
      'วันปฐมนิเทศนักศึกษาใหม่',
      'สำหรับนักศึกษาปริญญาตรี\tพุธที่ 18 มิถุนายน 2568',
      'สำหรับนักศึกษาบัณฑิตศึกษา\tศุกร์ที่ 20 มิถุนายน 2568',
      'วันลงทะเบียนกระบวนวิชานักศึกษาใหม่\tพฤหัสบดีที่ 19 - ศุกร์ที่ 20 มิถุนายน 2568',
    ].join('\n');
    expect(pieces(rows)).toEqual([
      'วันลงทะเบียน เพิ่ม ถอน และเปลี่ยนตอนกระบวนวิชา | จันทร์ที่ 16 - อาทิตย์ที่ 29 มิถุนายน 2568',
      'วันปฐมนิเทศนักศึกษาใหม่ สำหรับนักศึกษาปริญญาตรี | พุธที่ 18 มิถุนายน 2568',
      'วันปฐมนิเทศนักศึกษาใหม่ สำหรับนักศึกษาบัณฑิตศึกษา | ศุกร์ที่ 20 มิถุนายน 2568',
      'วันลงทะเบียนกระบวนวิชานักศึกษาใหม่ | พฤหัสบดีที่ 19 - ศุกร์ที่ 20 มิถุนายน 2568',
    ]);
    const a = extractiveAnswer('ปฐมนิเทศนักศึกษาใหม่ ปริญญาตรี วันไหน', [{ ...hit(rows, 'x'), headingPath: ['ปฏิทินการศึกษา', 'ภาคการศึกษาที่ 1/2568'] }])!;
    expect(a.text.split('\n')[0]).toContain('18 มิถุนายน 2568');
  });

  test('a clause the evidence finds likely right is not passed over for one it finds unlikely', () => {
    // ข้อ ๗ (the ceiling, and over it: ask the vice-rector) ranked first by retrieval; ข้อ ๖ (approval by
    // amount) shares "เกิน" and "งบ" in short items and quoted first, with too little evidence to be shown
    const text = readFileSync(join(import.meta.dir, '../../../shared/fixtures/docs/regulation.txt'), 'utf8');
    const chunks = chunkDocument({ title: 'ข้อบังคับกิจกรรม', pages: [{ page: 1, text }] });
    const clause = (label: string, score: number): SearchHit => ({
      ...hit(chunks.find((x) => x.headingPath.at(-1) === label)!.text, label, score),
      headingPath: ['ข้อบังคับกิจกรรม', label],
    });
    const a = extractiveAnswer('งบโครงการเกินเพดานที่กำหนด ขอเกินได้มั้ยครับ ต้องยื่นใคร', [clause('ข้อ ๗', 140), clause('ข้อ ๖', 86), clause('ข้อ ๕', 45)])!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ ๗');
    expect(a.text).toContain('รองอธิการบดี');
  });

  test('a duplicate copy of the clause is quoted once', () => {
    const a = extractiveAnswer('โครงการงบ 5 หมื่น ต้องให้ใครอนุมัติ', [hit(clause6, 'ข้อ ๖', 10, 'pdf'), hit(clause6, 'ข้อ ๖', 10, 'docx')])!;
    expect(a.used).toHaveLength(1);
  });

  test('an enumeration cut at its last item ("… สโมสรนักศึกษาคณะ | และชมรมต่าง ๆ") is quoted whole', () => {
    const clause4 =
      'ข้อ ๔ ในข้อบังคับนี้\n“องค์กรนักศึกษา” หมายความว่า องค์การนักศึกษา สภานักศึกษา สโมสรนักศึกษาคณะ และชมรมต่าง ๆ ที่ได้รับอนุมัติให้จัดตั้งตามข้อบังคับนี้\n“กิจกรรม” หมายความว่า โครงการหรือกิจกรรมที่องค์กรนักศึกษาจัดขึ้นเพื่อพัฒนาคุณภาพชีวิต ทักษะวิชาการ ศิลปวัฒนธรรม กีฬา และการบำเพ็ญประโยชน์';
    const a = extractiveAnswer('องค์กรนักศึกษานับรวมใครบ้าง ชมรมนับด้วยไหม', [hit(clause4, 'ข้อ ๔')])!;
    expect(a.text).toContain('สโมสรนักศึกษาคณะ และชมรมต่าง ๆ');
  });

  test("a note in parentheses under a table row is part of that row's answer", () => {
    expect(pieces('พิธีไหว้ครู\tพฤหัสบดีที่ 3 กรกฎาคม 2568\n(งดการเรียน การสอน การสอบ ครึ่งวันเช้า)\n(๑) รายการถัดไป')).toEqual([
      'พิธีไหว้ครู | พฤหัสบดีที่ 3 กรกฎาคม 2568 (งดการเรียน การสอน การสอบ ครึ่งวันเช้า)',
      '(๑) รายการถัดไป',
    ]);
  });

  test('a row named by a short Latin key ("B+", a grade) is found and read with its header; "B" is another row', () => {
    const grades = 'ข้อ ๙ การวัดผลให้ใช้อักษรลำดับขั้นและค่าระดับคะแนน ดังนี้\nอักษรลำดับขั้น\tค่าระดับคะแนน\tความหมาย\nA\t๔.๐๐\tดีเยี่ยม\nB+\t๓.๕๐\tดีมาก\nB\t๓.๐๐\tดี\nF\t๐.๐๐\tตก';
    const a = extractiveAnswer('ถ้าได้ B+ ค่าระดับคะแนนเท่าไหร่', [hit(grades, 'ข้อ ๙')])!;
    expect(a.text.split('\n')[0]).toBe('B+ — ค่าระดับคะแนน ๓.๕๐ · ความหมาย ดีมาก');
    expect(a.text).not.toContain('B | ๓.๐๐');
    expect(namesRowKey('ได้เกรดBค่าระดับเท่าไร', 'B | ๓.๐๐ | ดี')).toBe(true);
    expect(namesRowKey('ได้เกรดB+', 'B | ๓.๐๐ | ดี')).toBe(false);
    expect(namesRowKey('ปี 1 เทอม 2', '1 | ๓.๐๐')).toBe(false);
  });
});
