// The whole app on a real Postgres (issue 36 step 1): the server entry with DATABASE_URL=postgres://…, over HTTP only.
// It migrates the empty database, loads the demo library, lets an admin sign in through the built-in demo provider,
// takes an upload, indexes it, and answers a signed-in user's saved question and a guest's with a reference to it.
// Skipped, with a message, only when the `postgresql` package is absent; .ci/run installs it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { openContext, type AppContext } from '../../src/context';
import { catalogSignature } from '../../modules/documents/catalog';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { startTestServer, type TestServer } from '../helpers/server';
import { oidcSignIn } from '../helpers/oidc';
import { run as adminCli } from '../../scripts/admin';
import { until } from './wait';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

const RULE = 'ข้อ ๙ นักศึกษาที่ประสงค์จะขอใช้ลานกิจกรรมกลางในวันหยุดราชการ ต้องยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วันทำการ';
const QUESTION = 'ขอใช้ลานกิจกรรมกลางในวันหยุดราชการต้องยื่นคำขอล่วงหน้ากี่วัน';

describe.skipIf(unavailable !== null)('the app on Postgres, over HTTP', () => {
  let pg: TestPostgres;
  let server: TestServer;
  let other: AppContext;
  /** the document the upload test added */
  let uploadedId = '';
  beforeAll(async () => {
    pg = await startPostgres();
    server = await startTestServer({ DATABASE_URL: pg.url, DEMO_LIBRARY: 'true', ADMIN_EMAILS: 'boss@demo.ac.th', CHAT_RATE_PER_MINUTE: '1000' });
    // a second instance's view of the same database (its own DATA_DIR), as another server behind the load balancer
    other = await openContext({ ...server.ctx.config, dataDir: `${server.ctx.config.dataDir}-other` });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    if (other) rmSync(other.config.dataDir, { recursive: true, force: true });
    await server?.close();
    await pg?.stop();
  });

  async function call(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
    const res = await server.request(path, init);
    const body = (await res.json()) as { status: string; data?: any; message?: string };
    return { status: res.status, body, data: body.data };
  }
  const signIn = async (email: string) => (await oidcSignIn({ request: server.request, publicUrl: server.ctx.config.publicUrl }, email)).cookie;

  test('it runs on Postgres: migrated, the demo library loaded and listed on the landing page', async () => {
    expect(server.ctx.dialect).toBe('postgres');
    const health = await call('/healthz');
    expect(health.status).toBe(200);
    // the demo documents are indexed by the elected index writer, as any upload: listed once ready
    await until('the demo library indexed', async () => (await (await server.request('/landing')).text()).includes('ตัวอย่าง ประกาศค่าธรรมเนียมการศึกษา'));
  }, 30_000);

  test('an admin signed in with the demo provider uploads a document; a user and a guest are answered from it with a reference', async () => {
    const admin = await signIn('boss@demo.ac.th');
    const seenBefore = await catalogSignature(other);
    const category = await call('/api/categories/create', { cookie: admin, json: { categoryName: 'สถานที่' } });
    expect(category.status).toBe(200);
    const upload = { fileName: 'ประกาศการใช้ลานกิจกรรมกลาง', contents: RULE, category: category.data.id };
    const { body, headers } = multipartBody('ลานกิจกรรม.pdf', fixture('regulation.pdf'), upload);
    const uploaded = await call('/api/files/upload', { method: 'POST', cookie: admin, headers, body });
    expect([uploaded.status, uploaded.body.message]).toEqual([200, undefined]);
    const id = uploaded.data.fileId as string;
    uploadedId = id;
    let status = '';
    for (let i = 0; i < 600 && status !== 'ready'; i++) {
      status = (await call(`/api/files/${id}/get`, { cookie: admin })).data.status;
      if (status === 'failed') throw new Error('indexing failed');
      if (status !== 'ready') await Bun.sleep(50);
    }
    expect(status).toBe('ready');
    // another instance on the same database sees the catalogue change at its next look
    expect(await catalogSignature(other)).not.toBe(seenBefore);
    const listed = await call('/api/files/get/all?search=ลานกิจกรรม', { cookie: admin });
    expect(listed.data.map((d: { fileId: string }) => d.fileId)).toEqual([id]);

    const user = await signIn('nok@demo.ac.th');
    const created = await call('/api/conversations/create', { cookie: user, json: { query: QUESTION } });
    expect(created.status).toBe(200);
    const { conversationId, conversationDetailId } = created.data;
    const answered = await call(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      cookie: user,
      json: { show_regulation: true },
    });
    expect(answered.status).toBe(200);
    expect(answered.data.fallback).toBe(false);
    expect(answered.data.text).toContain('๗ วันทำการ');
    const record = (await call(`/api/conversations/${conversationId}/messages`, { cookie: user })).data.records.at(-1);
    expect(record).toMatchObject({ status: 'complete', response: answered.data.text });
    expect(record.references.map((r: { documentId: string }) => r.documentId)).toContain(id);

    const guest = await call('/api/chat', { json: { message: QUESTION, show_regulation: true } });
    expect(guest.status).toBe(200);
    const reply = guest.body as unknown as { fallback: boolean; references: { documentId: string }[] };
    expect(reply.fallback).toBe(false);
    expect(reply.references.map((r) => r.documentId)).toContain(id);
  }, 120_000);

  test('the admin command line works on the same database: a right it grants holds for the signed-in person', async () => {
    const dean = await signIn('dean@demo.ac.th');
    expect((await call('/api/files/get/all', { cookie: dean })).status).toBe(403);
    const env = { NODE_ENV: 'test', DATABASE_URL: pg.url, DATA_DIR: other.config.dataDir };
    const granted = await adminCli(['grant', 'dean@demo.ac.th', '--position', 'รองคณบดี'], env);
    expect([granted.code, granted.out]).toEqual([0, expect.stringContaining('granted')]);
    expect((await adminCli(['list', 'dean'], env)).out).toContain('dean@demo.ac.th');
    expect((await call('/api/files/get/all', { cookie: dean })).status).toBe(200);
  });

  test('the console and the viewer answer on Postgres: every page and read route an admin opens, then the demo library removed', async () => {
    const admin = await signIn('boss@demo.ac.th');
    const id = uploadedId;
    expect(id).not.toBe('');
    const paths = [
      '/admin/management',
      '/admin/management/insights',
      '/admin/management/access',
      '/admin/management/setting',
      `/admin/management/view/${id}`,
      `/admin/management/edit/${id}`,
      '/admin/chat',
      `/documents/${id}/view?page=1`,
      '/api/admins',
      '/api/categories/get/all',
      '/api/conversations/topics',
      `/api/files/${id}/get`,
      `/api/files/${id}/versions`,
      `/api/files/${id}/download`,
      `/api/files/${id}/view?page=1&from=${encodeURIComponent('ข้อ ๙')}`,
      `/api/files/${id}/pages/1/image`,
      '/api/files/demo',
      '/api/insights/summary',
      '/api/insights/groups',
      '/api/insights/questions',
      '/api/insights/questions.csv',
      '/api/preferences/get',
      '/api/profile/me',
      '/api/synonyms',
    ];
    const answered: string[] = [];
    for (const path of paths) answered.push(`${path} ${(await server.request(path, { cookie: admin })).status}`);
    expect(answered).toEqual(paths.map((p) => `${p} 200`));
    const similar = await call('/api/files/similar', { cookie: admin, json: { contents: RULE } });
    expect(similar.data.map((d: { fileId: string }) => d.fileId)).toContain(id);
    const off = await call(`/api/files/${id}/status`, { method: 'PATCH', cookie: admin, json: { isActive: false } });
    expect(off.status).toBe(200);
    const guest = (await call('/api/chat', { json: { message: QUESTION, show_regulation: true } })).body as unknown as { references: { documentId: string }[] };
    expect(guest.references.map((r) => r.documentId)).not.toContain(id);
    expect((await call('/api/files/demo', { method: 'DELETE', cookie: admin })).data).toEqual({ removed: 3 });
    expect((await call('/api/files/demo', { cookie: admin })).data).toEqual({ count: 0 });
  }, 120_000);
});
