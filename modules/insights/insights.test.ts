// The insights API (issue 17 item 3) on a seeded question log: the summary's figures, the list's filters,
// search and cursor paging, the topic groups, the CSV export, and admins only.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { questionFeedback, questionLog } from '../../tests/helpers/tables';
import { dayKey } from './summary';
import { CSV_HEADER } from './csv';

const DAY = 24 * 3600 * 1000;
const NOW = Date.now();
const DOC = { documentId: 'doc-1', title: 'ระเบียบกิจกรรมนักศึกษา', clause: 'ข้อ ๕', page: 1 };
const DOC2 = { documentId: 'doc-2', title: 'ประกาศหอพัก', clause: 'ข้อ ๒', page: 3 };

interface Seed {
  id: string;
  question: string;
  daysAgo: number;
  band: 'high' | 'medium' | 'low';
  fallback: boolean;
  sources?: (typeof DOC)[];
  votes?: Array<'up' | 'down'>;
  comment?: string;
}

const SEEDS: Seed[] = [
  { id: 'q01', question: 'ต้องเสนอโครงการล่วงหน้ากี่วัน', daysAgo: 0.1, band: 'high', fallback: false, sources: [DOC], votes: ['up', 'up'] },
  { id: 'q02', question: 'เสนอโครงการก่อนจัดกี่วัน', daysAgo: 1.2, band: 'high', fallback: false, sources: [DOC, DOC2] },
  { id: 'q03', question: 'ค่าหอพักจ่ายเมื่อไร', daysAgo: 2.3, band: 'medium', fallback: false, sources: [DOC2], votes: ['down'], comment: 'ไม่ตอบเรื่องวันจ่าย' },
  { id: 'q04', question: 'ลาป่วยต้องทำอย่างไร', daysAgo: 0.2, band: 'low', fallback: true, votes: ['down'] },
  { id: 'q05', question: 'ถ้าป่วยจะลาเรียนได้ไหมครับ', daysAgo: 1.3, band: 'low', fallback: true },
  { id: 'q06', question: 'ไม่สบายลาป่วยยังไงคะ', daysAgo: 3.1, band: 'low', fallback: true },
  { id: 'q07', question: 'ยืมหนังสือห้องสมุดได้กี่เล่ม', daysAgo: 4.4, band: 'low', fallback: true },
  { id: 'q08', question: '=HYPERLINK("http://evil.example","คลิก")', daysAgo: 5.5, band: 'low', fallback: true },
  { id: 'q09', question: 'งบโครงการเกินเพดานต้องยื่นใคร', daysAgo: 6.6, band: 'medium', fallback: false, sources: [DOC] },
  // outside a 30-day window, inside a 60-day one
  { id: 'q10', question: 'ลาป่วยต้องใช้ใบรับรองแพทย์ไหม', daysAgo: 40, band: 'low', fallback: true },
];

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  for (const s of SEEDS) {
    await app.ctx.db.insert(questionLog).values({
      id: s.id,
      askedAt: new Date(NOW - s.daysAgo * DAY),
      question: s.question,
      confidence: s.band === 'high' ? 88 : s.band === 'medium' ? 55 : 12,
      band: s.band,
      fallback: s.fallback,
      sources: JSON.stringify(s.sources ?? []),
      answerLength: 100,
      provider: 'extractive',
    });
    for (const [i, rating] of (s.votes ?? []).entries()) {
      const at = new Date(NOW - s.daysAgo * DAY + 60_000);
      const comment = rating === 'down' ? (s.comment ?? null) : null;
      await app.ctx.db
        .insert(questionFeedback)
        .values({ id: `${s.id}-v${i}`, questionId: s.id, voter: `voter-${i}`, rating, comment, createdAt: at, updatedAt: at });
    }
  }
  admin = (await app.signIn('admin@example.ac.th', 'admin')).cookie;
});
afterAll(() => app.close());

