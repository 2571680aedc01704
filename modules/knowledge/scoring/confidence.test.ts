import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bestPassageConfidence as bestOf, confidenceModel, confidenceOf, retrievalConfidence as confidenceFor, type ConfidenceOptions } from './confidence.ts';
import { EVIDENCE_FEATURES, evidenceFor as evidenceOf, OFF_QUESTION_RULES, type Evidence } from './evidence.ts';
import MODEL_FILE from './confidence-model.json' with { type: 'json' };
import type { SearchHit } from '../index/index-store.ts';
import { readQuestion } from '../question/question.ts';
import { temporaryIndex } from '../index/test-index.ts';
import { rankDocuments } from './retrieval.ts';
import { hit } from './test-hit.ts';

// the tests state questions as text: each is read as the assistant reads a turn's question
const evidenceFor = (q: string, hits: SearchHit[], passage?: SearchHit) => evidenceOf(readQuestion(q), hits, passage ?? hits[0]);
const retrievalConfidence = (q: string, hits: SearchHit[], opts?: ConfidenceOptions) => confidenceFor(readQuestion(q), hits, opts);
const bestPassageConfidence = (q: string, hits: SearchHit[], n: number) => bestOf(readQuestion(q), hits, n);

const regulation = readFileSync(join(import.meta.dir, '../../../../shared/fixtures/docs/regulation.txt'), 'utf8');
const index = temporaryIndex([{ documentId: 'reg', title: 'ข้อบังคับการจัดกิจกรรม', text: regulation }]);

/** Evidence with none of the off-question rules firing, as the model tests give it. */
const ev = (e: Pick<Evidence, 'wordCover' | 'gramCover' | 'margin' | 'typeMatch' | 'foreign'>): Evidence => ({
  otherYear: 0,
  otherSibling: 0,
  noRate: 0,
  countNoType: 0,
  ...e,
});

const confidence = async (q: string) => retrievalConfidence(q, await index().search(q, { k: 8 }));

describe("the confidence model on fixed evidence keeps the bands' meaning", () => {
  test('full coverage, a clear margin and the asked-for kind of answer: high band (≥ 80)', () => {
    expect(confidenceOf(ev({ wordCover: 1, gramCover: 1, margin: 0.5, typeMatch: 1, foreign: 0 }))).toBeGreaterThanOrEqual(80);
  });
  test('half the question covered, no margin: medium band (30–80)', () => {
    const c = confidenceOf(ev({ wordCover: 0.8, gramCover: 0.8, margin: 0.1, typeMatch: 1, foreign: 0 }));
    expect(c).toBeGreaterThanOrEqual(30);
    expect(c).toBeLessThan(80);
  });
  test('little coverage or words the library never uses: low band (< 30)', () => {
    expect(confidenceOf(ev({ wordCover: 0.3, gramCover: 0.4, margin: 0.2, typeMatch: 0.5, foreign: 0.5 }))).toBeLessThan(30);
    expect(confidenceOf(ev({ wordCover: 0.6, gramCover: 0.6, margin: 0.3, typeMatch: 0, foreign: 0.4 }))).toBeLessThan(30);
  });
  test('each kind of evidence moves the confidence the right way', () => {
    const base = { wordCover: 0.6, gramCover: 0.6, margin: 0.3, typeMatch: 0.5, foreign: 0.2 };
    for (const k of ['wordCover', 'gramCover', 'margin', 'typeMatch'] as const)
      expect(confidenceOf(ev({ ...base, [k]: base[k] + 0.2 }))).toBeGreaterThan(confidenceOf(ev(base)));
    expect(confidenceOf(ev({ ...base, foreign: 0.4 }))).toBeLessThan(confidenceOf(ev(base)));
  });
});

describe('the model file', () => {
  test('every weight names an evidence feature, and the file says where the weights come from', () => {
    for (const name of Object.keys(MODEL_FILE.weights)) expect(EVIDENCE_FEATURES as readonly string[]).toContain(name);
    expect(Object.keys(MODEL_FILE.provenance).length).toBeGreaterThan(0);
  });
  test("the fitted weights load: the model in use is the file's bias and weights, z = bias + Σ weight · feature", () => {
    expect(confidenceModel()).toEqual({ bias: MODEL_FILE.bias, weights: MODEL_FILE.weights });
    const e = ev({ wordCover: 0.7, gramCover: 0.6, margin: 0.2, typeMatch: 1, foreign: 0.1 });
    const weights: Partial<Record<keyof Evidence, number>> = MODEL_FILE.weights;
    const z = MODEL_FILE.bias + EVIDENCE_FEATURES.reduce((sum, f) => sum + (weights[f] ?? 0) * e[f], 0);
    expect(confidenceOf(e)).toBeCloseTo(100 / (1 + Math.exp(-z)), 9);
  });
});

