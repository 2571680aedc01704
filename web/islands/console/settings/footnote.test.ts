import { expect, test } from 'bun:test';
import { settingsFootnote } from './footnote';

const when = '22 พ.ย. 2569 07:43';

test('before any admin saves, the footnote names the system defaults in Thai, not the seed\'s "system"', () => {
  const text = settingsFootnote({ updated_by: 'system', updated_by_name: 'system' }, when);
  expect(text).toBe(`ค่าเริ่มต้นของระบบ (ยังไม่มีผู้ดูแลระบบแก้ไข) ตั้งไว้เมื่อ ${when}`);
  expect(text).not.toMatch(/[A-Za-z]/);
});

test('after a save it names the admin who saved', () => {
  expect(settingsFootnote({ updated_by: 'u-1', updated_by_name: 'สมชาย ใจดี' }, when)).toBe(`แก้ไขล่าสุดโดย สมชาย ใจดี เมื่อ ${when}`);
});

test('no name (hidden from non-admins): no footnote', () => {
  expect(settingsFootnote({ updated_by: '', updated_by_name: '' }, when)).toBeNull();
});
