// One listening port, one server: a second server started on a port another one listens on fails to start (the
// port-in-use message, src/startup-error.ts) instead of silently taking half its connections, which is what an
// answer from the wrong test server (modules/assistant/containment-chat.test.ts) came from.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../tests/helpers/server';

let first: TestServer;
beforeAll(async () => {
  first = await startTestServer();
});
afterAll(() => first.close());

test('a second server on a port in use is refused, and the first keeps every connection', async () => {
  const second = await startTestServer({ PORT: String(first.port) }).then(
    (s) => s,
    (e: Error & { code?: string }) => e,
  );
  if (!(second instanceof Error)) await second.close();
  expect(second).toBeInstanceOf(Error);
  expect(`${(second as Error & { code?: string }).code} ${(second as Error).message}`).toMatch(/EADDRINUSE|in use/i);
  const answers = await Promise.all(Array.from({ length: 8 }, () => first.request('/healthz').then((r) => r.status)));
  expect(answers.every((s) => s === 200)).toBe(true);
}, 60_000);
