import { describe, expect, test } from 'bun:test';
import type { SearchHit } from '../knowledge/service';
import { extractiveAnswer } from './extractive';
import { readQuestion } from '../knowledge/question/question';
import { retrievalConfidence } from '../knowledge';

// SSKRU's form for a กยศ loan past the curriculum's years (real_more's library, a text layer that lost its ำ) as the
// search retrieved it for a student's question: the short item that answers (ข้อ 3: ไม่เกิน 1 ปีการศึกษา) ranks first,
// the form's long opening paragraphs share more of the question's words, and a filled-in form of another loan follows.
const HITS: SearchHit[] = [
  {
    documentId: 'form-bc44f4',
    title: 'ขอกู้ยืมเกินหลักสูตร',
    category: null,
    fileType: 'pdf',
    chunkOrdinal: 4,
    page: 1,
    headingPath: ['ขอกู้ยืมเกินหลักสูตร', 'ข้อ 3'],
    score: 367.5,
    retrievalScore: 124.1,
    matchScore: 124.1,
    lexicalScore: 52.1,
    text: '3. มีเวลาศึกษาคงเหลือ ไม่เกิน 1 ปีการศึกษา คาดว่าจะจบในปีการศึกษา..................................',
  },
  {
    documentId: 'form-bc44f4',
    title: 'ขอกู้ยืมเกินหลักสูตร',
    category: null,
    fileType: 'pdf',
    chunkOrdinal: 0,
    page: 1,
    headingPath: ['ขอกู้ยืมเกินหลักสูตร'],
    score: 288.2,
    retrievalScore: 147.1,
    matchScore: 147.1,
    lexicalScore: 75.0,
    text: 'แบบคำร้องขอกู้ยืมเงินกองทุนเงินให้กู้ยืมเพื่อการศึกษา (กยศ.)\nเกินกว่าจำนวนปีที่กำหนดไว้ในหลักสูตร\nปีการศึกษา....................\nวันที่..........เดือน................................พ.ศ.....................\nข้าพเจ้า นาย/นาง/นางสาว....................................................................................................... เลขประจาตัวประชาชน...........................................................รหัสนักศึกษา......................................... สาขาวิชา....................................................คณะ/วิทยาลัย..............................................หลักสูตร.....ปีหมายเลขโทรศัพท์....................................................\nFacebook…………………………………………..…………………',
  },
  {
    documentId: 'form-bc44f4',
    title: 'ขอกู้ยืมเกินหลักสูตร',
    category: null,
    fileType: 'pdf',
    chunkOrdinal: 1,
    page: 1,
    headingPath: ['ขอกู้ยืมเกินหลักสูตร'],
    score: 266.0,
    retrievalScore: 139.2,
    matchScore: 139.2,
    lexicalScore: 67.2,
    text: 'ประวัติการกู้ยืมในระดับอุดมศึกษา กู้ยืมในมหาวิทยาลัยราชภัฏศรีสะเกษมาแล้ว.......ปี และเคยกู้ยืมกับมหาวิทยาลัยอื่น (ระบุชื่อสถาบัน).....................................................................................มาแล้ว.......ปีมีความประสงค์ขอกู้ยืมเงินกองทุนเงินให้กู้ยืมเพื่อการศึกษา (กยศ.) เกินกว่าจำนวนปีที่กาหนดไว้ในหลักสูตรในปีการศึกษา ............ โดยมีเหตุผลที่ไม่สามารถจบได้ตามหลักสูตร ดังนี้ (อธิบายให้ละเอียด) .............................................................................................................................................................. .............................................................................................................................................................. .............................................................................................................................................................. และข้าพเจ้า มีคุณสมบัติตามข้อกำหนด ดังนี้',
  },
  {
    documentId: 'form-bc44f4',
    title: 'ขอกู้ยืมเกินหลักสูตร',
    category: null,
    fileType: 'pdf',
    chunkOrdinal: 5,
    page: 1,
    headingPath: ['ขอกู้ยืมเกินหลักสูตร', 'ข้อ 4'],
    score: 237.8,
    retrievalScore: 112.6,
    matchScore: 112.6,
    lexicalScore: 40.6,
    text: '4. มีหน่วยกิตคงเหลือ ไม่เกิน 36 หน่วยกิต โดยมีหน่วยกิตคงเหลือ....................หน่วยกิต ดังนี้\nชื่อวิชา........................................................................จานวน............................หน่วยกิตชื่อวิชา........................................................................จานวน............................หน่วยกิตชื่อวิชา........................................................................จานวน............................หน่วยกิตชื่อวิชา........................................................................จานวน............................หน่วยกิตชื่อวิชา........................................................................จานวน............................หน่วยกิตชื่อวิชา........................................................................จานวน............................หน่วยกิตชื่อวิชา........................................................................จานวน............................หน่วยกิต\nลงชื่อ..........................................ผู้ขอกู้ยืม (...............................................................)',
  },
  {
    documentId: 'form-17824c',
    title: 'คำขอกู้',
    category: null,
    fileType: 'pdf',
    chunkOrdinal: 1,
    page: 1,
    headingPath: ['คำขอกู้'],
    score: 118.9,
    retrievalScore: 63.0,
    matchScore: 63.0,
    lexicalScore: 35.6,
    text: "Ai ์มีรายได้ของครอบครัวไม่เกิน 360,000 บาท/ปี\t(/์ไม่เป็นผู้มีงานประจำ\n(/ไม่เดยสำเร็จการศึกษาระดับปริญญาตรีสาขาใดๆมาก่อน (/์ไม่เป็นบุคคลลั้มละลาย\n(จบการศึกษาระดับมัธยมหรือเทียบเท่าแล้ว\t(/ไม่เดยต้องโทษจำคุก\n(/มียายุไม่เกิน 30 บีบวิบูรณ์\t(/'ไม่เดยผิดชำระหนี้กับกองทุน\n* ๒ง9 !\n8. ข้าพเจ้าไต้เข้าร่วมกิจกรรมจิตอาสาในปีการศึกษาที่ผ่านมา จำนวน....36...ชั่วโมง/ปีการศึกษา\n? 4\nฒ\nจเว i vA i\nTAN 74 6 LL rng\n2. regl 09 Een,",
  },
];
const QUESTION = 'ขอกู้ กยศ เกินหลักสูตร ต้องเหลือเวลาเรียนอีกไม่เกินกี่ปี';

