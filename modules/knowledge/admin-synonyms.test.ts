// An admin's synonym groups (handed over by modules/synonyms) apply to the next question and stop
// applying once removed, although what a question turns into is memoised per question.
import { afterEach, beforeEach, expect, test } from 'bun:test';
import { retrievalConfidence } from './confidence.ts';
import { orderedByEvidence } from './evidence-order.ts';
import { temporaryIndex } from './test-index.ts';
import { focusWords } from './evidence.ts';
import { queryTerms } from './query-terms.ts';
import { readQuestion } from './question.ts';
import { alternativesOf, expansions, setAdminSynonyms } from './synonyms.ts';

// another test's app may have handed over its groups (they are process-wide)
beforeEach(() => setAdminSynonyms([]));
afterEach(() => setAdminSynonyms([]));

const QUESTION = 'จองมีตติ้งรูมต้องทำล่วงหน้ากี่วัน';

test('every term of a group brings the others; the first is the wording coverage is measured in', () => {
  const termsBefore = queryTerms(QUESTION);
  const focusBefore = focusWords(QUESTION);
  expect(expansions(QUESTION)).toEqual([]);
  setAdminSynonyms([['ห้องประชุม', 'มีตติ้งรูม', 'ห้องมีตติ้ง']]);
  expect(expansions(QUESTION)).toEqual(['ห้องประชุม', 'ห้องมีตติ้ง']);
  expect(expansions('ห้องประชุมใหญ่อยู่ไหน')).toEqual(['มีตติ้งรูม', 'ห้องมีตติ้ง']);
  expect(alternativesOf('มีตติ้งรูม')).toEqual(expect.arrayContaining(['ห้องประชุม', 'ห้องมีตติ้ง']));
  // memoised per question, yet the new group shows at once
  expect(queryTerms(QUESTION)).not.toBe(termsBefore);
  expect(queryTerms(QUESTION)).toContain('ประชุม');
  expect(focusWords(QUESTION)).toContain('ห้องประชุม');
  expect(focusBefore).not.toContain('ประชุม');
  setAdminSynonyms([]);
  expect(expansions(QUESTION)).toEqual([]);
  expect(queryTerms(QUESTION)).toBe(termsBefore);
  expect(alternativesOf('มีตติ้งรูม')).toEqual([]);
});

const index = temporaryIndex([
  {
    documentId: 'building',
    title: 'ระเบียบการใช้อาคาร',
    text: 'ข้อ ๑ ระเบียบนี้ใช้บังคับกับอาคารของมหาวิทยาลัย\nข้อ ๒ การจองห้องประชุมให้ยื่นคำขอล่วงหน้าไม่น้อยกว่า ๓ วันทำการ\nข้อ ๓ ห้ามนำอาหารเข้าห้องสมุด\nข้อ ๔ การใช้สนามกีฬาต้องได้รับอนุญาตจากผู้อำนวยการ',
  },
]);

test.each([
  ['the documents word first', ['ห้องประชุม', 'มีตติ้งรูม']],
  ['the slang first', ['มีตติ้งรูม', 'ห้องประชุม']],
])('a synonym for a word no document uses is evidence for the clause it finds (%s)', async (_, group) => {
  const confidence = async () => {
    const question = readQuestion(QUESTION);
    const hits = await orderedByEvidence(index(), question, await index().search(QUESTION, { k: 10 }));
    expect(hits[0]!.text).toContain('ห้องประชุม');
    return retrievalConfidence(question, hits).confidence;
  };
  const without = await confidence();
  setAdminSynonyms([group]);
  const withGroup = await confidence();
  // the question's word no document uses no longer counts against the clause: the high band
  expect(withGroup).toBeGreaterThan(90);
  expect(withGroup).toBeGreaterThan(without + 20);
});
