import { expect, test } from 'bun:test';
import { addAdminInput, canSavePosition, matchesSearch, normaliseEmail, type AdminItem } from './texts';

test('e-mail: trimmed, case-insensitive, must look like an address', () => {
  expect(normaliseEmail('  Somchai@Uni.AC.th ')).toBe('somchai@uni.ac.th');
  for (const bad of ['', 'somchai', 'a@b', 'a b@uni.ac.th', '@uni.ac.th']) expect(normaliseEmail(bad)).toBeNull();
});

test('add-admin form: valid only with a valid e-mail and a non-blank position; sends them normalised', () => {
  expect(addAdminInput(' Somchai@Uni.AC.th ', '  หัวหน้างาน ')).toEqual({ email: 'somchai@uni.ac.th', position: 'หัวหน้างาน' });
  for (const blank of ['', '   ', '\t\n']) expect(addAdminInput('somchai@uni.ac.th', blank)).toBeNull();
  expect(addAdminInput('somchai', 'หัวหน้างาน')).toBeNull();
});

test('position save is enabled only for a non-empty value that differs', () => {
  expect(canSavePosition('หัวหน้างาน', 'ผู้ช่วย')).toBe(true);
  expect(canSavePosition('  ผู้ช่วย ', 'ผู้ช่วย')).toBe(false);
  expect(canSavePosition('   ', 'ผู้ช่วย')).toBe(false);
});

test('local search matches name, e-mail and position', () => {
  const a: AdminItem = {
    id: '1',
    user_image: null,
    firstname: 'สมชาย',
    lastname: 'ใจดี',
    responsibility: 'หัวหน้างาน',
    email: 'somchai@uni.ac.th',
    role: 'admin',
    status: true,
    updatedAt: '',
    source: 'console',
  };
  expect(matchesSearch(a, '')).toBe(true);
  expect(matchesSearch(a, 'ชาย ใจ')).toBe(true);
  expect(matchesSearch(a, 'SOMCHAI')).toBe(true);
  expect(matchesSearch(a, 'หัวหน้า')).toBe(true);
  expect(matchesSearch(a, 'สมหญิง')).toBe(false);
});