describe('the off-question rules are features, not vetoes', () => {
  // 2568's fines asked of the 2569 announcement: the rule fires, and lowers the confidence by its weight only
  const fines2569 = hit('ประกาศห้องสมุด ปีการศึกษา 2569 ค่าปรับคืนหนังสือช้า วันละ ๕ บาท', 10);
  test('a firing rule leaves the coverage and margin as measured', () => {
    const e = evidenceFor('ปีการศึกษา 2568 ห้องสมุดปรับคืนหนังสือช้าวันละเท่าไหร่', [fines2569]);
    expect(e.otherYear).toBe(1);
    expect(e.wordCover).toBeGreaterThan(0.5);
    expect(e.margin).toBeGreaterThan(0);
  });
  test("the confidence falls by the rule's weight: with its weight at 0 the rule changes nothing", () => {
    const e = evidenceFor('ปีการศึกษา 2568 ห้องสมุดปรับคืนหนังสือช้าวันละเท่าไหร่', [fines2569]);
    const m = { bias: -3.4, weights: { wordCover: 1.5, gramCover: 1.65, margin: 3.9, typeMatch: 0.87, foreign: -3.15 } };
    const withRule = { ...m, weights: { ...m.weights, otherYear: -1 } };
    expect(confidenceOf(e, withRule)).toBeLessThan(confidenceOf(e, m));
    expect(confidenceOf(e, withRule)).toBeGreaterThan(0.5);
    expect(confidenceOf({ ...e, otherYear: 0 }, withRule)).toBeCloseTo(confidenceOf(e, m), 5);
  });
  // A year belongs to the document: a calendar of 2568 whose term row names only the year before ("ภาคฤดูร้อน 2567")
  // is not about another year; the 2569 announcement, which names 2568 nowhere, is.
  test('another year is read against the passage and its document: a year its document names is not another', () => {
    const q = 'ปฏิทินปีการศึกษา 2568 ลงทะเบียนภาคฤดูร้อนวันไหน';
    const row = hit('ภาคฤดูร้อน (ต่อจากปีการศึกษา 2567) ลงทะเบียน ๒ เมษายน', 10);
    expect(evidenceFor(q, [row]).otherYear).toBe(1);
    expect(evidenceFor(q, [{ ...row, documentText: 'ปฏิทินการศึกษา ปีการศึกษา 2568\nภาคฤดูร้อน (ต่อจากปีการศึกษา 2567) ลงทะเบียน ๒ เมษายน' }]).otherYear).toBe(0);
    expect(evidenceFor(q, [{ ...row, documentText: 'ปฏิทินการศึกษา ปีการศึกษา 2567\nภาคฤดูร้อน (ต่อจากปีการศึกษา 2567) ลงทะเบียน ๒ เมษายน' }]).otherYear).toBe(1);
  });
  // the shipped model: a rule firing alone does not zero the strongest passage (it stays shown), and it still
  // sends a middling one to the fallback
  const strongest = ev({ wordCover: 1, gramCover: 1, margin: 1, typeMatch: 1, foreign: 0 });
  const middling = ev({ wordCover: 0.8, gramCover: 0.8, margin: 0.3, typeMatch: 1, foreign: 0.05 });
  for (const rule of OFF_QUESTION_RULES) {
    test(`${rule} firing alone leaves the strongest passage shown and sends a middling one to the fallback`, () => {
      expect(confidenceOf({ ...strongest, [rule]: 1 })).toBeGreaterThanOrEqual(30);
      expect(confidenceOf(middling)).toBeGreaterThanOrEqual(30);
      expect(confidenceOf({ ...middling, [rule]: 1 })).toBeLessThan(30);
    });
  }
});

