// Which qualifier of a subject a text names, as a table: the documents' wordings of each member, members of one
// kind kept apart ("ไม่เต็มเวลา" is not "เต็มเวลา", "แผนก" is not "แผน ก"), a member a question rules out not asked.
import { describe, expect, test } from 'bun:test';
import { fold } from '../../modules/knowledge/index/tokens.ts';
import { qualifiersNamed, SUBJECT_QUALIFIERS } from './subject-qualifiers.ts';

const named = (text: string, askedOnly = false) =>
  Object.fromEntries([...qualifiersNamed(fold(text), { askedOnly })].map(([kind, members]) => [kind, [...members].sort()]));

describe('subject qualifiers named in a text', () => {
  test.each([
    ['ค่าธรรมเนียมระดับปริญญาตรี ภาคปกติ', { 'degree level': ['ปริญญาตรี'], 'study programme': ['ภาคปกติ'] }],
    ['นักศึกษา ป.โท ภาคพิเศษ', { 'degree level': ['ปริญญาโท'], 'study programme': ['ภาคพิเศษ'] }],
    ['หลักสูตรครุศาสตรมหาบัณฑิต', { 'degree level': ['ปริญญาโท'] }],
    // graduate studies names every graduate level
    ['นักศึกษาระดับบัณฑิตศึกษา', { 'degree level': ['ปริญญาเอก', 'ปริญญาโท', 'ประกาศนียบัตรบัณฑิต', 'ประกาศนียบัตรบัณฑิตชั้นสูง'] }],
    ['ประกาศนียบัตรบัณฑิตชั้นสูง', { 'degree level': ['ประกาศนียบัตรบัณฑิตชั้นสูง'] }],
    ['ประกาศนียบัตรบัณฑิต สาขาวิชาชีพครู', { 'degree level': ['ประกาศนียบัตรบัณฑิต'] }],
    ['นักศึกษา กศ.บป. ชำระค่าบำรุง', { 'study programme': ['ภาคพิเศษ'] }],
    ['การลงทะเบียนเรียนภาคฤดูร้อน', { 'term kind': ['ภาคฤดูร้อน'] }],
    ['ในภาคการศึกษาปกติ ไม่น้อยกว่า ๙ หน่วยกิต', { 'term kind': ['ภาคการศึกษาปกติ'] }],
    ['นักศึกษาไม่เต็มเวลา', { 'study load': ['ไม่เต็มเวลา'] }],
    ['นักศึกษาเต็มเวลา', { 'study load': ['เต็มเวลา'] }],
    ['แผน ก แบบ ก ๒', { 'graduate plan': ['แผน ก'] }],
    ['แผน ข ต้องสอบประมวลความรู้', { 'graduate plan': ['แผน ข'] }],
    // a department is not a plan
    ['หัวหน้าแผนกทะเบียน', {}],
    ['นักศึกษาวิสามัญ', { 'student category': ['นักศึกษาวิสามัญ'] }],
    ['นักศึกษาสามัญ', { 'student category': ['นักศึกษาสามัญ'] }],
    // the regular semester is not the regular programme
    ['ภาคการศึกษาปกติ', { 'term kind': ['ภาคการศึกษาปกติ'] }],
    ['ขอลาพักการศึกษาได้กี่ภาค', {}],
  ])('%s', (text, expected) => {
    const sorted = Object.fromEntries(Object.entries(expected as Record<string, string[]>).map(([k, v]) => [k, [...v].sort()]));
    expect(named(text)).toEqual(sorted);
  });

  test.each([
    // a programme the question rules out is not asked
    ['ไม่ใช่ภาคพิเศษ ค่าเทอมเท่าไร', {}],
    ['ภาคพิเศษ ค่าเทอมเท่าไร', { 'study programme': ['ภาคพิเศษ'] }],
  ])('asked: %s', (text, expected) => {
    expect(named(text, true)).toEqual(expected);
  });

  test('a member is in one kind only and no kind names a member twice', () => {
    const names = SUBJECT_QUALIFIERS.flatMap((k) => k.members.map((m) => m.name));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const k of SUBJECT_QUALIFIERS) expect(k.members.length).toBeGreaterThanOrEqual(2);
  });
});
