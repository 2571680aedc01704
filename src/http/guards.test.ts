// Admission (`admit: true`) runs after `access`: a refused caller is never admitted (no guest cookie, no rate
// tokens), and a route that declares them the other way round fails loudly instead of limiting strangers.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { guards } from './guards';

let h: TestApp;
let probe: { handle(request: Request): Promise<Response> };
beforeAll(async () => {
  h = await createTestApp({ CHAT_RATE_PER_MINUTE: '1' });
  probe = new Elysia()
    .use(guards(h.ctx))
    .get('/in-order', ({ requester }) => requester.owner, { access: 'signedIn', admit: true })
    .get('/public', ({ requester }) => requester.owner, { access: 'public', admit: true })
    .get('/wrong-order', ({ requester }) => requester.owner, { admit: true, access: 'signedIn' });
});
afterAll(() => h.close());

const get = (path: string, cookie?: string) => probe.handle(new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }));

describe('admit', () => {
  test('a signed-in caller is admitted as its session, then rate limited (429 with Retry-After)', async () => {
    const { cookie } = await h.signIn('admit@test.ac.th');
    const first = await get('/in-order', cookie);
    expect(first.status).toBe(200);
    expect(await first.text()).toStartWith('session:');
    const second = await get('/in-order', cookie);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeTruthy();
  });

  test('a guest refused by access is not admitted: no guest cookie is issued', async () => {
    const refused = await get('/in-order');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  test('a guest on a public route gets a signed guest cookie', async () => {
    const res = await get('/public');
    expect(res.status).toBe(200);
    expect(await res.text()).toStartWith('guest:');
    expect(res.headers.get('set-cookie')).toContain('askreg_guest=');
  });

  test('admit declared before access is a programming error, not a limit on strangers', async () => {
    const { cookie } = await h.signIn('order@test.ac.th');
    expect((await get('/wrong-order', cookie)).status).toBe(500);
  });
});