describe('a count asked of a passage stating no figure of the unit asked (countNoType)', () => {
  // the clause on the topic that leaves the amount to another announcement: the near-miss's neighbour
  const noAmount = hit('ข้อ ๗ การชำระค่าธรรมเนียมขึ้นทะเบียนปริญญา ให้เป็นไปตามประกาศของมหาวิทยาลัย', 10);
  const amount = hit('ข้อ ๗ ค่าธรรมเนียมขึ้นทะเบียนปริญญา ฉบับละ ๕๐๐ บาท', 10);
  const asked = 'ค่าขึ้นทะเบียนปริญญาต้องจ่ายกี่บาท';
  test('fires for a count question whose passage holds no figure of the unit, and not when it does', () => {
    expect(readQuestion(asked).asked).toBe('count');
    expect(evidenceFor(asked, [noAmount])).toMatchObject({ typeMatch: 0, countNoType: 1 });
    expect(evidenceFor(asked, [amount])).toMatchObject({ typeMatch: 1, countNoType: 0 });
  });
  test('does not fire for a question that asks no count, whatever the passage holds', () => {
    expect(evidenceFor('ค่าขึ้นทะเบียนปริญญาจ่ายที่ไหน', [noAmount]).countNoType).toBe(0);
  });
  test('weighs apart from typeMatch: the shipped weight lowers the confidence of the passage it fires on', () => {
    const e = evidenceFor(asked, [noAmount]);
    expect(MODEL_FILE.weights.countNoType).toBeLessThan(0);
    expect(confidenceOf(e)).toBeLessThan(confidenceOf({ ...e, countNoType: 0 }));
  });
});

