import { describe, expect, test } from 'bun:test';
import { chunkDocument } from './chunker.ts';
import { courseLine, opensCourseEntry } from './course-entry.ts';

describe('courseLine: a course code, its name and its credits (มคอ.2 คำอธิบายรายวิชา)', () => {
  const table: Array<[string, { code: string; name: string; credits: string } | null]> = [
    ['204491 สหกิจศึกษา 1\t8 หน่วยกิต', { code: '204491', name: 'สหกิจศึกษา 1', credits: '8 หน่วยกิต' }],
    ['204490 เตรียมสหกิจศึกษา\t1(1-0-2)', { code: '204490', name: 'เตรียมสหกิจศึกษา', credits: '1(1-0-2)' }],
    ['1500101 ภาษาไทยเพื่อการสื่อสาร 3(3-0-6)', { code: '1500101', name: 'ภาษาไทยเพื่อการสื่อสาร', credits: '3(3-0-6)' }],
    ['๑๕๐๐๑๐๑ ภาษาไทยเพื่อการสื่อสาร ๓(๓-๐-๖)', { code: '๑๕๐๐๑๐๑', name: 'ภาษาไทยเพื่อการสื่อสาร', credits: '๓(๓-๐-๖)' }],
    ['GEN 1101 Thai for Communication 3 (3-0-6)', { code: 'GEN 1101', name: 'Thai for Communication', credits: '3 (3-0-6)' }],
    // a study plan's row: a bare credit count, and other courses after it
    ['204301 วิธีวิจัยเชิงปริมาณ\t3 203305 ภาษาอังกฤษ 5\t3', null],
    ['204329 เทคโนโลยีเว็บ\t3', null],
    ['BCM3206\tภาษาอังกฤษสำหรับคอมพิวเตอร์ธุรกิจ English for Business Computer (4) วิชาสหกิจศึกษาหรือการฝึกประสบการณ์วิชาชีพ 6 หน่วยกิต\t3(3-0-6)', null],
    // a clause that states credits is not a course
    ['1.1 จำนวนหน่วยกิต รวมตลอดหลักสูตรไม่น้อยกว่า 129 หน่วยกิต', null],
    ['ก. หมวดวิชาการศึกษาทั่วไป\tเรียนไม่น้อยกว่า\t30 หน่วยกิต', null],
  ];
  for (const [line, want] of table) test(line, () => expect(courseLine(line)).toEqual(want));
});

describe('opensCourseEntry: a course line over its description, not a list of courses', () => {
  test('an entry with its prerequisites', () =>
    expect(opensCourseEntry(['มคอ.2', '204491 สหกิจศึกษา 1\t8 หน่วยกิต', '(Cooperative Education I)', 'วิชาบังคับก่อน : รายวิชา 204490'], 1)).toBe(true));
  test('an entry with a paragraph', () =>
    expect(opensCourseEntry(['GEL1101 การใช้ภาษาไทย\t3(3-0-6)', 'Thai Usage', 'หลักการใช้ภาษาไทย '.repeat(8)], 0)).toBe(true));
  test('a run of course lines, or each over its English name, is a list', () => {
    expect(opensCourseEntry(['204512 สัมมนามหาบัณฑิต\t3(3-0-6)', '204513 ทฤษฎีสื่อดิจิทัล\t3(3-0-6)'], 0)).toBe(false);
    const list = ['GEL1101 การใช้ภาษาไทย\t3(3-0-6)', 'Thai Usage', 'GEL1102 ภาษาอังกฤษเพื่อการสื่อสาร\t3(3-0-6)', 'English for Communication'];
    expect(opensCourseEntry(list, 0)).toBe(false);
    expect(opensCourseEntry([...list, 'รายวิชา 1 เลือกเรียน )ข(\t3 หน่วยกิต'], 2)).toBe(false);
  });
});

test('each course of a description is its own passage, and every piece of a long one says which course it is', () => {
  const description = 'การเตรียมตัวก่อนไปปฏิบัติงาน '.repeat(60);
  const chunks = chunkDocument({
    title: 'IT2560_Description',
    pages: [
      { page: 1, text: `มคอ.2\n204490 เตรียมสหกิจศึกษา\t1(1-0-2)\n(Pre-Cooperative Education)\nวิชาบังคับก่อน : ไม่มี\n${description}` },
      { page: 2, text: 'มคอ.2\n204491 สหกิจศึกษา 1\t8 หน่วยกิต\n(Cooperative Education I)\nวิชาบังคับก่อน : รายวิชา 204490 เตรียมสหกิจศึกษา\nนักศึกษาต้องไปปฏิบัติงาน' },
    ],
  });
  const coop = chunks.filter((c) => c.headingPath.at(-1) === '204491 สหกิจศึกษา 1 8 หน่วยกิต');
  expect(coop).toHaveLength(1);
  expect(coop[0]!.page).toBe(2);
  expect(coop[0]!.text).toContain('วิชาบังคับก่อน : รายวิชา 204490');
  const pre = chunks.filter((c) => c.headingPath.at(-1) === '204490 เตรียมสหกิจศึกษา 1(1-0-2)');
  expect(pre.length).toBeGreaterThan(1);
  expect(pre.every((c) => c.page === 1 && !c.text.includes('204491'))).toBe(true);
});
