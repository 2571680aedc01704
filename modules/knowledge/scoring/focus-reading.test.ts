// What a question's evidence reads once (focus-reading.ts) must give every passage the evidence a fresh reading
// gives it, whichever passages were weighed before it with the same Question: a story's situation words weigh by
// the passage's own document, and a stated number is covered by a bound the passage states.
import { expect, test } from 'bun:test';
import { evidenceFor } from './evidence.ts';
import { readQuestion } from '../question/question.ts';
import type { SearchHit } from '../index/search-hit.ts';
import { hit } from './test-hit.ts';

const clubRules = 'ข้อ ๕ ชมรมที่ประสงค์จะจัดนิทรรศการให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๑๔ วัน\nข้อ ๖ การใช้หอประชุม';
const conduct = 'ข้อ ๙ นักศึกษาที่มีคะแนนความประพฤติต่ำกว่า ๖๐ แต่ไม่ต่ำกว่า ๔๐ ต้องเข้าอบรม\nข้อ ๑๐ ต่ำกว่า ๔๐ ให้พักการศึกษา';
const inDocument = (h: SearchHit, documentText: string | undefined): SearchHit => ({ ...h, documentText });
const passages = (): SearchHit[] => [
  inDocument(hit('ข้อ ๕ ชมรมที่ประสงค์จะจัดนิทรรศการให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๑๔ วัน', 9), clubRules),
  inDocument(hit('ข้อ ๖ การใช้หอประชุมให้ยื่นคำขอต่อฝ่ายอาคารสถานที่ล่วงหน้าเจ็ดวัน', 8), clubRules),
  inDocument(hit('ข้อ ๙ นักศึกษาที่มีคะแนนความประพฤติต่ำกว่า ๖๐ แต่ไม่ต่ำกว่า ๔๐ ต้องเข้าอบรม', 7, 'b'), conduct),
  inDocument(hit('ข้อ ๑๐ นักศึกษาที่มีคะแนนความประพฤติต่ำกว่า ๔๐ ให้พักการศึกษาหนึ่งภาค', 6, 'b'), undefined),
  hit('ประกาศ ค่าธรรมเนียมการใช้สนามกีฬา ชั่วโมงละ ๒๐๐ บาท', 5, 'c'),
];

const QUESTIONS = [
  // a story: its situation words weigh by what each passage's document holds
  'ชมรมถ่ายภาพของเราจะจัดนิทรรศการที่หอประชุมอีกสามสัปดาห์ข้างหน้า มีนักศึกษาร่วมประมาณห้าสิบคน ต้องเสนอโครงการล่วงหน้ากี่วันครับ',
  // a stated number, covered by a bound
  'คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ',
  'ใช้สนามกีฬาชั่วโมงละกี่บาท',
];

test.each(QUESTIONS)('one reading of %s weighs each passage as a fresh reading does, in any order', (q) => {
  const hits = passages();
  const fresh = hits.map((p) => evidenceFor(readQuestion(q), hits, p));
  const question = readQuestion(q);
  for (const order of [
    [0, 1, 2, 3, 4],
    [4, 3, 2, 1, 0],
    [2, 0, 4, 1, 3],
  ])
    for (const i of order) expect(evidenceFor(question, hits, hits[i])).toEqual(fresh[i]!);
  // against fewer competitors, the margin is the fresh one too
  const some = [hits[3]!, hits[0]!];
  expect(evidenceFor(question, some, hits[0])).toEqual(evidenceFor(readQuestion(q), some, hits[0]));
});
