// Cutting a published Thai act into its sections, on a small act written in the shape of the Council of State's
// text files (PyThaiNLP/thai-law): a repeated form word, a preamble, footnote markers, a no-break space after the
// section number, a section inserted later (๓๐/๑), one inserted as ทวิ with its ordinal on the next line, a chapter
// heading, a cross-reference wrapped to the start of a line, the countersignature and the footnotes.
import { describe, expect, test } from 'bun:test';
import { actLines, chooseActs, withoutCopiesOf } from './law-distractors';
import { actTitle, cutSections } from './law-sections';

const NBSP = '\u00a0';
const sampleAct = [
  'พระราชบัญญัติ',
  '',
  'พระราชบัญญัติ',
  'ทดลองตัดมาตรา',
  'พ.ศ.',
  '๒๕๖๐',
  '',
  'ภูมิพลอดุลยเดช ป.ร.',
  'ให้ไว้ ณ วันที่ ๑ มกราคม พ.ศ. ๒๕๖๐',
  'โดยที่เป็นการสมควรมีกฎหมายว่าด้วยการทดลอง',
  NBSP,
  `มาตรา ๑${NBSP} พระราชบัญญัตินี้เรียกว่า “พระราชบัญญัติทดลองตัดมาตรา พ.ศ. ๒๕๖๐”`,
  NBSP,
  `มาตรา ๒[๑]${NBSP}`,
  'พระราชบัญญัตินี้ให้ใช้บังคับตั้งแต่วันถัดจากวันประกาศในราชกิจจานุเบกษาเป็นต้นไป',
  '',
  'หมวด ๑',
  'บททั่วไป',
  '',
  `มาตรา ๓๐${NBSP} ผู้ใดฝ่าฝืนมาตรา ๑๒ หรือไม่ปฏิบัติตาม`,
  'มาตรา ๑๓ ต้องระวางโทษปรับไม่เกินหนึ่งหมื่นบาท',
  '',
  `มาตรา ๓๐/๑[๒]${NBSP} ผู้ได้รับใบอนุญาตต้องแสดงใบอนุญาตไว้ในที่เปิดเผย`,
  '(๑)',
  'ณ สถานที่ประกอบกิจการ',
  '',
  'มาตรา ๓๑',
  `ทวิ[๓]${NBSP} ให้รัฐมนตรีรักษาการตามพระราชบัญญัตินี้`,
  '',
  'ผู้รับสนองพระบรมราชโองการ',
  'นายกรัฐมนตรี',
  '',
  'หมายเหตุ :- เหตุผลในการประกาศใช้พระราชบัญญัติฉบับนี้ คือ …',
  '',
  '[๑] ราชกิจจานุเบกษา เล่ม ๑๓๔/ตอนที่ ๑ ก/หน้า ๑/๑ มกราคม ๒๕๖๐',
  '[๒] มาตรา ๓๐/๑ เพิ่มโดยพระราชบัญญัติทดลองตัดมาตรา (ฉบับที่ ๒) พ.ศ. ๒๕๖๑',
].join('\n');

