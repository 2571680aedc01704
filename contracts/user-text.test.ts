import { describe, expect, test } from 'bun:test';
import { stripUnsafeText, userTextProblem } from './user-text';

describe('user text', () => {
  test('ordinary Thai, English, digits and line breaks are fine', () => {
    for (const s of ['ระเบียบการเงิน', 'Student Affairs ๒๕๖๗', 'กองพัฒนานักศึกษา\nโทร ๐ ๒๑๖๐ ๑๐๐๐', 'ก\tข', 'emoji 📄 ok']) expect(userTextProblem(s)).toBeNull();
  });
  test('control characters, lone surrogates and bidi controls are refused', () => {
    for (const s of ['a\u0000b', 'x\u001b[31m', 'a\u007f', 'a\u0085', 'ชื่อ\u202egpj.exe', 'a\u2066b\u2069', 'half \ud83d', '\udc00 tail'])
      expect(userTextProblem(s)).toBe('invalid');
  });
  test('text of only invisible characters is blank', () => {
    for (const s of ['', '   ', '\u200b', '\u2800\u2800', '\u3164', ' \ufeff\u200d ', '\u00a0']) expect(userTextProblem(s)).toBe('blank');
    expect(userTextProblem('\u200bก')).toBeNull();
  });
});

test('stripUnsafeText removes what userTextProblem refuses and keeps the rest, emoji and line breaks included', () => {
  expect(stripUnsafeText('a\u0000b\u001b[31m\u007f\u0085c')).toBe('ab[31mc');
  expect(stripUnsafeText('ชื่อ\u202egpj.exe \u2066x\u2069')).toBe('ชื่อgpj.exe x');
  expect(stripUnsafeText('half \ud83d and \udc00 tail 📄')).toBe('half  and  tail 📄');
  expect(stripUnsafeText('ก\tข\nค\r\n')).toBe('ก\tข\nค\r\n');
  for (const s of ['a\u0000b', 'x\u202ey', 'half \ud83d']) expect(userTextProblem(stripUnsafeText(s))).toBeNull();
});
