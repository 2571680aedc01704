import { describe, expect, test } from 'bun:test';
import { EVIDENCE_ORDER_DEPTH, evidenceOrder as orderOf, orderedByEvidence as orderedOf } from './evidence-order.ts';
import type { KnowledgeIndex, SearchHit } from '../index/index-store.ts';
import { readQuestion } from '../question/question.ts';
import { temporaryIndex } from '../index/test-index.ts';
import { hit } from './test-hit.ts';

// the tests state questions as text: each is read as the assistant reads a turn's question
const evidenceOrder = (q: string, hits: SearchHit[]) => orderOf(readQuestion(q), hits);
const orderedByEvidence = (index: KnowledgeIndex, q: string, hits: SearchHit[]) => orderedOf(index, readQuestion(q), hits);

const TITLE = 'ระเบียบมหาวิทยาลัย ว่าด้วยหอพักนักศึกษา';
// the look-alike: moving out, the dormitory and its fees, over and over; never money back
const PAYMENT = 'ข้อ ๕ ผู้พักที่ประสงค์จะย้ายออกจากหอพักให้แจ้งหัวหน้าหอพักภายใน ๗ วัน ผู้พักที่ย้ายออกจากหอพักต้องชำระค่าหอพักที่ค้างภายในวันที่ย้ายออก ค่าหอพักให้ชำระที่กองคลังภายในวันที่ ๕ ของเดือน';
const REFUND = 'ข้อ ๗ ผู้พักขอคืนเงินประกันได้ภายใน ๓๐ วันนับแต่วันที่ย้ายออก';
const QUESTION = 'ย้ายออกจากหอแล้ว ขอคืนเงินค่าหอพักได้ภายในกี่วัน';

describe('the evidence order', () => {
  const index = temporaryIndex([{ documentId: 'dorm', title: TITLE, text: [PAYMENT, REFUND].join('\n') }]);

  test("puts the clause that answers before a look-alike that repeats the question's words (before: the look-alike first)", async () => {
    const found = await index().search(QUESTION, { k: 5 });
    expect(found[0].text).toStartWith('ข้อ ๕'); // what the text score alone ranks first
    const ordered = await orderedByEvidence(index(), QUESTION, found);
    expect(ordered.map((h) => h.text.slice(0, 5))).toEqual(['ข้อ ๗', 'ข้อ ๕']);
    // the order's score is the order; what each clause matched is kept for the margin and the quote
    expect(ordered[0].score).toBeGreaterThan(ordered[1].score);
    expect(ordered[0].retrievalScore).toBe(found.find((h) => h.text.startsWith('ข้อ ๗'))!.score);
    expect(ordered[0].documentText).toContain('คืนเงิน');
  });

  test('leaves a question told as a story, and the clauses below its depth, in the text order', () => {
    const story =
      'ผมเช่าหอในมหาวิทยาลัยมาตั้งแต่ปีหนึ่ง เทอมนี้ย้ายไปอยู่กับเพื่อนที่คอนโดนอกมหาวิทยาลัยเพราะใกล้ที่ฝึกงาน แม่โอนค่าหอพักล่วงหน้าไว้แล้วทั้งเทอม ' +
      'เจ้าหน้าที่หอบอกว่าต้องกรอกแบบฟอร์มและรอตรวจห้องก่อน เพื่อนบอกว่าเงินจะไม่ได้คืน อยากทราบว่าขอคืนเงินค่าหอพักได้ภายในกี่วัน';
    const hits = [hit(PAYMENT, 10), hit(REFUND, 8)];
    expect(evidenceOrder(story, hits)).toBe(hits);
    const deep = [...Array.from({ length: EVIDENCE_ORDER_DEPTH }, (_, i) => hit(`${PAYMENT} (${i})`, 20 - i)), hit(REFUND, 1)];
    expect(evidenceOrder(QUESTION, deep).at(-1)!.text).toBe(REFUND);
    expect(evidenceOrder(QUESTION, [hit(REFUND, 1)])).toEqual([hit(REFUND, 1)]);
  });
});

describe('the evidence order reads how close together a clause holds the question’s words', () => {
  const FILLER = 'การดำเนินการตามประกาศนี้ให้เป็นไปตามที่มหาวิทยาลัยกำหนดโดยความเห็นชอบของคณะกรรมการประจำคณะ';
  // both clauses name every word of the question, with the same text around them: one says it in one sentence
  const TOGETHER = `ข้อ ๘ นักศึกษาที่ลงทะเบียนล่าช้าต้องเสียค่าปรับวันละ ๕๐ บาท ${FILLER} ${FILLER}`;
  const APART = `ข้อ ๙ นักศึกษาที่ลงทะเบียน ${FILLER} ให้ถือว่าล่าช้า ${FILLER} และต้องเสียค่าปรับวันละ ๕๐ บาท`;
  const ASKED = 'ลงทะเบียนล่าช้าเสียค่าปรับวันละเท่าไร';

  test('of two clauses the text and the evidence weigh alike, the one that says it in one sentence comes first (before: the order as retrieved)', () => {
    const ordered = evidenceOrder(ASKED, [hit(APART, 10), hit(TOGETHER, 10)]);
    expect(ordered.map((h) => h.text.slice(0, 5))).toEqual(['ข้อ ๘', 'ข้อ ๙']);
  });

  test('a clause far ahead on the text score keeps its place', () => {
    const ordered = evidenceOrder(ASKED, [hit(APART, 40), hit(TOGETHER, 10)]);
    expect(ordered[0]!.text).toBe(APART);
  });
});
