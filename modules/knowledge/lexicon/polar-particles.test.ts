// Every spelling of a yes/no particle (polar-particles.ts) asks a yes/no question: read as "whether", the direct
// answer asked for it, the particle never a topic word. Words that only hold the letters of a clipped form are not asked.
import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../question/question.ts';
import { queryTerms } from '../question/query-terms.ts';
import { POLAR_PARTICLES } from './polar-particles.ts';

const ASKED = 'นำเครื่องคิดเลขเข้าห้องสอบได้';

describe('a yes/no question in each spelling of its particle', () => {
  test.each(POLAR_PARTICLES.flatMap((p) => [[`${ASKED}${p}`, p] as const, [`${ASKED}${p}คะ`, p] as const]))('%s', (question, particle) => {
    const read = readQuestion(question);
    expect(read.kinds.map((k) => k.kind)).toContain('whether');
    expect(read.asked).toBe('whether');
    expect(read.focus).not.toContain(particle);
    expect(queryTerms(question).split(' ')).not.toContain(particle);
  });
});

test('a consequence asked with a chat spelling is read as one', () => {
  for (const particle of ['มั๊ย', 'ไม๊', 'ป่ะ']) expect(readQuestion(`ถ้าลอกข้อสอบจะโดนไล่ออก${particle}`).kinds.map((k) => k.kind)).toContain('consequence');
});

test('the asked part of a story ends at a chat spelling of ไหม', () => {
  const story = 'ผมป่วยเป็นไข้หวัดใหญ่ต้องนอนพักที่บ้านสามวันเต็ม เลยไม่ได้ไปสอบกลางภาควิชาสถิติเมื่อวานนี้ครับ ขอสอบย้อนหลังได้มั๊ยครับ';
  expect(readQuestion(story).askedPart).toBe('ขอสอบย้อนหลังได้มั๊ยครับ');
});

test('a word holding the letters of a particle asks nothing', () => {
  for (const question of ['ค่าธรรมเนียมการสมัครกี่บาท', 'ปฏิทินการศึกษาภาคเรียนที่ 2']) expect(readQuestion(question).kinds.map((k) => k.kind)).not.toContain('whether');
});
