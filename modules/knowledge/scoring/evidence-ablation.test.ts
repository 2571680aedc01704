// The ablation switch (measurement only: scripts/eval-answers.ts --ablate) leaves one rule group out of the
// evidence, and nothing else; with no group left out the evidence is the product's.
import { afterEach, expect, test } from 'bun:test';
import { evidenceFor, setEvidenceAblation } from './evidence.ts';
import { readQuestion } from '../question/question.ts';
import { hit } from './test-hit.ts';

afterEach(() => setEvidenceAblation());

const club = hit('ข้อ ๕ ชมรมที่ประสงค์จะจัดนิทรรศการให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๑๔ วัน', 9);
const points = hit('ข้อ ๙ นักศึกษาที่มีคะแนนความประพฤติต่ำกว่า ๖๐ แต่ไม่ต่ำกว่า ๔๐ ต้องเข้าอบรม', 7, 'b');
const story = 'ชมรมถ่ายภาพของเราจะจัดนิทรรศการที่หอประชุมอีกสามสัปดาห์ข้างหน้า มีนักศึกษาร่วมประมาณห้าสิบคน ต้องเสนอโครงการล่วงหน้ากี่วันครับ';

const cover = (q: string, h = club) => evidenceFor(readQuestion(q), [h], h).wordCover;

test('synonyms: a word is no longer covered by another wording of it ("ยื่น" by "เสนอ")', () => {
  const q = 'ชมรมจะจัดนิทรรศการต้องยื่นโครงการล่วงหน้ากี่วัน';
  const withRule = cover(q);
  setEvidenceAblation(['synonyms']);
  expect(cover(q)).toBeLessThan(withRule);
});

test('statedNumbers: a stated number is no longer covered by a bound it meets', () => {
  const q = 'คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ';
  const withRule = cover(q, points);
  setEvidenceAblation(['statedNumbers']);
  expect(cover(q, points)).toBeLessThan(withRule);
});

test("storyWeight: a story's situation words count in full", () => {
  const withRule = cover(story);
  setEvidenceAblation(['storyWeight']);
  expect(cover(story)).toBeLessThan(withRule);
});

test('with no group left out the evidence is as before', () => {
  const before = evidenceFor(readQuestion(story), [club, points], club);
  setEvidenceAblation(['synonyms', 'statedNumbers', 'storyWeight']);
  setEvidenceAblation();
  expect(evidenceFor(readQuestion(story), [club, points], club)).toEqual(before);
});