describe('the clause the evidence would show is quoted first where the first would fall back', () => {
  test('the item that answers, likelier by the evidence and over the fallback, leads the paragraph that matched more words', () => {
    const question = readQuestion(QUESTION);
    const likely = (h: SearchHit) => retrievalConfidence(question, HITS, { passage: h }).confidence;
    // the case: the answering item is over the fallback's 30 and under 50, the paragraphs under 30
    expect(likely(HITS[0])).toBeGreaterThan(35);
    expect(likely(HITS[0])).toBeLessThan(50);
    expect(Math.max(...HITS.slice(1, 4).map(likely))).toBeLessThan(30);
    const a = extractiveAnswer(question, HITS)!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ 3');
    expect(a.text.split('\n')[0]).toContain('1 ปี');
  });
});

// KU Sakon Nakhon's academic-service price list (real_more's library, an OCR'd scan) as the search retrieved it for
// "… วิเคราะห์น้ำประปาดื่มได้ ราคาตัวอย่างละเท่าไหร่": the water-analysis table's row that answers ranks first by the evidence;
// by the quote's match the list's last page leads (its running foot names the service unit the question names), and
// two clauses of the list clear the evidence's bar for leading instead.
const PRICE_LIST = (await Bun.file(new URL('./quote-lead.fixture.json', import.meta.url)).json()) as SearchHit[];
const PRICE_QUESTION = 'หน่วยบริการวิชาการ คณะวิทยาศาสตร์และวิศวกรรมศาสตร์ วิเคราะห์น้ำประปาดื่มได้ ราคาตัวอย่างละเท่าไหร่';

describe('of the clauses likelier than the one the quote put first, the likeliest leads', () => {
  test('the row that answers leads, not the first clause in the quote order to clear the bar', () => {
    const question = readQuestion(PRICE_QUESTION);
    const likely = (h: SearchHit) => retrievalConfidence(question, PRICE_LIST, { passage: h }).confidence;
    // the case: the answering row and a civil-engineering price table both clear the bar (35), the row clearly likelier
    expect(likely(PRICE_LIST[1]!)).toBeGreaterThan(35);
    expect(likely(PRICE_LIST[0]!)).toBeGreaterThan(likely(PRICE_LIST[1]!) + 10);
    const a = extractiveAnswer(question, PRICE_LIST)!;
    expect(a.used[0]).toMatchObject({ chunkOrdinal: 5, page: 3 });
    expect(a.text).toContain('5,900');
  });
});
