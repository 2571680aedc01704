import { describe, expect, test } from 'bun:test';
import { descriptiveName, fileNameWords, titleField } from './file-name.ts';

describe('file names as a title field', () => {
  test.each([
    // what the document is, in Thai or in Latin words
    ['ระเบียบว่าด้วยการลา 2566.pdf', true],
    ['ประกาศ-ค่าธรรมเนียม-67.pdf', true],
    ['01. ข้อบังคับ ฉบับที่ 1.pdf', true],
    ['transfer it.pdf', true],
    ['scholarship_rules_2024.docx', true],
    ['StudentHandbook.pdf', true],
    ['ประมวลกฎหมายอาญา', true],
    // what a scanner, a camera, a web system or a download writes
    ['scan0001.pdf', false],
    ['Scanned Document (3).pdf', false],
    ['IMG_2041.jpg', false],
    ['doc (3).pdf', false],
    ['tmp_con_1569811937.pdf', false],
    ['2iO_con_1540457403.pdf', false],
    ['abc 12.pdf', false],
    ['AD.pdf', false],
    ['12345.pdf', false],
    ['untitled.pdf', false],
    ['', false],
  ])('%p is descriptive: %p', (name, expected) => {
    expect(descriptiveName(name)).toBe(expected);
  });

  test('the extension goes and separators read as spaces', () => {
    expect(fileNameWords('12-ประกาศ-แนวปฏิบัติ_66.pdf')).toBe('12 ประกาศ แนวปฏิบัติ 66');
    expect(fileNameWords('ประมวลกฎหมายอาญา')).toBe('ประมวลกฎหมายอาญา');
  });

  test('a name that says nothing gives an empty field', () => {
    expect(titleField('scan0001.pdf')).toBe('');
    expect(titleField('ข้อบังคับ-2565.pdf')).toBe('ข้อบังคับ 2565');
  });
});
