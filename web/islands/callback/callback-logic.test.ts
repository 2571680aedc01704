import { describe, expect, test } from 'bun:test';
import { callbackOutcome, callbackTexts, homeForRole, safeNextPath } from './callback-logic';

test('redirect by role (chat.md §4)', () => {
  expect(homeForRole('admin')).toBe('/admin/management');
  expect(homeForRole('user')).toBe('/user/chat');
  expect(homeForRole('guest')).toBe('/landing');
  expect(homeForRole(undefined)).toBe('/landing');
});

test("the server's redirect is used only inside the role's own area and on this site", () => {
  expect(safeNextPath('/user/chat/abc', 'user')).toBe('/user/chat/abc');
  expect(safeNextPath('/admin/management/access', 'admin')).toBe('/admin/management/access');
  expect(safeNextPath('/admin/management', 'user')).toBeNull();
  expect(safeNextPath('//evil.example/user/chat', 'user')).toBeNull();
  expect(safeNextPath('https://evil.example/user/chat', 'user')).toBeNull();
  expect(safeNextPath('/user/chat', 'other')).toBeNull();
});

test('the spec texts (chat.md §5, §8)', () => {
  expect(callbackTexts.invalidParams).toBe('Invalid callback parameters. Redirecting to login...');
  expect(callbackTexts.authFailed('boom')).toBe('Authentication failed: boom. Redirecting to login...');
  expect(callbackTexts.loginFailed).toBe('Login failed');
  expect(callbackTexts.noUser).toBe('No user data found. Redirecting to login...');
});

describe('what the page shows for each refused sign-in (chat.md §8)', () => {
  // The server's messages for these failures (modules/auth): the page wraps them in the spec's sentence.
  const cases: Array<[string, string]> = [
    ['tampered or replayed state (400)', 'คำขอเข้าสู่ระบบไม่ถูกต้อง หมดอายุ หรือถูกใช้ไปแล้ว กรุณาเข้าสู่ระบบใหม่'],
    ['wrong nonce (401)', 'โทเค็นยืนยันตัวตนไม่ตรงกับคำขอเข้าสู่ระบบ (nonce)'],
    ['expired or reused code (401)', 'ผู้ให้บริการปฏิเสธรหัสยืนยัน (invalid_grant)'],
    ['id token signed by another key (401)', 'ลายเซ็นของโทเค็นยืนยันตัวตนไม่ถูกต้อง'],
    ['provider unreachable (network)', 'Unable to connect to server. Please check your connection.'],
  ];
  for (const [name, message] of cases) {
    test(name, () => {
      expect(callbackOutcome({ error: message })).toEqual({ kind: 'failed', message: `Authentication failed: ${message}. Redirecting to login...` });
    });
  }

  test('a 2xx body that is not a success → Login failed; no user or token → No user data found', () => {
    expect(callbackOutcome({ body: { status: 'error' } })).toEqual({ kind: 'failed', message: 'Login failed' });
    expect(callbackOutcome({ body: null })).toEqual({ kind: 'failed', message: 'Login failed' });
    expect(callbackOutcome({ body: { status: 'success', data: { token: 't', user: null } } })).toEqual({
      kind: 'failed',
      message: 'No user data found. Redirecting to login...',
    });
    expect(callbackOutcome({ body: { status: 'success', data: { user: { role: 'user' } } } })).toEqual({
      kind: 'failed',
      message: 'No user data found. Redirecting to login...',
    });
  });

  test("success goes by role, or to the requested page inside the role's area", () => {
    expect(callbackOutcome({ body: { status: 'success', data: { token: 't', user: { role: 'admin' } } } })).toEqual({
      kind: 'success',
      token: 't',
      to: '/admin/management',
    });
    expect(callbackOutcome({ body: { status: 'success', data: { token: 't', redirect: '/user/chat/c1', user: { role: 'user' } } } })).toEqual({
      kind: 'success',
      token: 't',
      to: '/user/chat/c1',
    });
    expect(callbackOutcome({ body: { status: 'success', data: { token: 't', redirect: '/admin/management', user: { role: 'user' } } } })).toEqual({
      kind: 'success',
      token: 't',
      to: '/user/chat',
    });
  });
});
