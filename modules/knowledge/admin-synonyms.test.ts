// An admin's synonym groups (handed over by modules/synonyms) apply to the next question and stop
// applying once removed, although what a question turns into is memoised per question.
import { afterEach, beforeEach, expect, test } from 'bun:test';
import { focusWords } from './evidence.ts';
import { queryTerms } from './query-terms.ts';
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
  expect(focusWords(QUESTION)).toContain('ประชุม');
  expect(focusBefore).not.toContain('ประชุม');
  setAdminSynonyms([]);
  expect(expansions(QUESTION)).toEqual([]);
  expect(queryTerms(QUESTION)).toBe(termsBefore);
  expect(alternativesOf('มีตติ้งรูม')).toEqual([]);
});
