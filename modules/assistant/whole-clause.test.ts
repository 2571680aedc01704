import { describe, expect, test } from 'bun:test';
import { chunkDocument } from '../knowledge/index/chunker';
import { chunkHit } from '../knowledge/scoring/test-hit';
import { readQuestion } from '../knowledge/question/question';
import { extractiveAnswer } from './extractive';
import { WHOLE_CLAUSE_CHARS } from './clause-quote';

// A short clause is quoted whole: the piece sharing the question's words is not the only one a reader needs.
function answerFrom(clause: string[], question: string): string {
  const chunks = chunkDocument({ title: 'ระเบียบการลา', pages: [{ page: 1, text: ['หมวด ๑ การลาพักการศึกษา', ...clause].join('\n') }] });
  const c = chunks.find((x) => x.headingPath.at(-1) === 'ข้อ ๔')!;
  return extractiveAnswer(readQuestion(question), [chunkHit(c, 'leave', 'ระเบียบการลา', 10)])!.text;
}

const SHORT = ['ข้อ ๔ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องลาพักการศึกษาภายในสองสัปดาห์แรกของภาคการศึกษา', 'การอนุมัติเป็นอำนาจของคณบดี'];
const LONG = [
  ...SHORT,
  'นักศึกษาที่ได้รับอนุมัติให้ลาพักต้องชำระค่ารักษาสภาพนักศึกษาทุกภาคการศึกษาที่ลาพัก มิฉะนั้นจะถูกถอนชื่อออกจากทะเบียนนักศึกษา',
  'ระยะเวลาที่ลาพักการศึกษาให้นับรวมอยู่ในระยะเวลาการศึกษา เว้นแต่กรณีที่ถูกเกณฑ์หรือระดมพลเข้ารับราชการทหาร',
];

describe('a short clause is quoted whole', () => {
  test('the fixture clauses are on either side of the limit', () => {
    expect(SHORT.join('').length).toBeLessThanOrEqual(WHOLE_CLAUSE_CHARS);
    expect(LONG.join('').length).toBeGreaterThan(WHOLE_CLAUSE_CHARS);
  });

  test('who approves, in the sentence after the one the question matches, is quoted (before: only the first sentence)', () => {
    const text = answerFrom(SHORT, 'ยื่นคำร้องลาพักการศึกษาภายในสองสัปดาห์แรกของภาคการศึกษาแล้วใครเป็นคนอนุมัติ');
    expect(text).toContain('ยื่นคำร้องลาพักการศึกษา');
    expect(text).toContain('อำนาจของคณบดี');
  });

  test('a long clause is still quoted in part: the sentences nobody asked about stay out', () => {
    const text = answerFrom(LONG, 'ลาพักการศึกษาต้องจ่ายค่ารักษาสภาพนักศึกษาไหม');
    expect(text).toContain('ค่ารักษาสภาพ');
    expect(text).not.toContain('ระดมพล');
  });
});
