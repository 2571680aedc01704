// A rate asked per a unit in speech is searched in the documents' wordings of the unit (lexicon/rate-units.ts): the
// clause that writes "ปีการศึกษาละ" answers "ปีละกี่ทุน".
import { expect, test } from 'bun:test';
import { temporaryIndex } from '../index/test-index.ts';
import { readQuestion } from './question.ts';

const index = temporaryIndex([
  {
    documentId: 'grant',
    title: 'ประกาศ เรื่อง ทุนการศึกษาสำหรับผู้มีผลการเรียนดีเด่น',
    text: [
      'ข้อ ๑ ทุนการศึกษานี้ให้เพื่อส่งเสริมการศึกษาต่อ ทุนการศึกษาให้แก่ผู้เข้าศึกษาทุกระดับ',
      'ข้อ ๒ จำนวนทุน ปีการศึกษาละ ๑ ทุน ต่อ ๑ หลักสูตร',
      'ข้อ ๓ ผู้ได้รับทุนการศึกษาระดับปริญญาเอก ได้รับทุนการศึกษาประมาณ ๔๒๖,๐๐๐ บาท ตลอดหลักสูตร ทุนนี้ไม่ต้องชดใช้ทุน',
      'ข้อ ๔ ผู้ได้รับทุนได้รับค่าใช้จ่ายรายเดือน เดือนละ ๓,๐๐๐ บาท',
    ].join('\n'),
  },
]);

test('a rate per year asked ปีละ is read in the wording ปีการศึกษาละ too', () => {
  expect(readQuestion('ทุนนี้ให้ปีละกี่ทุน').expansions).toContain('ปีการศึกษาละ');
  expect(readQuestion('ค่าอาหารหัวละเท่าไหร่').expansions).toEqual(expect.arrayContaining(['คนละ', 'ท่านละ']));
  // no rate asked: nothing added
  expect(readQuestion('ทุนนี้ให้กี่ทุน').expansions).not.toContain('ปีการศึกษาละ');
});

test('the clause stating the rate per academic year is found first for a question asking it per year', async () => {
  const question = readQuestion('ทุนผลการเรียนดีเด่นให้ปีละกี่ทุน');
  const hits = await index().search(question.text, { k: 4, expansions: question.expansions });
  expect(hits[0]!.text).toContain('ปีการศึกษาละ');
});
