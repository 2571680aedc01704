import { describe, expect, test } from 'bun:test';
import { chunkDocument } from '../knowledge/index/chunker';
import { chunkHit } from '../knowledge/scoring/test-hit';
import { readQuestion } from '../knowledge/question/question';
import { extractiveAnswer } from './extractive';
import { WHOLE_PROSE_CHARS } from './clause-quote';

// A question asking how much, how many or when is answered by a figure: when the sentence that matched the question
// holds none, the clause's piece that holds one (and shares the question's words) is quoted with it.
const REGULATION = [
  'หมวด ๒ ทุนการศึกษา',
  'ข้อ ๗ นักศึกษาที่ได้รับทุนช่วยเหลือการศึกษาต้องเข้าร่วมกิจกรรมจิตอาสาของมหาวิทยาลัยตลอดปีการศึกษาที่ได้รับทุน และต้องรายงานผลการเข้าร่วมกิจกรรมต่ออาจารย์ที่ปรึกษาทุกภาคการศึกษา',
  'คณะกรรมการจะพิจารณาต่อทุนจากรายงานผลการเข้าร่วมกิจกรรมและความประพฤติของนักศึกษา',
  'มหาวิทยาลัยโอนเงินเข้าบัญชีของนักศึกษา เดือนละ ๒,๕๐๐ บาท',
  'นักศึกษาที่ไม่ส่งรายงานตามกำหนดให้ระงับการจ่ายทุนไว้ก่อน',
  // (sentences on other matters: the clause is longer than a quote, so it is quoted in part: clause-quote.ts WHOLE_PROSE_CHARS)
  'การคัดเลือกผู้รับทุนให้เป็นไปตามประกาศของมหาวิทยาลัยที่ออกในแต่ละปี โดยคำนึงถึงความจำเป็นทางเศรษฐกิจของครอบครัวเป็นสำคัญ',
  'ผู้ที่ได้รับทุนจากแหล่งอื่นอยู่แล้วในปีเดียวกันไม่มีสิทธิ์ยื่นขอรับทุนตามระเบียบนี้อีก เว้นแต่คณะกรรมการจะเห็นสมควรเป็นกรณีพิเศษ',
  'ผู้ที่พ้นสภาพการเป็นนักศึกษาระหว่างปีให้สิ้นสุดการได้รับทุนนับแต่วันที่พ้นสภาพ และมหาวิทยาลัยจะไม่เรียกเงินที่จ่ายไปแล้วคืน',
  'ในกรณีที่มีปัญหาในการตีความตามระเบียบนี้ ให้อธิการบดีเป็นผู้วินิจฉัยชี้ขาด และให้ถือคำวินิจฉัยนั้นเป็นที่สุด',
].join('\n');
const chunks = chunkDocument({ title: 'ระเบียบทุนการศึกษา', pages: [{ page: 1, text: REGULATION }] });
const c = chunks.find((x) => x.headingPath.at(-1) === 'ข้อ ๗')!;
const hit = chunkHit(c, 'tun', 'ระเบียบทุนการศึกษา', 10);
const answer = (question: string) => extractiveAnswer(readQuestion(question), [hit])!.text;

describe('a figure asked for is quoted', () => {
  test('the clause is longer than a quote', () => expect(hit.text.length).toBeGreaterThan(WHOLE_PROSE_CHARS));

  test('the monthly amount on a later line of the clause is quoted for "how much" (before: only the sentence on the activities)', () => {
    const text = answer('ทุนช่วยเหลือการศึกษาที่ต้องเข้าร่วมกิจกรรมจิตอาสาและรายงานอาจารย์ที่ปรึกษา ได้เงินเดือนละเท่าไร');
    expect(text).toContain('๒,๕๐๐ บาท');
  });

  test('a question that asks no figure is quoted as before: the amount line stays out', () => {
    const text = answer('ได้ทุนช่วยเหลือการศึกษาต้องเข้าร่วมกิจกรรมจิตอาสาไหม');
    expect(text).not.toContain('๒,๕๐๐');
  });
});
