// Grouping by topic (issue 17 item 3): paraphrases of one question together, unrelated questions apart,
// whatever order they were asked in. The sentences are written the way students type, not tuned examples
// from any evaluation set.
import { describe, expect, test } from 'bun:test';
import { groupQuestions, questionSimilarity, SIMILARITY_THRESHOLD, type GroupInput } from './grouping';

const TOPICS: Record<string, string[]> = {
  sickLeave: [
    'ลาป่วยต้องทำอย่างไร',
    'ถ้าป่วยจะลาเรียนได้ไหมครับ',
    'ขอลาป่วยต้องใช้ใบรับรองแพทย์ไหม',
    'ลาป่วยกี่วันถึงต้องมีใบรับรองแพทย์',
    'ไม่สบายลาป่วยยังไงคะ',
    'ป่วยไม่สบายขาดเรียนต้องลาอย่างไร',
  ],
  library: ['ยืมหนังสือห้องสมุดได้กี่เล่ม', 'ห้องสมุดให้ยืมหนังสือกี่เล่มคะ', 'ยืมหนังสือจากห้องสมุดได้ครั้งละกี่เล่ม'],
  // slang and the documents' wording: "ค่าเทอม" is read as "ค่าธรรมเนียมการศึกษา" (knowledge's synonyms)
  lateFees: ['ค่าเทอมจ่ายช้าได้ไหม', 'จ่ายค่าธรรมเนียมการศึกษาล่าช้าได้หรือไม่', 'ชำระค่าเทอมล่าช้ามีค่าปรับไหม'],
  parking: ['ที่จอดรถมอเตอร์ไซค์อยู่ตรงไหน', 'มอเตอร์ไซค์จอดตรงไหนได้บ้าง'],
};
const LONERS = [
  'ผลฟุตบอลพรีเมียร์ลีกเมื่อคืนนี้',
  'ร้านอาหารในโรงอาหารเปิดกี่โมง',
  'สมัครงานพาร์ทไทม์ในมหาวิทยาลัยได้ไหม',
  'ไวไฟในมหาวิทยาลัยเชื่อมต่ออย่างไร',
  // shares "ลา" with the sick-leave questions, and is another matter
  'ลาออกจากมหาวิทยาลัยต้องทำอย่างไร',
];

const inputs = (questions: string[]): GroupInput[] =>
  questions.map((question, i) => ({ id: `q${i}`, question, askedAt: new Date(Date.UTC(2026, 10, 1) + i * 3600_000), fallback: true, down: 0 }));

/** a fixed shuffle (no flaky tests): a linear congruential generator */
function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const asSets = (groups: ReturnType<typeof groupQuestions>) =>
  groups.map((g) => g.members.map((m) => m.question).sort()).sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));

describe('groupQuestions', () => {
  const all = [...Object.values(TOPICS).flat(), ...LONERS];
  const expected = [...Object.values(TOPICS).map((qs) => [...qs].sort()), ...LONERS.map((q) => [q])].sort(
    (a, b) => b.length - a.length || a[0].localeCompare(b[0]),
  );

  test('each topic is one group, each unrelated question its own', () => {
    expect(asSets(groupQuestions(inputs(all)))).toEqual(expected);
  });

  test('the same groups whatever order the questions came in', () => {
    for (const seed of [1, 7, 42, 2026]) expect(asSets(groupQuestions(inputs(shuffled(all, seed))))).toEqual(expected);
  });

  test('most asked first; members newest first; the top words name the topic', () => {
    const [first] = groupQuestions(inputs(all));
    expect(first.members).toHaveLength(TOPICS.sickLeave.length);
    const times = first.members.map((m) => m.askedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // the segmenter's "ลา|ป่วย" joined back: the phrase students write
    expect(first.topWords[0]).toBe('ลาป่วย');
    // an unknown word cut into pieces ("มีต|ติ้ง|รู|ม") is shown whole
    const [rooms] = groupQuestions(inputs(['มีตติ้งรูมต้องจองล่วงหน้ากี่วัน', 'จองมีตติ้งรูมต้องทำล่วงหน้ากี่วัน']));
    expect(rooms.topWords).toContain('มีตติ้งรูม');
  });

  test('topics do not chain through the same openings and endings: a grid of topic × ending × opening groups by topic', () => {
    // every topic asked with every ending and two openings: each ending is shared by all the topics
    const topics = ['ลาป่วย', 'ห้องสมุด', 'ห้องพยาบาล', 'ค่าเทอม', 'หอพัก', 'ทุนการศึกษา', 'บัตรนักศึกษา', 'รถรับส่ง', 'ที่จอดรถ', 'ย้ายคณะ'];
    const endings = ['ต้องทำอย่างไร', 'ติดต่อที่ไหน', 'ต้องใช้เอกสารอะไรบ้าง', 'เปิดกี่โมง', 'มีเงื่อนไขอะไร', 'ต้องจ่ายเท่าไหร่'];
    const openings = ['', 'ขอสอบถามเรื่อง'];
    const questions = openings.flatMap((o) => endings.flatMap((e) => topics.map((t) => `${o}${t}${e}`)));
    const groups = groupQuestions(inputs(questions));
    expect(groups.map((g) => new Set(g.members.map((m) => topics.find((t) => m.question.includes(t)))).size)).toEqual(topics.map(() => 1));
    expect(groups.map((g) => g.members.length)).toEqual(topics.map(() => endings.length * openings.length));
  });

  test('paraphrases score above the threshold, unrelated questions well under it', () => {
    expect(questionSimilarity('ลาป่วยต้องทำอย่างไร', 'ถ้าป่วยจะลาเรียนได้ไหมครับ')).toBeGreaterThan(SIMILARITY_THRESHOLD);
    expect(questionSimilarity('ลาป่วยต้องทำอย่างไร', 'ยืมหนังสือห้องสมุดได้กี่เล่ม')).toBeLessThan(0.1);
    // question words and particles carry no topic: two questions sharing only them are not alike
    expect(questionSimilarity('ทำอย่างไรครับ', 'ต้องทำอย่างไรคะ ยืมหนังสือ')).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  test('no questions, no groups; identical questions are one group', () => {
    expect(groupQuestions([])).toEqual([]);
    expect(groupQuestions(inputs(['ลาป่วยต้องทำอย่างไร', 'ลาป่วยต้องทำอย่างไร']))).toHaveLength(1);
  });
});