describe('cutSections', () => {
  const sections = cutSections(sampleAct);
  const byNumber = new Map(sections.map((s) => [s.number, s.text]));

  test.each([
    ['the preamble is dropped: the first section is มาตรา ๑', () => expect(sections[0]!.number).toBe('๑')],
    [
      '"มาตรา ๒[๑]" is section ๒, its words from the next line',
      () => expect(byNumber.get('๒')).toBe('มาตรา ๒ พระราชบัญญัตินี้ให้ใช้บังคับตั้งแต่วันถัดจากวันประกาศในราชกิจจานุเบกษาเป็นต้นไป'),
    ],
    ['the chapter heading belongs to no section', () => expect(sections.some((s) => s.text.includes('บททั่วไป'))).toBe(false)],
    [
      'a cross-reference wrapped to a line start joins its line (the chunker would read a section there)',
      () => expect(byNumber.get('๓๐')).toBe('มาตรา ๓๐ ผู้ใดฝ่าฝืนมาตรา ๑๒ หรือไม่ปฏิบัติตาม มาตรา ๑๓ ต้องระวางโทษปรับไม่เกินหนึ่งหมื่นบาท'),
    ],
    [
      '"มาตรา ๓๐/๑" is its own section, its item number joined to its words',
      () => expect(byNumber.get('๓๐/๑')).toBe('มาตรา ๓๐/๑ ผู้ได้รับใบอนุญาตต้องแสดงใบอนุญาตไว้ในที่เปิดเผย\n(๑) ณ สถานที่ประกอบกิจการ'),
    ],
    ['"มาตรา ๓๑" / "ทวิ" is section ๓๑ ทวิ', () => expect(byNumber.get('๓๑ ทวิ')).toBe('มาตรา ๓๑ ทวิ ให้รัฐมนตรีรักษาการตามพระราชบัญญัตินี้')],
    [
      'the signature, the reasons and the footnotes are dropped',
      () => {
        expect(sections.map((s) => s.number)).toEqual(['๑', '๒', '๓๐', '๓๐/๑', '๓๑ ทวิ']);
        expect(sections.some((s) => /นายกรัฐมนตรี|หมายเหตุ|ราชกิจจานุเบกษา เล่ม|\[/.test(s.text))).toBe(false);
      },
    ],
  ])('%s', (_name, check) => check());

  test('numbering that starts again is another act printed after this one, not this act', () => {
    const amended = sampleAct.replace('ผู้รับสนองพระบรมราชโองการ', 'พระราชบัญญัติทดลองตัดมาตรา (ฉบับที่ ๒)\n\nมาตรา ๒ ให้ใช้บังคับ');
    expect(cutSections(amended).map((s) => s.number)).toEqual(['๑', '๒', '๓๐', '๓๐/๑', '๓๑ ทวิ']);
  });
});

describe('actTitle', () => {
  test.each([
    ['form word repeated, year over two lines', sampleAct, 'พระราชบัญญัติทดลองตัดมาตรา พ.ศ. ๒๕๖๐'],
    [
      'a name over two lines',
      'พระราชบัญญัติ\nว่าด้วยการส่งผู้ร้ายข้ามแดน\nกับสาธารณรัฐเกาหลี\nพ.ศ. ๒๕๔๓\nภูมิพลอดุลยเดช',
      'พระราชบัญญัติว่าด้วยการส่งผู้ร้ายข้ามแดน กับสาธารณรัฐเกาหลี พ.ศ. ๒๕๔๓',
    ],
    ["no year before the King's name", 'รัฐธรรมนูญแห่งราชอาณาจักรไทย[๑]\nสมเด็จพระเจ้าอยู่หัวมหาวชิราลงกรณ\nตราไว้ ณ วันที่', 'รัฐธรรมนูญแห่งราชอาณาจักรไทย'],
  ])('%s', (_name, text, title) => expect(actTitle(text)).toBe(title));
});

describe('chooseActs', () => {
  const act = (id: string, n: number, text = 'มาตรา ๑ ข้อความ') => ({
    id,
    lines: Array.from({ length: n }, (_, i) => ({ id: `x-${id}-${i + 1}`, title: id, text: `${text} ${id} ${i}` })),
  });
  const acts = [act('a', 3), act('b', 4), act('c', 5), act('d', 6)];

  test('whole acts until the sections asked for, the same for the same seed whatever the input order', () => {
    const chosen = chooseActs(acts, 6, 17);
    expect(chosen.reduce((n, a) => n + a.lines.length, 0)).toBeGreaterThanOrEqual(6);
    expect(chooseActs([...acts].reverse(), 6, 17).map((a) => a.id)).toEqual(chosen.map((a) => a.id));
  });

  test('a word-for-word copy of one of our sections is left out, whitespace aside; the rest of its act stays', () => {
    const own = [{ id: 'm1', title: 'ours', text: 'มาตรา ๑ ข้อความ  c 2' }];
    expect(withoutCopiesOf(act('c', 5).lines, own).map((l) => l.id)).toEqual(['x-c-1', 'x-c-2', 'x-c-4', 'x-c-5']);
  });

  test('a file with no sections (a notice, not an act) gives no act', () => {
    expect(actLines('n', 'ประกาศของคณะปฏิวัติ\nฉบับที่ ๑\nข้อ ๑ ให้ยกเลิก')).toBeNull();
    expect(actLines('s', sampleAct)?.lines.map((l) => l.id)).toEqual(['x-s-1', 'x-s-2', 'x-s-3', 'x-s-4', 'x-s-5']);
  });
});