describe('evidence', () => {
  test('a copy of the passage (another document) does not count as a competitor', () => {
    const clause = 'ข้อ ๙ ให้องค์กรนักศึกษาส่งหลักฐานการเบิกจ่ายภายใน ๑๕ วันนับแต่วันสิ้นสุดกิจกรรม';
    const other = 'ข้อ ๒ ห้องสมุดเปิดบริการวันจันทร์ถึงวันศุกร์';
    const q = 'ส่งหลักฐานการเบิกจ่ายภายในกี่วัน';
    const alone = evidenceFor(q, [hit(clause, 10), hit(other, 4, 'b')]);
    const withCopy = evidenceFor(q, [hit(clause, 10), hit(clause, 10, 'copy'), hit(other, 4, 'b')]);
    expect(withCopy.margin).toBeCloseTo(alone.margin, 5);
    expect(alone.margin).toBeGreaterThan(0.5);
  });

  test("slang is matched in the documents' wording; the asked-for kind of answer is looked for", () => {
    const e = evidenceFor('ไปค่ายค้างคืนกินเหล้าได้ไหม', [hit('การจัดกิจกรรมนอกสถานที่หรือค้างคืน ห้ามมิให้มีการเสพเครื่องดื่มที่มีแอลกอฮอล์', 10)]);
    expect(e.wordCover).toBeGreaterThan(0.8);
    expect(e.typeMatch).toBe(1);
    expect(evidenceFor('สอบวันไหน', [hit('การสอบให้เป็นไปตามประกาศของคณะ', 10)]).typeMatch).toBe(0);
    // "กี่บาท" wants an amount of baht: a date is a number but not the answer
    expect(evidenceFor('ลงทะเบียนช้าโดนปรับกี่บาท', [hit('วันลงทะเบียนหลังกำหนด จันทร์ที่ 1 - ศุกร์ที่ 12 ธันวาคม 2568', 10)]).typeMatch).toBe(0);
    expect(evidenceFor('ลงทะเบียนช้าโดนปรับกี่บาท', [hit('ผู้ลงทะเบียนหลังกำหนดต้องชำระค่าปรับวันละ ๕๐ บาท', 10)]).typeMatch).toBe(1);
    // a table names the unit once, in its column header, and its rows hold bare numbers
    const table = 'ประเภทสมาชิก | จำนวนที่ยืมได้ (เล่ม) | ระยะเวลายืม (วัน)\nนักศึกษาปริญญาโท | ๑๕ | ๓๐';
    expect(evidenceFor('ป.โทยืมหนังสือได้กี่เล่ม', [hit(table, 10)]).typeMatch).toBe(1);
    const fees = 'ระดับการศึกษา | ค่ารักษาสภาพ (บาทต่อภาคการศึกษา)\nปริญญาตรี | ๑,๕๐๐';
    expect(evidenceFor('ลาพักเทอมนึงต้องจ่ายค่ารักษาสภาพกี่บาท', [hit(fees, 10)]).typeMatch).toBe(1);
    // a Buddhist-era year is not a count of terms (before: "2568 ภาคการศึกษาที่ 2" answered it)
    const row = 'ปฏิทินการศึกษา 2568 ภาคการศึกษาที่ 2/2568 วันยื่นคำร้องขอลาพักการศึกษา จันทร์ที่ 1 ธันวาคม 2568';
    expect(evidenceFor('ลาพักการเรียนได้สูงสุดกี่เทอมคะ', [hit(row, 10)]).typeMatch).toBe(0);
    expect(evidenceFor('ลาพักการเรียนได้สูงสุดกี่เทอมคะ', [hit('ลาพักการศึกษาได้ไม่เกิน 4 ภาคการศึกษา', 10)]).typeMatch).toBe(1);
    expect(evidenceFor('ป.โทยืมหนังสือได้กี่เล่ม', [hit('นักศึกษาปริญญาโทยืมหนังสือได้ภายใน ๓๐ วัน', 10)]).typeMatch).toBe(0);
    // a percentage is written before its number (before: type 0, and the refund table that answers fell
    // back at 12 %)
    const refund = 'สัปดาห์ที่ ๓ – ๔ | ๒๓ มิถุนายน – ๖ กรกฎาคม ๒๕๖๘ | ร้อยละ ๕๐';
    const percent = evidenceFor('ถอนวันที่ 25 มิ.ย. 68 ได้เงินคืนกี่เปอร์เซ็นต์', [hit(refund, 10)]);
    expect(percent.typeMatch).toBe(1);
    expect(evidenceFor('ได้เงินคืนกี่เปอร์เซ็นต์', [hit('ให้คืนเงินภายใน ๓๐ วัน', 10)]).typeMatch).toBe(0);
  });

  test('a question on what follows an act is answered by a penalty, not by the rule that forbids the act', () => {
    const rule = hit('ข้อ ๘ นักศึกษาต้องไม่กระทำการดังต่อไปนี้ (๕) สูบบุหรี่หรือบุหรี่ไฟฟ้า (๒) เสพยาเสพติดให้โทษ', 10);
    const penalty = hit('ข้อ ๑๒ นักศึกษาที่สูบบุหรี่หรือบุหรี่ไฟฟ้าในมหาวิทยาลัย ให้ตัดคะแนนความประพฤติ ๑๐ คะแนน', 10);
    for (const q of ['ดูดพอตในมอโดนอะไรมั้ยครับ', 'ถ้าสูบบุหรี่ในมอจะเป็นยังไง', 'สูบบุหรี่ในมอผิดไหม', 'สูบบุหรี่ในมอ มีผลยังไง', 'สูบบุหรี่ในมอจะเป็นไรไหม']) {
      expect(evidenceFor(q, [rule, penalty], rule).typeMatch).toBe(0);
      expect(evidenceFor(q, [rule, penalty], penalty).typeMatch).toBe(1);
    }
    expect(evidenceFor('ขโมยของต้องติดคุกไหม', [hit('ผู้ใดลักทรัพย์ ต้องระวางโทษจำคุกไม่เกินสามปี', 10)]).typeMatch).toBe(1);
    // a consequence stated otherwise than as a penalty still answers ("มิฉะนั้นจะถูกระงับการจ่ายทุน")
    const condition = hit('ผู้ได้รับทุนต้องรักษาคะแนนเฉลี่ยสะสมไม่ต่ำกว่า ๒.๕๐ มิฉะนั้นจะถูกระงับการจ่ายทุนงวดถัดไป', 10);
    expect(evidenceFor('เกรดตกเหลือ 2.4 จะโดนตัดทุนไหม', [condition]).typeMatch).toBe(1);
    // a question in a law's own words is not one (it asks no kind, so nothing is missed): a long section's first part,
    // without its penalty, would lose
    expect(evidenceFor('ลักทรัพย์ในเวลากลางคืนต้องระวางโทษอย่างไร', [hit('มาตรา ๓๓๕ ผู้ใดลักทรัพย์ (๑) ในเวลากลางคืน', 10)]).typeMatch).toBe(1);
    // "ปรับปรุง" is no fine; a permission asked after a story with โดน is not a consequence question
    expect(evidenceFor('ห้องพักโดนอะไรบ้าง', [hit('ให้ปรับปรุงห้องพักทุกภาคการศึกษา', 10)]).typeMatch).toBe(0);
    expect(evidenceFor('ถ้าโดนใบแดงลาพักได้ไหม', [rule]).typeMatch).toBe(1);
  });

  test('a question asking for a list and a deadline is answered only by a passage holding both', () => {
    const q = 'การจัดกิจกรรมต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด';
    const listAndDeadline = 'ข้อ ๕ ให้เสนอโครงการล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม โดยโครงการต้องประกอบด้วย ดังต่อไปนี้\n(๑) ชื่อโครงการ\n(๒) งบประมาณ';
    expect(evidenceFor(q, [hit(listAndDeadline, 10)]).typeMatch).toBe(1);
    // a deadline without the list, or a list without a deadline, answers half the question
    expect(evidenceFor(q, [hit('ข้อ ๙ ให้ส่งรายงานภายใน ๓๐ วันนับแต่วันสิ้นสุดกิจกรรม', 10)]).typeMatch).toBe(0);
    expect(evidenceFor(q, [hit('ข้อ ๔ ในข้อบังคับนี้ องค์กรนักศึกษา ได้แก่ สโมสร ชมรม', 10)]).typeMatch).toBe(0);
    expect(evidenceFor('ต้องใช้เอกสารอะไรบ้าง', [hit('ข้อ ๔ ในข้อบังคับนี้ องค์กรนักศึกษา ได้แก่ สโมสร ชมรม', 10)]).typeMatch).toBe(1);
  });

  test('a word the library writes another way is not foreign (the same test as coverage)', () => {
    // "ยื่น" is written "เสนอ" in regulations
    const e = evidenceFor('ต้องยื่นโครงการล่วงหน้ากี่วัน', [hit('ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วัน', 10)]);
    expect(e.wordCover).toBe(1);
    expect(e.foreign).toBe(0);
  });

  test('words found in no retrieved passage are foreign', () => {
    const e = evidenceFor('ราคาทองคำวันนี้เท่าไหร่', [hit('ข้อ ๖ วงเงินไม่เกิน ๒๐,๐๐๐ บาท ให้ผู้อำนวยการเป็นผู้อนุมัติ', 3)]);
    expect(e.foreign).toBeGreaterThan(0.5);
  });
});

