import { describe, expect, test } from 'bun:test';
import { answeringLines, noRateFor, otherSibling, otherYear } from './off-question.ts';
import { askedRateUnit } from '../question/rate-unit.ts';

describe('otherYear: the passage is about another year than the one asked', () => {
  test('one year asked, the passage names only another one: fires', () => {
    expect(otherYear(['ค่าปรับ', '2568'], 'ประกาศ ปีการศึกษา 2569 ค่าปรับวันละ 5 บาท')).toBe(true);
  });
  test('the asked year is in the passage: does not fire', () => {
    expect(otherYear(['ค่าปรับ', '2568'], 'ประกาศ ปีการศึกษา 2568 แทนฉบับ 2567')).toBe(false);
  });
  test('several years asked, the passage names one of them: not another year (before: fired on the year it lacked)', () => {
    // graduated in 2560, received the 2561 letter, wants to move to 2562: the 2561 letter is what is asked about
    expect(otherYear(['จบ', '2560', '2561', '2562', 'เลื่อน'], 'การตรวจสอบรายชื่อบัณฑิต ประจำปี พ.ศ. 2561')).toBe(false);
  });
  test('several years asked, the passage names none of them but another: fires', () => {
    expect(otherYear(['2560', '2561'], 'ปฏิทินการศึกษา 2565')).toBe(true);
  });
  test('a term asked and another term named: fires; the asked term named: does not', () => {
    expect(otherYear(['1/2569'], 'ภาคการศึกษาที่ 2/2568 ชำระเงิน')).toBe(true);
    expect(otherYear(['1/2569', '2/2569'], 'ภาคการศึกษาที่ 2/2569 ชำระเงิน 1/2570')).toBe(false);
  });
});

describe('noRateFor: the question asks a rate per a unit the passage states no rate for', () => {
  // [question, passage, fires]
  const table: Array<[string, string, boolean]> = [
    // a unit the passage never rates: fires
    ['ค่าไฟหอพักหน่วยละกี่บาท', 'ค่าไฟฟ้าชำระตามหน่วยที่ใช้จริง ค่าบำรุงหอพัก ๓,๐๐๐ บาท', true],
    ['เบิกได้หัวละกี่บาท', 'ค่าเช่าห้องประชุม ๕๐๐ บาท/วัน', true],
    // a date's slash is not a rate
    ['ค่าปรับวันละเท่าไหร่', 'ประกาศ ณ วันที่ ๑ ภาคการศึกษาที่ 1/2568 ค่าปรับ ๒๐๐ บาท', true],
    // the unit written as the question writes it, or after ต่อ: does not fire
    ['ค่าปรับวันละเท่าไหร่', 'ค่าปรับวันละ ๕ บาท', false],
    ['ค่าบำรุงภาคการศึกษาละเท่าไร', 'อัตราค่าบำรุงต่อภาคการศึกษา ๓,๐๐๐ บาท', false],
    // a table's rate after a slash (real_dev ssru fms 1.pdf): does not fire (fired before)
    ['ค่าตอบแทนเบิกได้วันละเท่าไหร่', 'ค่าตอบแทนนักศึกษา 200 บาท/วัน', false],
    ['ค่าตอบแทนเบิกได้วันละเท่าไหร่', 'ค่าตอบแทนนักศึกษา 200 บาท / วัน', false],
    // a table's header cell wrapped by OCR, the next column's header between the slash and the unit (real_more ku's
    // price list "ราคา (บาท/ตัวอย่าง)" over "ลำดับ | รายการ"): does not fire (fired before)
    ['วิเคราะห์น้ำราคาตัวอย่างละเท่าไหร่', 'ลำดับ\tราคา (บาท/\nรายการ\tตัวอย่าง)\n1 การวิเคราะห์น้ำประปา\t5,900', false],
    // another unit after the slash and none of the one asked within a cell's reach: fires
    ['ค่าวิเคราะห์ตัวอย่างละเท่าไหร่', 'ค่าเช่าเครื่องมือ ๕๐๐ บาท/วัน ค่าวิเคราะห์คิดตามจำนวนตัวอย่างที่ส่ง', true],
    // per head asked, per person written (lexicon/rate-units.ts): does not fire (fired before)
    ['ค่าข้าวนักศึกษาเบิกได้หัวละกี่บาทต่อมื้อ', 'ค่าอาหาร นักศึกษา/นักเรียน ไม่เกิน 200 บาท/คน/มื้อ', false],
    ['ค่าลงทะเบียนอบรมท่านละเท่าไหร่', 'ค่าลงทะเบียนอบรมคนละ ๕๐๐ บาท', false],
    // (คนละ is one word to the segmenter, "each" or "different": a question asking คนละ… is not read as asking a rate)
    ['ค่าลงทะเบียนคนละเท่าไหร่', 'ค่าเช่าห้องประชุม ๕๐๐ บาท/วัน', false],
    ['ค่าอาหารหัวละกี่บาท', 'ค่าอาหารคนละไม่เกิน ๑๒๐ บาท', false],
    // per year asked, per academic or fiscal year written; per term asked, per semester written (lexicon/rate-units.ts)
    ['ทุนนี้ให้ปีละกี่ทุน', 'ปีการศึกษาละ ๑ ทุน ต่อ ๑ หลักสูตร', false],
    ['งบกิจกรรมได้ปีละเท่าไหร่', 'จัดสรรงบประมาณปีงบประมาณละ ๕๐,๐๐๐ บาท', false],
    ['ค่าหอเทอมละกี่บาท', 'ค่าบำรุงหอพักภาคการศึกษาละ ๕,๐๐๐ บาท', false],
    ['ค่าหอเทอมละกี่บาท', 'ค่าบำรุงหอพัก ๕,๐๐๐ บาท และค่าประกัน ๒,๐๐๐ บาท', true],
    // "และ" after a year is not a rate per year
    ['ทุนนี้ให้ปีละกี่ทุน', 'ทุนการศึกษาปีการศึกษาและทุนวิจัย ๑ ทุน', true],
    // no rate asked: never fires
    ['ค่าอาหารเบิกได้กี่บาท', 'ค่าเช่าห้องประชุม ๕๐๐ บาท', false],
  ];
  for (const [question, passage, fires] of table)
    test(`${question} / ${passage}: ${fires ? 'fires' : 'does not fire'}`, () => {
      expect(noRateFor(askedRateUnit(question), passage)).toBe(fires);
    });
});

