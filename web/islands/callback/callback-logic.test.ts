import { expect, test } from 'bun:test';
import { callbackTexts, homeForRole, safeNextPath } from './callback-logic';

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