describe('retrievalConfidence on the regulation', () => {
  test('in-scope regulation questions score at least 30, out-of-scope below 30', async () => {
    const inScope = ['องค์กรนักศึกษาต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน', 'การจัดกิจกรรมค้างคืนต้องมีหนังสือยินยอมจากผู้ปกครองหรือไม่'];
    const outOfScope = ['ทีมฟุตบอลแมนเชสเตอร์ยูไนเต็ดชนะเลิศพรีเมียร์ลีกกี่สมัย', 'สูตรต้มยำกุ้งน้ำข้นใส่นมสดกี่ช้อน', 'ราคาทองคำวันนี้บาทละเท่าไหร่'];
    for (const q of inScope) expect((await confidence(q)).confidence).toBeGreaterThanOrEqual(30);
    for (const q of outOfScope) expect((await confidence(q)).confidence).toBeLessThan(30);
    const a = await confidence(inScope[0]);
    const b = await confidence(outOfScope[0]);
    expect(a.coverage).toBeGreaterThan(b.coverage);
  });

  test('with several clauses for a model, the one that answers sets the confidence, not the top hit', async () => {
    const q = 'การจัดกิจกรรมขององค์กรนักศึกษาต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด';
    const hits = await index().search(q, { k: 8 });
    const best = Math.max(...hits.slice(0, 5).map((passage) => retrievalConfidence(q, hits, { passage }).confidence));
    expect(bestPassageConfidence(q, hits, 5).confidence).toBe(best);
    expect(best).toBeGreaterThanOrEqual(retrievalConfidence(q, hits).confidence);
    // ข้อ ๕ answers both asks (what a proposal holds, and its deadline): it must not fall back
    const clause5 = hits.find((h) => h.headingPath.at(-1) === 'ข้อ ๕')!;
    expect(retrievalConfidence(q, hits, { passage: clause5 }).confidence).toBeGreaterThanOrEqual(45);
  });

  test('no hits or only stop words give zero', () => {
    expect(retrievalConfidence('ค่าปรับเท่าไร', []).confidence).toBe(0);
  });
});

describe('rankDocuments', () => {
  test('keeps the best chunk per document, ordered by score', () => {
    const hit = (documentId: string, score: number) => ({
      documentId,
      title: documentId,
      category: null,
      fileType: 'txt',
      chunkOrdinal: 0,
      text: '',
      headingPath: [],
      page: 1,
      score,
    });
    const ranked = rankDocuments([hit('a', 1), hit('b', 3), hit('a', 5), hit('c', 2)], 2);
    expect(ranked.map((r) => [r.documentId, r.score])).toEqual([
      ['a', 5],
      ['b', 3],
    ]);
    expect(ranked[0].best.score).toBe(5);
  });
});

