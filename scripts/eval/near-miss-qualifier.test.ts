// The fourth round's candidates on a shown passage, as a table (near-miss-evidence.md).
import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../../modules/knowledge';
import { hit } from '../../modules/knowledge/scoring/test-hit';
import { qualifierCandidates } from './near-miss-qualifier';

const bachelor = 'ข้อ ๕ นักศึกษาระดับปริญญาตรี ชำระค่าธรรมเนียมการศึกษาภาคการศึกษาละ ๘,๐๐๐ บาท';
const master = 'ข้อ ๖ นักศึกษาระดับปริญญาโท ชำระค่าธรรมเนียมการศึกษาภาคการศึกษาละ ๑๕,๐๐๐ บาท';
const general = 'ข้อ ๔ นักศึกษาชำระค่าธรรมเนียมการศึกษาภายในวันที่กำหนด';
const shown = (text: string, documentText = text) => ({ ...hit(text, 10, 'fees'), documentText });

describe('the question qualifier against the shown passage', () => {
  test.each([
    ['the asked level is the clause', 'ป.โท ค่าเทอมเท่าไร', shown(master), { qualifierConflict: 0, qualifierAbsent: 0, qualifierElsewhere: 0 }],
    [
      'another level in the clause, the asked one in the next',
      'ป.โท ค่าเทอมเท่าไร',
      shown(bachelor, `${bachelor}\n${master}`),
      { qualifierConflict: 1, qualifierAbsent: 0, qualifierElsewhere: 1 },
    ],
    ['another level, the document has no other', 'ป.โท ค่าเทอมเท่าไร', shown(bachelor), { qualifierConflict: 1, qualifierAbsent: 0, qualifierElsewhere: 0 }],
    ['no level in the clause', 'ภาคพิเศษ ชำระค่าธรรมเนียมเมื่อไร', shown(general), { qualifierConflict: 0, qualifierAbsent: 1, qualifierElsewhere: 0 }],
    ['no qualifier asked', 'ชำระค่าธรรมเนียมเมื่อไร', shown(bachelor), { qualifierConflict: 0, qualifierAbsent: 0, qualifierElsewhere: 0 }],
    // the qualifier a table row sits under is in its heading path
    [
      'the level in the heading',
      'ปริญญาโท ค่าเทอมเท่าไร',
      { ...hit('ค่าธรรมเนียมการศึกษา ๑๕,๐๐๐ บาท', 10, 'fees'), headingPath: ['ระดับปริญญาโท'] },
      { qualifierConflict: 0, qualifierAbsent: 0 },
    ],
  ])('%s', (_, question, passage, expected) => {
    expect(qualifierCandidates(readQuestion(question), passage)).toMatchObject(expected);
  });
});
