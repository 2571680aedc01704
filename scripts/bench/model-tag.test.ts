import { expect, test } from 'bun:test';
import { buildMessages } from '../../modules/assistant/prompt';
import { answerTag } from './model-tag';

const history = [
  { role: 'user' as const, content: 'ต้องเสนอโครงการล่วงหน้ากี่วัน [q:first-1]' },
  { role: 'assistant' as const, content: 'ไม่น้อยกว่า ๓๐ วัน' },
];

test("an answer request is its turn's: the question's tag, not an earlier turn's from the history", () => {
  const messages = buildMessages({ question: 'ใครเป็นผู้อนุมัติ [q:second-2]', clauses: [], history, contextTokens: 8192 });
  expect(answerTag(messages)).toBe('second-2');
  expect(answerTag(buildMessages({ question: 'ต้องเสนอโครงการล่วงหน้ากี่วัน [q:abc-1]', clauses: [], contextTokens: 8192 }))).toBe('abc-1');
});

test("a conversation's title request holds the question's tag but is not the turn's model time", () => {
  // assistant/title.ts: the question and the answer, no passages
  const title = [
    { role: 'system', content: 'ตั้งชื่อบทสนทนาภาษาไทยสั้น ๆ ไม่เกิน 60 ตัวอักษร' },
    { role: 'user', content: '<คำถาม>\nต้องเสนอโครงการล่วงหน้ากี่วัน [q:abc-1]\n</คำถาม>\n<คำตอบ>\nไม่น้อยกว่า ๓๐ วัน\n</คำตอบ>' },
  ];
  expect(answerTag(title)).toBeNull();
  expect(answerTag([])).toBeNull();
  expect(answerTag(undefined)).toBeNull();
});