describe('story-style questions: the situation is not the question', () => {
  const hits = [
    hit('ข้อ ๕ ให้องค์กรนักศึกษาเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันจัดกิจกรรม', 20, 'a'),
    hit('ข้อ ๙ ให้ส่งรายงานผลการดำเนินงานภายใน ๓๐ วันนับแต่วันเสร็จสิ้นโครงการ', 10, 'b'),
  ];
  const asked = 'ต้องเสนอโครงการล่วงหน้ากี่วันครับ';
  const story = `พวกเราเป็นกลุ่มเพื่อนในชมรมถ่ายภาพ อยากจัดนิทรรศการภาพถ่ายตอนต้นเดือนหน้า ซึ่งเหลือเวลาอีกประมาณสามสัปดาห์ ${asked}`;

  test('situation words no passage uses weigh a quarter; the asked part counts in full (before: coverage 0.22, foreign 0.78, a fallback)', () => {
    const e = evidenceFor(story, hits);
    expect(e.wordCover).toBeGreaterThan(0.45);
    expect(e.foreign).toBeLessThan(0.55);
    expect(confidenceOf(e)).toBeGreaterThanOrEqual(30);
  });
  test('a word of the asked part that no passage uses still counts in full', () => {
    const e = evidenceFor(`${story.replace(asked, '')} ต้องเสนอโครงการล่วงหน้ากี่วันและต้องแนบใบเสร็จไหมครับ`, hits);
    const plain = evidenceFor(asked, hits);
    expect(e.foreign).toBeGreaterThan(plain.foreign);
    expect(e.wordCover).toBeLessThan(0.8);
  });
  test('a short question is one ask: every word counts', () => {
    expect(evidenceFor('ถ่ายภาพ เสนอโครงการล่วงหน้ากี่วัน', hits).foreign).toBeGreaterThan(0.2);
  });

  test('the clock unit a question asks in is the ask, not a topic word: "กี่ทุ่ม" is answered by "๒๓.๐๐ นาฬิกา"', () => {
    const door = hit('ข้อ ๗ ประตูหอพักปิดเวลา ๒๓.๐๐ นาฬิกา และเปิดเวลา ๐๕.๐๐ นาฬิกา', 10, 'door');
    const e = evidenceFor('หอพักปิดกี่ทุ่ม', [door]);
    expect(e.wordCover).toBe(1);
    expect(e.typeMatch).toBe(1);
    // other units stay topic words: a passage without baht does not cover "กี่บาท"
    expect(evidenceFor('หอพักปิดกี่บาท', [door]).wordCover).toBeLessThan(1);
  });
});

describe("the question is weighed against the shown passage's document, not the rest of the library", () => {
  const dorm = 'ข้อ ๖ ผู้พักต้องชำระเงินประกันความเสียหาย จำนวน ๒,๐๐๐ บาท ในวันรายงานตัวเข้าพัก';
  const dormDocument = `${dorm}\nข้อ ๗ ประตูหอพักปิดเวลา ๒๓.๐๐ นาฬิกา`;
  const unrelated = hit('ระเบียบการจราจร ห้ามจอดรถยนต์ในเขตมหาวิทยาลัยเว้นแต่ได้รับอนุญาต', 20, 'traffic');
  const q = 'จอดรถยนต์ที่หอพักต้องเสียค่าจอดไหม';
  test("an unrelated document that uses the question's words does not make it less foreign (before: 0.44 → 0.22)", () => {
    const alone = evidenceFor(q, [{ ...hit(dorm, 30, 'dorm'), documentText: dormDocument }]);
    const withOther = evidenceFor(q, [{ ...hit(dorm, 30, 'dorm'), documentText: dormDocument }, unrelated]);
    expect(withOther.foreign).toBeCloseTo(alone.foreign, 5);
    expect(alone.foreign).toBeGreaterThan(0.4);
  });
  test('words the document uses in another clause are not foreign', () => {
    const e = evidenceFor('หอพักปิดกี่โมง ต้องจ่ายเงินประกันไหม', [{ ...hit(dorm, 30, 'dorm'), documentText: dormDocument }]);
    expect(e.foreign).toBe(0);
  });
});
