import { expect, test } from 'bun:test';
import { afterCitedName, citationLead, extractiveAnswer } from './extractive';
import { referencesBlock } from './grounding';
import { clauseLabel } from './clause-quote';
import { readQuestion } from '../knowledge';
import type { SearchHit } from '../knowledge/service';

const hit = (title: string, headingPath: string[]): SearchHit => ({
  documentId: 'd',
  title,
  category: null,
  fileType: 'pdf',
  chunkOrdinal: 0,
  text: 'ข้อ ๘ ...',
  headingPath,
  page: 1,
  score: 1,
});

test('a Thai title follows ตาม directly; a Latin or numbered title is set apart by a space', () => {
  expect(citationLead(hit('ระเบียบการลา', ['ระเบียบการลา', 'ข้อ ๘']))).toBe('ตามระเบียบการลา');
  expect(citationLead(hit('regulation', ['regulation', 'หมวด ๑', 'ข้อ ๘']))).toBe('ตาม regulation หมวด ๑');
  expect(citationLead(hit('2._RegisterForm', ['ข้อ ๘']))).toBe('ตาม 2._RegisterForm');
});

test('a file named like a clause is cited once: the title is no clause label of its own passages', () => {
  const titled = { ...hit('ข้อ 7 การสมรรถนะ', ['ข้อ 7 การสมรรถนะ']), text: 'เรื่อง การกำหนดสมรรถนะที่จำเป็น' };
  expect(citationLead(titled)).toBe('ตามข้อ 7 การสมรรถนะ');
  expect(clauseLabel(titled)).toBeNull();
  const reply = extractiveAnswer(readQuestion('สมรรถนะที่จำเป็นมีอะไรบ้าง'), [titled]);
  expect(reply?.text).toContain('ตามข้อ 7 การสมรรถนะ เรื่อง การกำหนดสมรรถนะ');
  expect(reply?.text.match(/ข้อ 7 การสมรรถนะ/g)).toHaveLength(1);
  // a clause under the same title keeps its label
  expect(clauseLabel(hit('ข้อ 7 การสมรรถนะ', ['ข้อ 7 การสมรรถนะ', 'ข้อ ๓']))).toBe('ข้อ ๓');
});

test('a quote opening with the name its citation just gave reads it once (a form headed by its file name)', () => {
  const title = 'ใบคำร้องขออนุมัติหน่วยกิจกรรม';
  const form = {
    ...hit(title, [title]),
    text: `${title}\nเรียน ผู้อำนวยการกองพัฒนานักศึกษา\nข้าพเจ้า........ รหัสนักศึกษา........\nมีความประสงค์ขออนุมัติหน่วยกิจกรรม เนื่องจาก (บอกเหตุผล)..........`,
  };
  const reply = extractiveAnswer(readQuestion('ใบคำร้องขออนุมัติหน่วยกิจกรรม ต้องเรียนถึงใคร'), [form]);
  expect(reply?.text).toContain(`ตาม${title} เรียน ผู้อำนวยการกองพัฒนานักศึกษา`);
  expect(reply?.text.match(new RegExp(title, 'g'))).toHaveLength(1);
  // a heading the citation names is read once too; a quote that is the name alone stays
  const headed = { ...hit('ระเบียบการลา', ['ระเบียบการลา', 'หมวด ๑ บททั่วไป']), text: 'หมวด ๑ บททั่วไป\nนักศึกษาลาป่วยได้ไม่เกิน ๑๕ วัน' };
  expect(afterCitedName(headed, 'หมวด ๑  บททั่วไป\nนักศึกษาลาป่วยได้ไม่เกิน ๑๕ วัน')).toBe('นักศึกษาลาป่วยได้ไม่เกิน ๑๕ วัน');
  expect(afterCitedName(headed, 'หมวด ๑ บททั่วไป')).toBe('หมวด ๑ บททั่วไป');
  // a title that only begins a longer word is no repeat of it
  expect(afterCitedName(hit('ประกาศ', ['ประกาศ']), 'ประกาศมหาวิทยาลัย เรื่อง ค่าธรรมเนียม')).toBe('ประกาศมหาวิทยาลัย เรื่อง ค่าธรรมเนียม');
});

test('a citation is one line: a table header or a wrapped heading in the heading path reads with single spaces', () => {
  // a fee table's header row became the heading of its rows (cells apart by a tab), a heading wrapped over two lines
  const row = hit('หน่วยบริการวิชาการรวม', ['หน่วยบริการวิชาการรวม', 'รายการบริการ\tอัตราค่าบริการ', 'หมวดวิชาเลือกเสรี\nไม่น้อยกว่า  6 หน่วยกิต']);
  expect(citationLead(row)).toBe('ตามหน่วยบริการวิชาการรวม รายการบริการ อัตราค่าบริการ หมวดวิชาเลือกเสรี ไม่น้อยกว่า 6 หน่วยกิต');
  expect(referencesBlock([{ ...row, documentId: 'd', page: 2 } as unknown as Parameters<typeof referencesBlock>[0][number]])).toBe(
    'อ้างอิง:\n- หน่วยบริการวิชาการรวม › รายการบริการ อัตราค่าบริการ › หมวดวิชาเลือกเสรี ไม่น้อยกว่า 6 หน่วยกิต (หน้า 2)',
  );
});
