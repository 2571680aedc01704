import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../../modules/knowledge';
import { fold } from '../../modules/knowledge/index/tokens';
import { hit } from '../../modules/knowledge/scoring/test-hit';
import { libraryCandidates } from './near-miss-library';

const loans = 'ข้อ ๒ นักศึกษาปริญญาตรียืมหนังสือได้ ๑๐ เล่ม';
const library = [
  `ระเบียบห้องสมุด ${loans} นักศึกษาแลกเปลี่ยนใช้ห้องสมุดได้`,
  'ประกาศค่าธรรมเนียม นักศึกษาปริญญาตรีชำระค่าธรรมเนียม ค่าปรับยืมหนังสือเกินกำหนด',
  'ปฏิทินการศึกษา นักศึกษาลงทะเบียน',
].map(fold);

describe('rarity by the library’s own documents', () => {
  test.each([
    // "แลกเปลี่ยน" is in one document only, not in the loan clause: the clause answers a neighbouring group
    ['exchange students asked, undergraduates shown', 'นักศึกษาแลกเปลี่ยนยืมหนังสือได้กี่เล่ม', { libRareMiss: 1, libAbsent: 0 }],
    ['undergraduates asked and shown', 'นักศึกษาปริญญาตรียืมหนังสือได้กี่เล่ม', { libRareMiss: 0, libAbsent: 0, libIdfMiss: 0 }],
    // a notebook no document names
    ['a thing no document names', 'ห้องสมุดให้ยืมโน้ตบุ๊กกี่เครื่อง', { libRareMiss: 1, libAbsent: 1 }],
  ])('%s', (_, question, expected) => {
    const c = libraryCandidates(readQuestion(question), hit(loans, 10), library);
    expect(c).toMatchObject(expected);
    for (const v of Object.values(c)) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
});