describe('otherSibling: a table read by the rows that hold the question’s words', () => {
  const focus = ['ซื้อ', 'ระลึก', 'วิทยากร', 'เบิก', 'ชิ้น'];
  const question = 'ซื้อของที่ระลึกให้วิทยากร เบิกได้ชิ้นละไม่เกินเท่าไหร่';
  const table = ['ค่าเช่าที่พัก\tนักศึกษา ค่าเช่าห้องพักคนเดียว ไม่เกิน 800 บาท/วัน/คน', 'ค่าของที่ระลึก\tเบิกได้ตามจ่ายจริงไม่เกิน 1,500 บาท/ชิ้น ให้วิทยากร'].join('\n');
  test.each([
    // an expense table: the rent row names เช่า, the souvenir row that answers does not (before: fired on the rent row)
    ['another row names the sibling', question, table, focus, false],
    // the rows that answer are about the sibling: a gown's rental table asked the purchase price
    ['the answering row names the sibling', 'ซื้อชุดครุยราคาเท่าไหร่', 'ค่าเช่าชุดครุย ปริญญาตรี\t500 บาท\nค่ามัดจำ\t1,000 บาท', ['ซื้อ', 'ชุด', 'ครุย', 'ราคา'], true],
    // a line that is no row holds for every row: the table is for another level than the one asked
    [
      'a lead-in names the sibling',
      'ปริญญาโท ค่าธรรมเนียมเทอมละเท่าไหร่',
      'นักศึกษาระดับปริญญาตรี\nค่าธรรมเนียมการศึกษา\t8,000 บาท/ภาคการศึกษา',
      ['ปริญญาโท', 'ค่าธรรมเนียม'],
      true,
    ],
    // prose, no table: read whole, as before
    [
      'prose',
      'ปริญญาโท ต้องเข้าร่วมกิจกรรมกี่หน่วย',
      'กำหนดให้นักศึกษาระดับปริญญาตรี เข้าร่วมกิจกรรม ดังนี้\n1.1 กิจกรรมบังคับ ไม่น้อยกว่า 22 หน่วย',
      ['ปริญญาโท', 'กิจกรรม', 'หน่วย'],
      true,
    ],
    // the level written as documents abbreviate it in a name ("…เกณฑ์มาตรฐานหลักสูตร-ป.ตรี-65"): a master's question
    // read into ปริญญาโท, the passage of a bachelor's document (before: did not fire, the title's ป.ตรี unread)
    [
      'the sibling abbreviated',
      'เรียน ปริญญาโท ภาคพิเศษ ลงทะเบียนได้สูงสุดกี่หน่วยกิต',
      '07-ประกาศ-เกณฑ์มาตรฐานหลักสูตร-ป.ตรี-65\n๑๒. การลงทะเบียนเรียน ให้ลงทะเบียนเรียนได้ไม่เกิน ๒๒ หน่วยกิต',
      ['ปริญญาโท', 'ลงทะเบียน', 'หน่วยกิต'],
      true,
    ],
    // the asked level abbreviated in the passage: not a sibling
    ['the asked level abbreviated', 'ปริญญาโท ลงทะเบียนได้กี่หน่วยกิต', 'ประกาศ ป.โท และ ป.ตรี ลงทะเบียนไม่เกิน ๑๕ หน่วยกิต', ['ปริญญาโท'], false],
    // no row holds a word of the question: the whole table is read
    ['no row holds a word of the question', question, 'ค่าเช่ารถ\t2,000 บาท/วัน\nค่าน้ำมัน\tตามจ่ายจริง', focus, true],
    // the asked one named in another row: the passage holds what is asked, whichever row holds more of the question's
    // words (a calendar's midterm row beside its final-exam row)
    [
      'the asked sibling in another row',
      'สอบไล่ภาคการศึกษา 2/2568 สอบช่วงไหน',
      'วันสอบกลางภาค ภาคการศึกษา 2/2568\t1 - 8 มกราคม 2569\nวันสอบไล่\t16 - 29 มีนาคม 2569',
      ['สอบไล่', 'ภาค', 'ศึกษา', '2/2568', 'สอบ'],
      false,
    ],
    // no focus given (a caller without the question read): the whole passage, as before
    ['no focus', question, table, [], true],
  ] as const)('%s', (_, q, text, words, fires) => {
    expect(otherSibling(q, text, words)).toBe(fires);
  });
  test('answeringLines keeps the lines that are no row and every row that ties for the most words', () => {
    expect(answeringLines('หัวตาราง\nก\tข\nก\nข\tก\nค\tง', ['ก', 'ข'])).toBe('หัวตาราง\nก\tข\nก\nข\tก');
  });
});
