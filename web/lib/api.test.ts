// The client-side route guard in apiFetch: a missing session (401) or a role no longer allowed (403 forbidden)
// sends the browser to /login; other refusals (CSRF, validation) stay errors for the page to show.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { apiFetch, ApiError } from './api';

let server: ReturnType<typeof Bun.serve>;
const visited: string[] = [];
const realWindow = (globalThis as { window?: unknown }).window;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const status = Number(new URL(req.url).searchParams.get('status'));
      const code = new URL(req.url).searchParams.get('code');
      return Response.json({ status: 'error', message: 'x', code }, { status });
    },
  });
  (globalThis as { window?: unknown }).window = { location: { pathname: '/admin/management', assign: (to: string) => visited.push(to) } };
});
afterAll(() => {
  server.stop(true);
  (globalThis as { window?: unknown }).window = realWindow;
});

async function call(status: number, code: string, redirectOn401?: boolean) {
  visited.length = 0;
  const err = await apiFetch(`http://127.0.0.1:${server.port}/?status=${status}&code=${code}`, { redirectOn401 }).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  return [...visited];
}

test('401 and a role refusal go to /login; other 403s and 400s do not', async () => {
  expect(await call(401, 'unauthorized')).toEqual(['/login']);
  expect(await call(403, 'forbidden')).toEqual(['/login']);
  expect(await call(403, 'csrf')).toEqual([]);
  expect(await call(400, 'validation')).toEqual([]);
});

test('a page that handles refusals itself is not redirected', async () => {
  expect(await call(401, 'unauthorized', false)).toEqual([]);
  expect(await call(403, 'forbidden', false)).toEqual([]);
});
