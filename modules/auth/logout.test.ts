import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/auth/logout', () => {
  test('another site cannot sign a user out (cross-site GET refused, session kept)', async () => {
    const { cookie } = await t.signIn('victim@uni.ac.th');
    const forced = await t.request('/api/auth/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(forced.status).toBe(403);
    expect((await t.request('/api/profile/me', { cookie })).status).toBe(200);
  });

  test('our own page signs out and the session is gone', async () => {
    const { cookie } = await t.signIn('leaver@uni.ac.th');
    const res = await t.request('/api/auth/logout', { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await t.request('/api/profile/me', { cookie })).status).toBe(401);
  });
});
