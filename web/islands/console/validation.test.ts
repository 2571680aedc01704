import { describe, expect, test } from 'bun:test';
import {
  addFormErrors,
  canSaveCategory,
  editFormErrors,
  fallbackError,
  fileError,
  findCategoryByName,
  hasChanges,
  isValid,
  MAX_FILE_BYTES,
  nextVersion,
  normaliseCategoryName,
  resolveCategorySave,
  settingsErrors,
  thresholdError,
  versionNeedsBump,
  type DocumentFields,
} from './validation';

const fields: DocumentFields = {
  fileName: 'ระเบียบกิจกรรม',
  description: '',
  categoryId: 'c1',
  isActive: true,
  fallbackContact: 'กองพัฒนานักศึกษา',
  contents: 'ข้อความ',
};
const pdf = { name: 'reg.pdf', size: 1000 };

describe('file rule (§5: .pdf and .docx only, 500MB)', () => {
  test('no file is an error', () => expect(fileError(null)).toBe('กรุณาเลือกไฟล์'));
  test('pdf and docx pass, any case', () => {
    expect(fileError(pdf)).toBeNull();
    expect(fileError({ name: 'A.DOCX', size: 1 })).toBeNull();
    expect(fileError({ name: 'x.PDF', size: 1 })).toBeNull();
  });
  test('other types fail, including .doc and a pdf-looking name', () => {
    for (const name of ['a.doc', 'a.txt', 'a.png', 'pdf', 'a.pdf.exe']) expect(fileError({ name, size: 1 })).toBe('รองรับเฉพาะไฟล์ .pdf และ .docx');
  });
  test('500MB is the limit', () => {
    expect(fileError({ name: 'a.pdf', size: MAX_FILE_BYTES })).toBeNull();
    expect(fileError({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 })).toBe('ไฟล์มีขนาดเกิน 500MB');
  });
});

describe('add form (§5)', () => {
  test('valid with a file and non-blank name, category and contact; description optional', () => {
    expect(isValid(addFormErrors(fields, pdf))).toBe(true);
  });
  test('each required field blank after trimming is an error', () => {
    expect(addFormErrors(fields, null)).toEqual({ file: 'กรุณาเลือกไฟล์' });
    expect(addFormErrors({ ...fields, fileName: '   ' }, pdf)).toEqual({ fileName: 'กรุณาระบุชื่อเอกสาร' });
    expect(addFormErrors({ ...fields, categoryId: '' }, pdf)).toEqual({ categoryId: 'กรุณาเลือกหมวดหมู่' });
    expect(addFormErrors({ ...fields, fallbackContact: '\n\t ' }, pdf)).toEqual({ fallbackContact: 'กรุณาระบุข้อมูลติดต่อ' });
  });
  test('a wrong file type makes the form invalid', () => {
    expect(isValid(addFormErrors(fields, { name: 'a.txt', size: 1 }))).toBe(false);
  });
});

describe('edit form (§5) and version', () => {
  const edit = { ...fields, version: '1.0.1' };
  test('valid with an existing file name and non-blank name, category, version, contact', () => {
    expect(isValid(editFormErrors(edit, 'reg.pdf'))).toBe(true);
  });
  test('missing stored file, or blank fields, are errors', () => {
    expect(editFormErrors(edit, '')).toEqual({ file: 'กรุณาเลือกไฟล์' });
    expect(editFormErrors({ ...edit, version: ' ' }, 'reg.pdf')).toEqual({ version: 'กรุณาระบุเวอร์ชัน' });
    expect(editFormErrors({ ...edit, fileName: '', fallbackContact: '' }, 'reg.pdf')).toEqual({
      fileName: 'กรุณาระบุชื่อเอกสาร',
      fallbackContact: 'กรุณาระบุข้อมูลติดต่อ',
    });
    // A document stored without a category (CLI ingest) must get one before an edit can be saved.
    expect(editFormErrors({ ...edit, categoryId: '' }, 'reg.pdf')).toEqual({ categoryId: 'กรุณาเลือกหมวดหมู่' });
    expect(editFormErrors({ ...edit, categoryId: '  ' }, 'reg.pdf')).toEqual({ categoryId: 'กรุณาเลือกหมวดหมู่' });
  });
  test('1.0.0 cannot be saved over 1.0.0; generally the stored version must change', () => {
    expect(versionNeedsBump('1.0.0', '1.0.0')).toBe(true);
    expect(versionNeedsBump('1.0.0', null)).toBe(true);
    expect(versionNeedsBump(' 1.0.3 ', '1.0.3')).toBe(true);
    expect(versionNeedsBump('1.0.1', '1.0.0')).toBe(false);
  });
  test('the version dialog suggests the next patch', () => {
    expect(nextVersion('1.0.0')).toBe('1.0.1');
    expect(nextVersion('2')).toBe('2.0.1');
    expect(nextVersion('1.2.9')).toBe('1.2.10');
    expect(nextVersion('v-x')).toBe('1.0.0');
  });
  test('save is enabled only when something changed', () => {
    const original = { a: 'x', b: true };
    expect(hasChanges({ ...original }, original)).toBe(false);
    expect(hasChanges({ ...original, b: false }, original)).toBe(true);
  });
});

