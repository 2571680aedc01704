// #34: a 100,000-character message is read as a question of at most QUESTION_READ_MAX characters (reading all of
// it held the event loop for seconds), and what is kept is the part that asks.
import { describe, expect, test } from 'bun:test';
import { sectionHeading } from '../../../contracts/attachment-sections.ts';
import { readQuestion } from './question.ts';
import { QUESTION_READ_MAX, questionPart } from './question-bound.ts';

const CLAUSE = 'ข้อ ๑๒ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรมต้องยื่นโครงการต่อกองพัฒนานักศึกษา ';
const filler = (n: number) => CLAUSE.repeat(Math.ceil(n / CLAUSE.length)).slice(0, n);
const ASK = 'ต้องยื่นขออนุมัติล่วงหน้ากี่วันครับ';

describe('the question read from a long message', () => {
  test('a message at the chat cap is read from at most QUESTION_READ_MAX characters', () => {
    const q = readQuestion(filler(100_000));
    expect(q.text.length).toBeLessThanOrEqual(QUESTION_READ_MAX);
    expect(q.text.length).toBeGreaterThan(QUESTION_READ_MAX - 100);
  });

  test('a long story is read from its end, where its question is', () => {
    const q = readQuestion(`${filler(20_000)} ${ASK}`);
    expect(q.text.endsWith(ASK)).toBe(true);
    expect(q.asked).toBe(readQuestion(ASK).asked);
    expect(q.asked).not.toBeNull();
  });

  test("a spec client's question with appended file sections keeps the user's words whole, then the files' text", () => {
    const stored = `${ASK}\n\n${sectionHeading('โครงการ.pdf')}${filler(60_000)}`;
    const q = readQuestion(stored);
    expect(q.text.startsWith(`${ASK}\n\nContent from โครงการ.pdf\n`)).toBe(true);
    expect(q.text.length).toBeLessThanOrEqual(QUESTION_READ_MAX);
  });

  test('a question within the bound is read as written; cuts land between words', () => {
    expect(readQuestion(ASK).text).toBe(ASK);
    const spaced = `${'คำ '.repeat(3_000)}`;
    const part = questionPart(spaced, 1_000);
    expect(part.split(' ').every((w) => w === 'คำ')).toBe(true);
    expect(questionPart(`กก${'😀'.repeat(600)}`, 1_000).codePointAt(0)).toBe(0x1f600);
  });
});
