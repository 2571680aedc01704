import { describe, expect, test } from 'bun:test';
import { chunkDocument } from '../knowledge/index/chunker';
import { chunkHit } from '../knowledge/scoring/test-hit';
import { readQuestion } from '../knowledge/question/question';
import { extractiveAnswer } from './extractive';
import { WHOLE_CLAUSE_CHARS, WHOLE_PROSE_CHARS } from './clause-quote';

// A short clause is quoted whole: the piece sharing the question's words is not the only one a reader needs.
function answerFrom(clause: string[], question: string): string {
  const chunks = chunkDocument({ title: 'ระเบียบการลา', pages: [{ page: 1, text: ['หมวด ๑ การลาพักการศึกษา', ...clause].join('\n') }] });
  const c = chunks.find((x) => x.headingPath.at(-1) === 'ข้อ ๔')!;
  return extractiveAnswer(readQuestion(question), [chunkHit(c, 'leave', 'ระเบียบการลา', 10)])!.text;
}

const SHORT = ['ข้อ ๔ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องลาพักการศึกษาภายในสองสัปดาห์แรกของภาคการศึกษา', 'การอนุมัติเป็นอำนาจของคณบดี'];
const MID = [
  ...SHORT,
  'นักศึกษาที่ได้รับอนุมัติให้ลาพักต้องชำระค่ารักษาสภาพนักศึกษาทุกภาคการศึกษาที่ลาพัก มิฉะนั้นจะถูกถอนชื่อออกจากทะเบียนนักศึกษา',
  'ระยะเวลาที่ลาพักการศึกษาให้นับรวมอยู่ในระยะเวลาการศึกษา เว้นแต่กรณีที่ถูกเกณฑ์หรือระดมพลเข้ารับราชการทหาร',
];
const LONG = [
  ...MID,
  'นักศึกษาที่ลาพักการศึกษาติดต่อกันเกินสองภาคการศึกษาปกติจะต้องได้รับความเห็นชอบจากอาจารย์ที่ปรึกษาและหัวหน้าภาควิชาก่อน',
  'เมื่อครบกำหนดลาพักแล้ว นักศึกษาต้องยื่นคำร้องขอกลับเข้าศึกษาต่อสำนักทะเบียนและประมวลผลก่อนวันเปิดภาคการศึกษาไม่น้อยกว่าหนึ่งสัปดาห์',
  'นักศึกษาที่ไม่ยื่นคำร้องขอกลับเข้าศึกษาภายในกำหนดและไม่ชำระค่าธรรมเนียมการศึกษาให้ถือว่าพ้นสภาพการเป็นนักศึกษา',
  'การลาพักการศึกษาในภาคการศึกษาที่นักศึกษาลงทะเบียนเรียนแล้ว มหาวิทยาลัยจะไม่คืนค่าธรรมเนียมการศึกษาที่ชำระไว้แล้ว',
];
const LIST = [
  'ข้อ ๔ นักศึกษาอาจยื่นคำร้องขอลาพักการศึกษาได้ในกรณีใดกรณีหนึ่งดังต่อไปนี้',
  '(๑) ถูกเกณฑ์หรือระดมพลเข้ารับราชการทหารกองประจำการ',
  '(๒) ได้รับทุนแลกเปลี่ยนนักศึกษาระหว่างประเทศหรือทุนอื่นใดซึ่งมหาวิทยาลัยเห็นสมควรสนับสนุน',
  '(๓) เจ็บป่วยจนต้องพักรักษาตัวเป็นเวลานานเกินร้อยละยี่สิบของเวลาเรียนทั้งหมดตามใบรับรองแพทย์',
  '(๔) มีเหตุจำเป็นส่วนตัวซึ่งคณบดีพิจารณาแล้วเห็นสมควร โดยต้องเรียนมาแล้วไม่น้อยกว่าหนึ่งภาคการศึกษา',
];

