// An admin's synonym groups (the app's, from modules/synonyms) are read into the Question with it: a question
// read with them is searched and weighed with them, one read without them is not.
import { expect, test } from 'bun:test';
import { retrievalConfidence } from '../scoring/confidence.ts';
import { orderedByEvidence } from '../scoring/evidence-order.ts';
import { temporaryIndex } from '../index/test-index.ts';
import { focusWords } from '../scoring/evidence.ts';
import { queryTerms } from './query-terms.ts';
import { readQuestion } from './question.ts';
import { adminSynonymGroups, alternativesOf, expansions } from './synonyms.ts';

const QUESTION = 'จองมีตติ้งรูมต้องทำล่วงหน้ากี่วัน';

test('every term of a group brings the others; the first is the wording coverage is measured in', () => {
  const groups = adminSynonymGroups([['ห้องประชุม', 'มีตติ้งรูม', 'ห้องมีตติ้ง']]);
  expect(expansions(QUESTION)).toEqual([]);
  expect(expansions(QUESTION, groups)).toEqual(['ห้องประชุม', 'ห้องมีตติ้ง']);
  expect(expansions('ห้องประชุมใหญ่อยู่ไหน', groups)).toEqual(['มีตติ้งรูม', 'ห้องมีตติ้ง']);
  expect(alternativesOf('มีตติ้งรูม', groups)).toEqual(expect.arrayContaining(['ห้องประชุม', 'ห้องมีตติ้ง']));
  expect(alternativesOf('มีตติ้งรูม')).toEqual([]);
  const read = readQuestion(QUESTION, groups);
  expect(read.synonyms).toBe(groups);
  expect(queryTerms(QUESTION, read.expansions)).toContain('ประชุม');
  expect(queryTerms(QUESTION)).not.toContain('ประชุม');
  expect(read.focus).toContain('ห้องประชุม');
  expect(focusWords(QUESTION)).not.toContain('ประชุม');
  // the same text read without them, after, is read without them
  expect(readQuestion(QUESTION).expansions).toEqual([]);
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
  const confidence = async (groups = adminSynonymGroups([])) => {
    const question = readQuestion(QUESTION, groups);
    const hits = await orderedByEvidence(index(), question, await index().search(QUESTION, { k: 10, expansions: question.expansions }));
    expect(hits[0]!.text).toContain('ห้องประชุม');
    return retrievalConfidence(question, hits).confidence;
  };
  const without = await confidence();
  const withGroup = await confidence(adminSynonymGroups([group]));
  // the question's word no document uses no longer counts against the clause: the high band
  expect(withGroup).toBeGreaterThan(90);
  expect(withGroup).toBeGreaterThan(without + 20);
});
