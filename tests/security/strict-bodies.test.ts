// Issue 34 finding 5 (in part): public JSON bodies with fields their route does not define are refused with a
// Thai reason, not silently accepted (`{"message":"ก","pad":…}`).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../helpers/server';
import { UNKNOWN_FIELDS } from '../../src/http/strict-body';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE_IP: '100000' });
});
afterAll(() => app.close());

test('unknown fields on public JSON routes: 400 naming them; the defined fields alone are fine', async () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['/api/chat', { message: 'ก', show_regulation: false }],
    ['/ai-api/chat', { message: 'ก' }],
    ['/api/generate-title', { user_message: 'ลาป่วย' }],
    ['/api/cancel', { connection_id: 'c-1' }],
  ];
  for (const [path, body] of cases) {
    const padded = await app.request(path, { json: { ...body, pad: 'x'.repeat(1000) } });
    expect([path, padded.status]).toEqual([path, 400]);
    expect(((await padded.json()) as { message: string }).message).toBe(`${UNKNOWN_FIELDS}: pad`);
    expect([path, (await app.request(path, { json: body })).status]).not.toEqual([path, 400]);
  }
  const vote = await app.request(`/api/questions/${crypto.randomUUID()}/feedback`, { json: { rating: 'up', extra: 1 } });
  expect(vote.status).toBe(400);
});

test('multipart chat fields and signed-in routes are not affected', async () => {
  const form = new FormData();
  form.set('message', 'ก');
  form.set('client_extra', 'x');
  expect((await app.request('/api/chat', { method: 'POST', body: form })).status).toBe(200);
});