describe('a short clause is quoted whole', () => {
  test('the fixture clauses are on either side of the limits', () => {
    expect(SHORT.join('').length).toBeLessThanOrEqual(WHOLE_CLAUSE_CHARS);
    for (const clause of [MID, LIST]) expect(clause.join('').length).toBeGreaterThan(WHOLE_CLAUSE_CHARS);
    for (const clause of [MID, LIST]) expect(clause.join('').length).toBeLessThanOrEqual(WHOLE_PROSE_CHARS);
    expect(LONG.join('').length).toBeGreaterThan(WHOLE_PROSE_CHARS);
  });

  test('who approves, in the sentence after the one the question matches, is quoted (before: only the first sentence)', () => {
    const text = answerFrom(SHORT, 'ยื่นคำร้องลาพักการศึกษาภายในสองสัปดาห์แรกของภาคการศึกษาแล้วใครเป็นคนอนุมัติ');
    expect(text).toContain('ยื่นคำร้องลาพักการศึกษา');
    expect(text).toContain('อำนาจของคณบดี');
  });

  test('a clause of sentences that fits in a quote is quoted whole (before: the sentence asked about alone)', () => {
    const text = answerFrom(MID, 'ลาพักการศึกษาต้องจ่ายค่ารักษาสภาพนักศึกษาไหม');
    expect(text).toContain('ค่ารักษาสภาพ');
    expect(text).toContain('ระดมพล');
  });

  test('a list of the same length is read by its items: the items nobody asked about stay out', () => {
    const text = answerFrom(LIST, 'ป่วยต้องพักรักษาตัวนานขอลาพักการศึกษาได้ไหม');
    expect(text).toContain('เจ็บป่วย');
    expect(text).not.toContain('ระดมพล');
  });

  test('a long clause is still quoted in part: the sentences nobody asked about stay out', () => {
    const text = answerFrom(LONG, 'ลาพักการศึกษาต้องจ่ายค่ารักษาสภาพนักศึกษาไหม');
    expect(text).toContain('ค่ารักษาสภาพ');
    expect(text).not.toContain('ระดมพล');
  });
});

describe('a schedule whose column gap was lost is read by its rows', () => {
  // a calendar typed or OCR'd one event a line, its date after the event's name with no tab between them
  const CALENDAR = [
    'ปฏิทินการศึกษา ภาคการศึกษาที่ ๑ ปีการศึกษา ๒๕๖๘',
    'ลงทะเบียนเรียนล่วงหน้า วันที่ ๒๑ - ๒๕ กรกฎาคม ๒๕๖๘',
    'วันเปิดภาคการศึกษา วันจันทร์ที่ ๔ สิงหาคม ๒๕๖๘',
    'วันสุดท้ายของการชำระค่าธรรมเนียมการศึกษา วันที่ ๑๕ สิงหาคม ๒๕๖๘',
    'ถอนรายวิชาโดยได้รับอักษร W ภายในวันที่ ๓๑ ตุลาคม ๒๕๖๘',
    'วันสุดท้ายของการเรียน วันที่ ๒๑ พฤศจิกายน ๒๕๖๘',
    'สอบปลายภาค วันที่ ๒๔ พฤศจิกายน - ๕ ธันวาคม ๒๕๖๘',
    'ประกาศผลการศึกษา วันที่ ๑๙ ธันวาคม ๒๕๖๘',
  ];
  test('the row asked for is quoted, not the whole calendar (before: every row, as prose under the quote length)', () => {
    expect(CALENDAR.join('').length).toBeLessThanOrEqual(WHOLE_PROSE_CHARS);
    const [c] = chunkDocument({ title: 'ปฏิทินการศึกษา', pages: [{ page: 1, text: CALENDAR.join('\n') }] });
    const text = extractiveAnswer(readQuestion('สอบปลายภาควันไหน'), [chunkHit(c!, 'calendar', 'ปฏิทินการศึกษา', 10)])!.text;
    expect(text).toContain('สอบปลายภาค วันที่ ๒๔ พฤศจิกายน - ๕ ธันวาคม ๒๕๖๘');
    expect(text).not.toContain('ลงทะเบียนเรียนล่วงหน้า');
    expect(text).not.toContain('วันสุดท้ายของการเรียน');
  });
});

