// Every JSON API route declares its response schema (from contracts/), so what a route answers is written
// down once and checked on the way out; the browser imports the same types.
import { afterAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from './helpers/server';

// Answers with a file, a redirect, an SSE stream or the page HTML: no JSON body to describe.
const NOT_JSON = new Set([
  'GET /metrics',
  'GET /api/docs',
  'GET /api/auth/login',
  'GET /auth/logout',
  'ALL /dev-oidc/*',
  'GET /api/files/:id/progress',
  'GET /api/files/:id/download',
  'GET /api/files/:id/pages/:page/image',
  'GET /api/insights/questions.csv',
  ...['/api', '/ai-api'].flatMap((p) => [`GET ${p}/drafts/:id/download`, `GET ${p}/templates/:type/download`]),
]);

let h: TestApp;
afterAll(() => h?.close());

test('every JSON API route declares a response schema', async () => {
  h = await createTestApp();
  const api = h.app.routes.filter((r) => /^\/(api|ai-api|healthz|metrics|auth\/logout|dev-oidc)/.test(r.path) && !NOT_JSON.has(`${r.method} ${r.path}`));
  const missing = api.filter((r) => !(r.hooks as { response?: unknown }).response).map((r) => `${r.method} ${r.path}`);
  const described = api.filter((r) => (r.hooks as { response?: unknown }).response).map((r) => `${r.method} ${r.path}`);
  expect(missing).toEqual([]);
  expect(described.length).toBeGreaterThan(40);
});