const get = async (path: string) => {
  const res = await app.request(path, { cookie: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
};

describe('GET /api/insights/summary', () => {
  test('counts the last 30 days per day in the university time zone, with rates, bands, votes and the most cited', async () => {
    const { data } = await get('/api/insights/summary?days=30');
    expect(data.days).toBe(30);
    expect(data.per_day).toHaveLength(30);
    expect(data.per_day.at(-1).date).toBe(dayKey(new Date(NOW), 'Asia/Bangkok'));
    const inWindow = SEEDS.filter((s) => s.daysAgo < 29);
    expect(data.total).toBe(inWindow.length);
    expect(data.per_day.reduce((n: number, d: any) => n + d.questions, 0)).toBe(inWindow.length);
    for (const s of inWindow) {
      const day = data.per_day.find((d: any) => d.date === dayKey(new Date(NOW - s.daysAgo * DAY), 'Asia/Bangkok'));
      expect(day.questions).toBeGreaterThanOrEqual(1);
    }
    expect(data.fallbacks).toBe(5);
    expect(data.fallback_rate).toBeCloseTo(5 / 9, 3);
    expect(data.bands).toEqual({ high: 2, medium: 2, low: 5 });
    expect(data.votes).toEqual({ up: 2, down: 2 });
    expect(data.top_documents).toEqual([
      { document_id: 'doc-1', title: DOC.title, count: 3 },
      { document_id: 'doc-2', title: DOC2.title, count: 2 },
    ]);
    expect(data.top_clauses[0]).toEqual({ document_id: 'doc-1', title: DOC.title, clause: 'ข้อ ๕', page: 1, count: 3 });
  });

  test('a longer window takes in older questions; the days are bounded', async () => {
    const { data } = await get('/api/insights/summary?days=60');
    expect(data.per_day).toHaveLength(60);
    expect(data.total).toBe(SEEDS.length);
    expect((await app.request('/api/insights/summary?days=0', { cookie: admin })).status).toBe(400);
    expect((await app.request('/api/insights/summary?days=9999', { cookie: admin })).status).toBe(400);
  });
});

describe('GET /api/insights/questions', () => {
  const ids = (body: any) => body.data.map((q: any) => q.id);

  test('newest first; each filter selects its questions', async () => {
    const all = await get('/api/insights/questions?filter=all&limit=100');
    expect(ids(all)).toEqual([...SEEDS].sort((a, b) => a.daysAgo - b.daysAgo).map((s) => s.id));
    expect(all.total).toBe(SEEDS.length);
    expect(ids(await get('/api/insights/questions?filter=unanswered&limit=100'))).toEqual(['q04', 'q05', 'q06', 'q07', 'q08', 'q10']);
    expect(ids(await get('/api/insights/questions?filter=low&limit=100'))).toEqual(['q03', 'q09']);
    expect(ids(await get('/api/insights/questions?filter=down&limit=100'))).toEqual(['q04', 'q03']);
  });

  test('an item carries its figures, sources, votes and comments, and nothing about the asker', async () => {
    const { data } = await get('/api/insights/questions?filter=down');
    const q03 = data.find((q: any) => q.id === 'q03');
    expect(q03).toMatchObject({ question: 'ค่าหอพักจ่ายเมื่อไร', confidence: 55, confidence_band: 'medium', fallback: false, up: 0, down: 1 });
    expect(q03.comments).toEqual(['ไม่ตอบเรื่องวันจ่าย']);
    expect(q03.sources).toEqual([DOC2]);
    expect(Object.keys(q03).sort()).toEqual(['asked_at', 'comments', 'confidence', 'confidence_band', 'down', 'fallback', 'id', 'question', 'sources', 'up']);
  });

  test('search matches the question text; LIKE wildcards are literal', async () => {
    expect(ids(await get(`/api/insights/questions?search=${encodeURIComponent('ป่วย')}`))).toEqual(['q04', 'q05', 'q06', 'q10']);
    expect(ids(await get(`/api/insights/questions?filter=unanswered&search=${encodeURIComponent('ลาป่วย')}`))).toEqual(['q04', 'q06', 'q10']);
    expect((await get('/api/insights/questions?search=%25')).data).toEqual([]);
  });

  test('pages by signed cursor without gaps or repeats; a cursor of another filter or a forged one is a 400', async () => {
    const seen: string[] = [];
    const url = '/api/insights/questions?filter=all&limit=3';
    let body = await get(url);
    seen.push(...ids(body));
    while (body.hasNext) {
      body = await get(`${url}&cursor=${encodeURIComponent(body.nextCursor)}`);
      seen.push(...ids(body));
    }
    expect(seen).toEqual([...SEEDS].sort((a, b) => a.daysAgo - b.daysAgo).map((s) => s.id));
    const first = await get(url);
    const other = await app.request(`/api/insights/questions?filter=unanswered&limit=3&cursor=${encodeURIComponent(first.nextCursor)}`, { cookie: admin });
    expect(other.status).toBe(400);
    const forged = await app.request(`/api/insights/questions?limit=3&cursor=${encodeURIComponent(`${first.nextCursor.split('.')[0]}.AAAA`)}`, {
      cookie: admin,
    });
    expect(forged.status).toBe(400);
  });
});

describe('GET /api/insights/groups', () => {
  test('paraphrases of one unanswered question form one group with its top words; unrelated ones stay apart', async () => {
    const body = await get('/api/insights/groups?days=30');
    expect(body.questions).toBe(7); // the 5 fallbacks and 2 medium answers of the last 30 days
    const [first] = body.data;
    expect(first.count).toBe(3);
    expect(first.examples.map((e: any) => e.id)).toEqual(['q04', 'q05', 'q06']);
    expect(first.top_words[0]).toBe('ลาป่วย');
    expect(first).toMatchObject({ unanswered: 3, down: 1 });
    const library = body.data.find((g: any) => g.examples.some((e: any) => e.id === 'q07'));
    expect(library.count).toBe(1);
    expect(body.total).toBe(body.data.length);
    // 60 days: the older paraphrase joins its group
    expect((await get('/api/insights/groups?days=60')).data[0].count).toBe(4);
  });

  test('pages by cursor', async () => {
    const page1 = await get('/api/insights/groups?days=30&limit=2');
    expect(page1.data).toHaveLength(2);
    expect(page1.hasNext).toBe(true);
    const page2 = await get(`/api/insights/groups?days=30&limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`);
    expect(page2.data[0].examples[0].id).not.toBe(page1.data[0].examples[0].id);
    expect((await app.request(`/api/insights/groups?days=60&limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`, { cookie: admin })).status).toBe(400);
  });
});

describe('GET /api/insights/questions.csv', () => {
  test('UTF-8 with a BOM and Thai headers, the same filter and search, formula cells neutralised', async () => {
    const res = await app.request('/api/insights/questions.csv?filter=unanswered', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toStartWith('attachment; filename="questions-unanswered-');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + 6);
    expect(lines[1]).toContain('ลาป่วยต้องทำอย่างไร');
    // the formula is text: a leading quote, and the cell quoted because it holds quotes and a comma
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""คลิก"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    const searched = new TextDecoder().decode(
      await (await app.request(`/api/insights/questions.csv?search=${encodeURIComponent('หอพัก')}`, { cookie: admin })).arrayBuffer(),
    );
    expect(searched.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(searched).toContain('ไม่ตอบเรื่องวันจ่าย');
  });
});

describe('access', () => {
  test('every insights route: a guest gets 401, a user 403', async () => {
    const user = (await app.signIn('nok@example.ac.th')).cookie;
    for (const path of ['/api/insights/summary', '/api/insights/questions', '/api/insights/groups', '/api/insights/questions.csv']) {
      expect((await app.request(path)).status).toBe(401);
      expect((await app.request(path, { cookie: user })).status).toBe(403);
    }
  });
});