// A numbered announcement writes its items "๑." with no ข้อ; the chunker labels each ข้อ ๑, and the quote names it once.
describe('an announcement item quoted under its label', () => {
  test('its own number is not written after the label', () => {
    const text = [
      'ประกาศมหาวิทยาลัย เรื่อง อัตราค่าธรรมเนียมการศึกษา',
      '๑. นักศึกษาภาคปกติชำระค่าธรรมเนียมการศึกษาแบบเหมาจ่ายภาคการศึกษาละ ๑๘,๐๐๐ บาท',
      '๒. นักศึกษาภาคพิเศษชำระค่าธรรมเนียมการศึกษาแบบเหมาจ่ายภาคการศึกษาละ ๒๕,๐๐๐ บาท',
    ].join('\n');
    const chunks = chunkDocument({ title: 'ประกาศค่าธรรมเนียม', pages: [{ page: 1, text }] });
    const c = chunks.find((x) => x.headingPath.at(-1) === 'ข้อ ๒')!;
    const answer = extractiveAnswer(readQuestion('ภาคพิเศษค่าเทอมเท่าไหร่'), [chunkHit(c, 'fees', 'ประกาศค่าธรรมเนียม', 10)])!.text;
    expect(answer).toContain('ข้อ ๒ นักศึกษาภาคพิเศษ');
    expect(answer).not.toContain('ข้อ ๒ ๒.');
  });
});

// The pieces that answer are quoted to the quote's length (clause-quote.ts MAX_CLAUSE_CHARS) before the cut: a
// procedure's six steps chosen together run past 700 characters.
describe('a procedure asked for is quoted to its last step', () => {
  test('the sixth step, past 700 characters of steps, is in the quote (before: cut with "…" after the fifth)', () => {
    const clause = [
      'ข้อ ๔ การขอจัดกิจกรรมนอกสถานที่ ให้องค์กรนักศึกษาปฏิบัติตามขั้นตอนดังต่อไปนี้',
      '(๑) จัดทำโครงการตามแบบฟอร์มที่กองพัฒนานักศึกษากำหนด โดยระบุวัตถุประสงค์ สถานที่ ระยะเวลา งบประมาณ และจำนวนผู้เข้าร่วมให้ครบถ้วนทุกรายการ',
      '(๒) เสนอโครงการต่ออาจารย์ที่ปรึกษาองค์กรเพื่อพิจารณาให้ความเห็นชอบ และลงนามรับรองในแบบเสนอโครงการก่อนยื่นต่อคณะหรือหน่วยงานต้นสังกัด',
      '(๓) ยื่นโครงการพร้อมหนังสือยินยอมของผู้ปกครองของนักศึกษาทุกคนที่เข้าร่วมต่อคณะ ล่วงหน้าไม่น้อยกว่าสามสิบวันก่อนวันจัดกิจกรรม',
      '(๔) จัดทำประกันอุบัติเหตุให้ผู้เข้าร่วมทุกคนตลอดระยะเวลาของกิจกรรม และแนบสำเนากรมธรรม์ประกอบการขออนุมัติโครงการ',
      '(๕) ขออนุมัติใช้ยานพาหนะของมหาวิทยาลัยหรือเช่ายานพาหนะตามระเบียบการพัสดุ โดยระบุเส้นทาง จุดแวะพัก และพนักงานขับรถให้ชัดเจนทุกคัน',
      '(๖) เมื่อเสร็จสิ้นกิจกรรมแล้ว ให้ส่งรายงานผลการดำเนินงานพร้อมหลักฐานการใช้จ่ายเงินต่อกองพัฒนานักศึกษาภายในสิบห้าวัน',
    ];
    const text = answerFrom(clause, 'ขั้นตอนการขอจัดกิจกรรมนอกสถานที่มีอะไรบ้าง');
    expect(clause.slice(0, 6).join('').length).toBeGreaterThan(700);
    expect(text).toContain('(๑) จัดทำโครงการ');
    expect(text).toContain('(๖) เมื่อเสร็จสิ้นกิจกรรมแล้ว ให้ส่งรายงานผลการดำเนินงาน');
  });
});
