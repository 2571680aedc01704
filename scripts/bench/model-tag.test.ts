import { expect, test } from 'bun:test';
import { buildMessages } from '../../modules/assistant/prompt';
import { readQuestion } from '../../modules/knowledge';
import { answerTag, questionTag, tagQuestion } from './model-tag';

const history = [
  { role: 'user' as const, content: tagQuestion('ต้องเสนอโครงการล่วงหน้ากี่วัน', 'first-1') },
  { role: 'assistant' as const, content: 'ไม่น้อยกว่า ๓๐ วัน' },
];

test("an answer request is its turn's: the question's tag, not an earlier turn's from the history", () => {
  const messages = buildMessages({ question: tagQuestion('ใครเป็นผู้อนุมัติ', 'second-2'), clauses: [], history, contextTokens: 8192 });
  expect(answerTag(messages)).toBe('second-2');
  const alone = buildMessages({ question: tagQuestion('ต้องเสนอโครงการล่วงหน้ากี่วัน', '3f9a2b1c-4d5'), clauses: [], contextTokens: 8192 });
  expect(answerTag(alone)).toBe('3f9a2b1c-4d5');
});

test("a conversation's title request holds the question's tag but is not the turn's model time", () => {
  // assistant/title.ts: the question and the answer, no passages
  const title = [
    { role: 'system', content: 'ตั้งชื่อบทสนทนาภาษาไทยสั้น ๆ ไม่เกิน 60 ตัวอักษร' },
    { role: 'user', content: `<คำถาม>\n${tagQuestion('ต้องเสนอโครงการล่วงหน้ากี่วัน', 'abc-1')}\n</คำถาม>\n<คำตอบ>\nไม่น้อยกว่า ๓๐ วัน\n</คำตอบ>` },
  ];
  expect(answerTag(title)).toBeNull();
  expect(answerTag([])).toBeNull();
  expect(answerTag(undefined)).toBeNull();
  expect(questionTag('ต้องเสนอโครงการล่วงหน้ากี่วัน')).toBeNull();
});

test('the tag is invisible to the question reader: the bench measures the answers students get, not fallbacks', () => {
  // a visible "[q:3f9a2b1c-4d5]" was read as words no document uses, and ~90 % of the bench's turns fell back
  for (const q of ['ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน', 'การจัดกิจกรรมขององค์กรนักศึกษาต้องได้รับอนุมัติจากใคร']) {
    const plain = readQuestion(q);
    const tagged = readQuestion(tagQuestion(q, '3f9a2b1c-4d5'));
    expect(tagged.focus).toEqual(plain.focus);
    expect(tagged.numbers).toEqual(plain.numbers);
    expect(tagged.kinds).toEqual(plain.kinds);
  }
});
