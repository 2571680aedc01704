// Issue 34 "Also": nosniff on every response (API JSON, pages, downloads, assets, errors, redirects), and
// Strict-Transport-Security when PUBLIC_URL is https (never on plain http, which HSTS would lock out).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../helpers/server';
import { HSTS } from '../../src/http/security-headers';

let app: TestApp;
let https: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  https = await createTestApp({ PUBLIC_URL: 'https://askreg.example.ac.th' });
});
afterAll(async () => {
  await Promise.all([app.close(), https.close()]);
});

async function responses(t: TestApp): Promise<Array<[string, Response]>> {
  const { cookie } = await t.signIn('headers@example.ac.th');
  const draft = await t.request('/api/draft', { cookie, json: { brief: 'ร่างบันทึกขอใช้ห้องประชุม', document_type: 'internal_memo', with_sources: false } });
  const draftBody = (await draft.clone().json()) as { data?: { download_url?: string; downloadUrl?: string } };
  const download = JSON.stringify(draftBody).match(/\/api\/drafts\/[A-Za-z0-9_-]+\/download/)?.[0];
  expect(download).toBeString();
  const page = await t.request('/landing');
  const asset = (await page.clone().text()).match(/\/assets\/[^"]+\.js/)![0];
  const paths = ['/healthz', '/api/profile/me', '/api/nope', '/nope', '/api/auth/login', '/api/categories', asset, download!];
  const out: Array<[string, Response]> = [
    ['POST /api/draft', draft],
    ['/landing', page],
    ['POST /api/chat (bad body)', await t.request('/api/chat', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })],
  ];
  for (const p of paths) out.push([p, await t.request(p, { cookie, redirect: 'manual' })]);
  return out;
}

test('every kind of response says nosniff; plain http gets no HSTS', async () => {
  for (const [what, res] of await responses(app)) {
    expect([what, res.headers.get('x-content-type-options')]).toEqual([what, 'nosniff']);
    expect([what, res.headers.get('strict-transport-security')]).toEqual([what, null]);
  }
});

test('under an https PUBLIC_URL every response carries HSTS', async () => {
  for (const [what, res] of await responses(https)) {
    expect([what, res.headers.get('x-content-type-options')]).toEqual([what, 'nosniff']);
    expect([what, res.headers.get('strict-transport-security')]).toEqual([what, HSTS]);
  }
});