describe('category names (§5)', () => {
  const list = [
    { ID: '1', categoryName: 'Finance Rules' },
    { ID: '2', categoryName: 'โครงการ' },
  ];
  test('trimmed and inner whitespace collapsed', () => expect(normaliseCategoryName('  Finance \t  Rules  ')).toBe('Finance Rules'));
  test('duplicates are found case-insensitively after normalising', () => {
    expect(findCategoryByName(list, ' finance   RULES ')?.ID).toBe('1');
    expect(findCategoryByName(list, 'โครงการ ')?.ID).toBe('2');
    expect(findCategoryByName(list, '')).toBeUndefined();
  });
  test('a duplicate selects the existing category instead of creating one', () => {
    expect(resolveCategorySave(list, 'FINANCE rules')).toEqual({ kind: 'select', existing: list[0]! });
    expect(resolveCategorySave(list, '  New   one ')).toEqual({ kind: 'save', name: 'New one' });
    expect(resolveCategorySave(list, '   ')).toEqual({ kind: 'invalid' });
  });
  test('renaming a category to its own name in another case is a save, not a select', () => {
    expect(resolveCategorySave(list, 'finance rules', '1')).toEqual({ kind: 'save', name: 'finance rules' });
  });
  test('save enabled only for a non-empty name differing from the original, or any non-empty name in create mode', () => {
    expect(canSaveCategory('create', '  ')).toBe(false);
    expect(canSaveCategory('create', 'x')).toBe(true);
    expect(canSaveCategory('edit', 'Finance  Rules ', 'Finance Rules')).toBe(false);
    expect(canSaveCategory('edit', 'Finance', 'Finance Rules')).toBe(true);
    expect(canSaveCategory('edit', '', 'Finance Rules')).toBe(false);
  });
});

describe('settings (§5 fallback, §9 thresholds)', () => {
  const s = { fallback_message: 'ขออภัย', high_threshold: '80', low_threshold: '30', general_contact: '' };
  test('the fallback message must be non-empty after trimming', () => {
    expect(fallbackError('  ')).toBe('กรุณาระบุข้อความก่อนบันทึก');
    expect(fallbackError('x')).toBeNull();
    expect(settingsErrors({ ...s, fallback_message: '\n' })).toEqual({ fallback_message: 'กรุณาระบุข้อความก่อนบันทึก' });
  });
  test('thresholds are integers 0–100', () => {
    for (const ok of ['0', '100', '55', 42]) expect(thresholdError(ok)).toBeNull();
    for (const bad of ['-1', '101', '50.5', '', 'abc', '1e2']) expect(thresholdError(bad)).not.toBeNull();
  });
  test('low must be below high', () => {
    expect(settingsErrors(s)).toEqual({});
    expect(settingsErrors({ ...s, low_threshold: '80' })).toEqual({ low_threshold: 'เกณฑ์ข้อความตอบกลับต้องน้อยกว่าเกณฑ์ตอบตามปกติ' });
    expect(settingsErrors({ ...s, high_threshold: '200' })).toEqual({ high_threshold: 'ต้องเป็นจำนวนเต็มตั้งแต่ 0 ถึง 100' });
  });
});
