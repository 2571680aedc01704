// Issue 34 finding 7: insights over a log guests filled must not stop the server. Long questions in the log,
// a grouping in progress, and /healthz still answers before it ends; the same period asked again with nothing
// new is not computed again; a new question is seen at the next call.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { questionLog } from '../../tests/helpers/tables';
import { insightsComputations } from './cache';
import { GROUPED_CHARS } from './groups';
import { insightsSummary } from './summary';
import { longThaiQuestions, weakQuestionRow } from './testing/long-questions';

const QUESTIONS = 1500;
const CHARS = 2000;

const longQuestion = longThaiQuestions(CHARS);

let server: TestServer;
let admin: string;
const NOW = Date.now();

const row = weakQuestionRow;

beforeAll(async () => {
  server = await startTestServer();
  const rows = Array.from({ length: QUESTIONS }, (_, i) => row(`long-${i}`, longQuestion(), NOW - (i % 80) * 24 * 3600_000 - i * 1000));
  for (let i = 0; i < rows.length; i += 200) await server.ctx.db.insert(questionLog).values(rows.slice(i, i + 200));
  admin = (await server.signIn('admin@example.ac.th', 'admin')).cookie;
});
afterAll(() => server.close());

describe('insights over a log full of long questions', () => {
  test('/healthz answers while the groups of 90 days are computed; asked again with nothing new, they are not computed again', async () => {
    const before = insightsComputations(server.ctx);
    const order: string[] = [];
    const groups = server.request('/api/insights/groups?days=90', { cookie: admin }).then(async (r) => {
      order.push('groups');
      return { status: r.status, body: (await r.json()) as any };
    });
    // the request is in the server, its grouping started, when /healthz is asked
    await Bun.sleep(100);
    for (let i = 0; i < 2000 && insightsComputations(server.ctx) === before; i++) await Bun.sleep(1);
    for (let i = 0; i < 3; i++) {
      const health = await server.request('/healthz');
      expect(health.status).toBe(200);
      order.push('healthz');
    }
    const first = await groups;
    expect(order).toEqual(['healthz', 'healthz', 'healthz', 'groups']);
    expect(first.status).toBe(200);
    expect(first.body.questions).toBe(QUESTIONS);
    // examples are cut to what was grouped
    for (const g of first.body.data) for (const e of g.examples) expect([...e.question].length).toBeLessThanOrEqual(GROUPED_CHARS + 1);

    const computed = insightsComputations(server.ctx);
    const again = await server.request('/api/insights/groups?days=90', { cookie: admin });
    expect(((await again.json()) as any).data).toEqual(first.body.data);
    expect(insightsComputations(server.ctx)).toBe(computed);

    // a new question in the window: the next call sees it
    await server.ctx.db.insert(questionLog).values(row('fresh', 'ลาป่วยต้องทำอย่างไร', Date.now()));
    const fresh = (await (await server.request('/api/insights/groups?days=90', { cookie: admin })).json()) as any;
    expect(fresh.questions).toBe(QUESTIONS + 1);
    expect(insightsComputations(server.ctx)).toBe(computed + 1);
  }, 120_000);

  test('two requests for one period at once compute it once; a timer set meanwhile fires before the grouping ends', async () => {
    await server.ctx.db.insert(questionLog).values(row('fresh-2', 'ถอนรายวิชาได้ถึงวันไหน', Date.now()));
    const before = insightsComputations(server.ctx);
    const order: string[] = [];
    const ask = () => server.request('/api/insights/groups?days=90', { cookie: admin }).then(async (r) => (await r.json()) as any);
    const both = Promise.all([ask(), ask()]).then((r) => {
      order.push('groups');
      return r;
    });
    for (let i = 0; i < 2000 && insightsComputations(server.ctx) === before; i++) await Bun.sleep(1);
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    order.push('timer');
    const [a, b] = await both;
    expect(order).toEqual(['timer', 'groups']);
    expect(a.data).toEqual(b.data);
    expect(a.questions).toBe(QUESTIONS + 2);
    expect(insightsComputations(server.ctx)).toBe(before + 1);
  }, 120_000);

  test('the summary of a year is cached the same way', async () => {
    const first = await server.request('/api/insights/summary?days=365', { cookie: admin });
    expect(first.status).toBe(200);
    const computed = insightsComputations(server.ctx);
    const again = await server.request('/api/insights/summary?days=365', { cookie: admin });
    expect(((await again.json()) as any).data.total).toBe(QUESTIONS + 2);
    expect(insightsComputations(server.ctx)).toBe(computed);
  });

  test('a timer set while the summary of a year is computed fires before it ends, and every question is counted once', async () => {
    // rows asked at one instant straddle a page boundary: each is still read once
    const at = Date.now() - 3600_000;
    await server.ctx.db.insert(questionLog).values(Array.from({ length: 600 }, (_, i) => row(`same-${String(i).padStart(3, '0')}`, 'ลาป่วยต้องทำอย่างไร', at)));
    const order: string[] = [];
    const summary = insightsSummary(server.ctx, 365).then((s) => {
      order.push('summary');
      return s;
    });
    setTimeout(() => order.push('timer'), 0);
    const s = await summary;
    expect(order).toEqual(['timer', 'summary']);
    expect(s.total).toBe(QUESTIONS + 2 + 600);
  });
});
