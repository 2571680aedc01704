import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunkDocument } from '../knowledge/index/chunker';
import type { SearchHit } from '../knowledge/service';
import { extractiveAnswer as answerQuestion } from './extractive';
import { readQuestion } from '../knowledge/question/question';
import { chunkHit } from '../knowledge/scoring/test-hit';

// the tests state questions as text: each is read as the assistant reads a turn's question
const extractiveAnswer = (question: string, hits: SearchHit[]) => answerQuestion(readQuestion(question), hits);

// The dormitory regulation of our own eval set: ข้อ ๕ is the fee table, ข้อ ๑๑ the refund on moving out.
const text = readFileSync(join(import.meta.dir, '../../scripts/eval/data/dorm/dorm-regulation.txt'), 'utf8');
const chunks = chunkDocument({ title: 'ระเบียบหอพัก', pages: [{ page: 1, text }] });
const clause = (label: string, score: number): SearchHit => chunkHit(chunks.find((x) => x.headingPath.at(-1) === label)!, 'dorm', 'ระเบียบหอพัก', score);

// Clauses of another document sharing the question's frame (a term's fees) but not its topic.
const SCHOLARSHIP = [
  'ผู้ได้รับทุนจะได้รับค่าบำรุงการศึกษาภาคการศึกษาละ ๑๐,๐๐๐ บาท ตลอดปีการศึกษา',
  'ทุนนี้ไม่ครอบคลุมค่าบำรุงอื่นของมหาวิทยาลัยในภาคการศึกษาที่ได้รับทุน',
  'ผู้รับทุนต้องรักษาผลการเรียนทุกภาคการศึกษาไม่ต่ำกว่า ๒.๕๐',
  'การจ่ายทุนแต่ละภาคการศึกษาจ่ายเข้าบัญชีของนักศึกษาภายในสามสิบวัน',
];

describe('of two quoted clauses, the one that answers leads', () => {
  test('the fee table leads the refund clause for "how much is the air-conditioned room" (before: "๑๕ วัน" from the refund clause)', () => {
    const hits = [clause('ข้อ ๕', 136), clause('ข้อ ๑๑', 106.5), clause('ข้อ ๓', 88)];
    const a = extractiveAnswer('ห้องปรับอากาศในหอพักค่าบำรุงภาคการศึกษาละเท่าไร', hits)!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ ๕');
    expect(a.text.split('\n')[0]).toContain('๖,๕๐๐ บาท');
    // the row is quoted with its header and the sentence announcing the table
    expect(a.text).toContain('ค่าบำรุงหอพักให้เป็นไปตามอัตราดังต่อไปนี้\nประเภทห้อง | ค่าบำรุงต่อภาคการศึกษา (บาท)');
  });

  test('the answering clause ranked fifth, behind four clauses of another document, is still read and quoted (before: only the first four were read)', () => {
    const other = (n: number, score: number): SearchHit => ({
      ...clause('ข้อ ๓', score),
      documentId: 'scholarship',
      title: 'ประกาศทุน',
      chunkOrdinal: 100 + n,
      text: SCHOLARSHIP[n],
    });
    const hits = [other(0, 131), other(1, 129), other(2, 127), other(3, 125), clause('ข้อ ๕', 124)];
    const a = extractiveAnswer('ห้องปรับอากาศในหอพักค่าบำรุงภาคการศึกษาละเท่าไร', hits)!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ ๕');
    expect(a.text.split('\n')[0]).toContain('๖,๕๐๐ บาท');
  });

  test('a clause no more likely than the first stays second', () => {
    const a = extractiveAnswer('ย้ายออกระหว่างภาคการศึกษาต้องแจ้งล่วงหน้ากี่วัน', [clause('ข้อ ๑๑', 120), clause('ข้อ ๕', 100)])!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ ๑๑');
  });
});

describe('a clause the evidence finds likely leads one it finds unlikely', () => {
  const text = readFileSync(join(import.meta.dir, '../../scripts/eval/data/dorm/scholarship-2568.txt'), 'utf8');
  const topics = chunkDocument({ title: 'ประกาศทุน', pages: [{ page: 1, text }] });
  const topic = (n: number, score: number): SearchHit => ({
    ...clause('ข้อ ๕', score),
    title: 'ประกาศทุน',
    text: topics[n].text,
    headingPath: topics[n].headingPath,
    chunkOrdinal: n,
    documentName: topics[n].documentName,
  });

  test('"how many grants, how much each": the topic giving both leads the preamble that retrieval ranked first (before: the preamble, a fallback)', () => {
    const hits = [topic(0, 143), topic(2, 121), topic(6, 112), topic(5, 111)];
    const a = extractiveAnswer('ทุนเรียนดีขาดแคลนมีกี่ทุน ทุนละเท่าไร', hits)!;
    expect(a.used[0].headingPath.at(-1)).toBe('ข้อ ๒');
    expect(a.text).toContain('ทุนละ ๒๐,๐๐๐ บาท');
    // the preamble it displaced is not about the question (no rate per grant): it is not quoted after it
    expect(a.used).toHaveLength(1);
  });
});

describe('the quote weighs clauses by their retrieval scores', () => {
  test('the evidence order changes which clause comes first, not which is quoted (before: ข้อ ๔ instead of ข้อ ๙)', () => {
    // the chat's search for this question: scores after the evidence order, and what retrieval scored
    const ordered = (
      [
        ['ข้อ ๙', 51.1, 45],
        ['ข้อ ๑๐', 48.2, 42.1],
        ['ข้อ ๘', 46.5, 36.9],
        ['ข้อ ๔', 43.8, 32.4],
      ] as const
    ).map(([label, score, retrievalScore]) => ({ ...clause(label, score), retrievalScore }));
    const question = 'ถ้าโดนจับได้ว่าสูบบุหรี่ในหอ จะโดนไล่ออกจากหอเลยไหม';
    const byRetrieval = extractiveAnswer(
      question,
      ordered.map((h) => ({ ...h, score: h.retrievalScore })),
    )!;
    const a = extractiveAnswer(question, ordered)!;
    expect(a.used.map((h) => h.headingPath.at(-1))).toEqual(byRetrieval.used.map((h) => h.headingPath.at(-1)));
  });
});
