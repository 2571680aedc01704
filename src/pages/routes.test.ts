import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import * as sessionStore from '../../modules/auth/sessions';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { CONSOLE_PATHS } from './routes';
import { documents } from '../../tests/helpers/tables';
import { eq } from 'drizzle-orm';
import { Database } from 'bun:sqlite';
import { SQL } from 'bun';
import { th } from '../../web/strings/th';

let t: TestApp;
let user: string;
let admin: string;
let inactiveAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  user = (await t.signIn('student@uni.ac.th', 'user')).cookie;
  admin = (await t.signIn('admin@uni.ac.th', 'admin')).cookie;
  inactiveAdmin = (await t.signIn('former@uni.ac.th', 'admin', { adminActive: false })).cookie;
});
afterAll(() => t.close());

const location = (r: Response) => r.headers.get('location');
const consolePaths = CONSOLE_PATHS.map((p) => p.replace(':fileid', 'abc'));

describe('role redirects', () => {
  test('/ redirects by session', async () => {
    expect(location(await t.request('/'))).toBe('/landing');
    expect(location(await t.request('/', { cookie: user }))).toBe('/user/chat');
    expect(location(await t.request('/', { cookie: admin }))).toBe('/admin/management');
    expect(location(await t.request('/', { cookie: inactiveAdmin }))).toBe('/user/chat');
  });

  test('console and admin chat: no session or a user → /login before any HTML', async () => {
    for (const p of [...consolePaths, '/admin/chat', '/admin/chat/x1']) {
      for (const cookie of [undefined, user, inactiveAdmin]) {
        const res = await t.request(p, { cookie });
        expect(res.status).toBe(302);
        expect(location(res)).toBe('/login');
        expect(await res.text()).toBe('');
      }
      const ok = await t.request(p, { cookie: admin });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/html');
    }
  });

  test('user chat is for users only; admins are turned away (chat.md §4)', async () => {
    for (const p of ['/user/chat', '/user/chat/abc']) {
      expect(location(await t.request(p))).toBe('/login');
      expect(location(await t.request(p, { cookie: admin }))).toBe('/login');
      expect((await t.request(p, { cookie: user })).status).toBe(200);
    }
  });

  test('a guarded page reads the session once: the guards macro reuses the caller of the global derive', async () => {
    const lookups = spyOn(sessionStore, 'resolveSession');
    try {
      for (const [p, cookie] of [
        ['/user/chat', user],
        ['/admin/management', admin],
        ['/admin/chat', user],
        ['/', admin],
      ] as const) {
        lookups.mockClear();
        await t.request(p, { cookie });
        expect({ p, lookups: lookups.mock.calls.length }).toEqual({ p, lookups: 1 });
      }
    } finally {
      lookups.mockRestore();
    }
  });

  test('public pages render for anyone', async () => {
    for (const p of ['/landing', '/login', '/guest/chat', '/auth/callback?code=a&state=b']) {
      const res = await t.request(p);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html.startsWith('<!DOCTYPE html><html lang="th">')).toBe(true);
    }
  });

  test('an empty guest message goes to plain /guest/chat', async () => {
    expect(location(await t.request('/guest/chat?message=%20%20'))).toBe('/guest/chat');
  });

  test('unknown paths get the 404 page with status 404', async () => {
    const res = await t.request('/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('Go Home');
    expect(html).toContain('Go Back');
  });

  test('landing has the spec parts', async () => {
    const html = await (await t.request('/landing')).text();
    for (const s of ['LOG IN', 'About', 'Documentation', 'How It Works', 'Supports', 'Contact Team', 'Privacy Policy', '3.0.0']) expect(html).toContain(s);
    expect(html).toContain('action="/guest/chat"');
  });

  test('landing lists active, indexed documents and follows library changes', async () => {
    const now = new Date();
    const row = {
      id: 'doc-landing-1',
      fileName: 'ระเบียบการจัดกิจกรรม <b>ทดสอบ</b>',
      rawFileName: 'a.pdf',
      fileType: 'pdf' as const,
      mimeType: 'application/pdf',
      fileSize: 10,
      storagePath: 'x/a.pdf',
      sha256: 'x',
      status: 'ready' as const,
      createdAt: now,
      updatedAt: now,
    };
    expect(await (await t.request('/landing')).text()).toContain('ยังไม่มีเอกสารในระบบ');
    await t.ctx.db.insert(documents).values(row);
    const html = await (await t.request('/landing')).text();
    expect(html).toContain('ระเบียบการจัดกิจกรรม &lt;b&gt;ทดสอบ&lt;/b&gt;');
    await t.ctx.db
      .update(documents)
      .set({ isActive: false, updatedAt: new Date(now.getTime() + 1) })
      .where(eq(documents.id, row.id));
    expect(await (await t.request('/landing')).text()).not.toContain('ระเบียบการจัดกิจกรรม');
    await t.ctx.db.delete(documents).where(eq(documents.id, row.id));
  });

  test('landing follows a library change committed by another process (the ingest CLI, another instance)', async () => {
    expect(await (await t.request('/landing')).text()).not.toContain('ระเบียบจากอีกโปรเซส');
    const insert = `INSERT INTO documents (id, file_name, raw_file_name, file_type, mime_type, file_size, storage_path, sha256, status, created_at, updated_at) VALUES ('doc-other-1', 'ระเบียบจากอีกโปรเซส', 'a.pdf', 'pdf', 'application/pdf', 10, 'x/b.pdf', 'x', 'ready'`;
    const target = t.ctx.config.database;
    if (target.kind === 'postgres') {
      // on Postgres another instance's commit: a connection of its own
      const other = new SQL(target.url, { max: 1 });
      await other.unsafe(`${insert}, now(), now())`);
      await other.close();
    } else {
      const other = new Database(t.ctx.paths.dbFile);
      const now = Date.now();
      other.run(`${insert}, ?, ?)`, [now, now]);
      other.close();
    }
    expect(await (await t.request('/landing')).text()).toContain('ระเบียบจากอีกโปรเซส');
    await t.ctx.db.delete(documents).where(eq(documents.id, 'doc-other-1'));
  });
});

describe('landing cache switch', () => {
  /** Renames a listed document without touching updated_at, a change the cache's signature cannot see. */
  async function landingAfterSilentRename(app: TestApp): Promise<string> {
    const now = new Date();
    const row = {
      id: 'doc-cache-1',
      fileName: 'ระเบียบเดิม',
      rawFileName: 'a.pdf',
      fileType: 'pdf' as const,
      mimeType: 'application/pdf',
      fileSize: 10,
      storagePath: 'x/a.pdf',
      sha256: 'x',
      status: 'ready' as const,
      createdAt: now,
      updatedAt: now,
    };
    await app.ctx.db.insert(documents).values(row);
    expect(await (await app.request('/landing')).text()).toContain('ระเบียบเดิม');
    await app.ctx.db.update(documents).set({ fileName: 'ระเบียบใหม่' }).where(eq(documents.id, row.id));
    return (await app.request('/landing')).text();
  }

  test('cached (default): rendered once per catalogue signature', async () => {
    expect(t.ctx.config.landingCache).toBe(true);
    expect(await landingAfterSilentRename(t)).toContain('ระเบียบเดิม');
    await t.ctx.db.delete(documents).where(eq(documents.id, 'doc-cache-1'));
  });

  test('the cached page goes gzipped to clients that accept it, as is to others', async () => {
    const plain = await t.request('/landing');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    const html = await plain.text();
    expect(html).toContain('<html');
    const zipped = await t.request('/landing', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(zipped.headers.get('content-security-policy')).toContain("default-src 'self'");
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(html) / 2);
    expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(html);
    const refused = await t.request('/landing', { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(html);
  });

  test('LANDING_CACHE=false renders every request', async () => {
    const uncached = await createTestApp({ LANDING_CACHE: 'false' });
    try {
      const html = await landingAfterSilentRename(uncached);
      expect(html).toContain('ระเบียบใหม่');
      expect(html).not.toContain('ระเบียบเดิม');
    } finally {
      await uncached.close();
    }
  });
});

describe('every page is sent gzipped to clients that accept it', () => {
  test('/login, /guest/chat, /auth/callback, the 404 page, user chat and the console: gzip when accepted, as is otherwise', async () => {
    const pages: Array<[string, string | undefined, number]> = [
      ['/login', undefined, 200],
      ['/guest/chat?message=%E0%B8%AA%E0%B8%A7%E0%B8%B1%E0%B8%AA%E0%B8%94%E0%B8%B5', undefined, 200],
      ['/auth/callback', undefined, 200],
      ['/no-such-page', undefined, 404],
      ['/user/chat', user, 200],
      ['/admin/management', admin, 200],
    ];
    for (const [path, cookie, status] of pages) {
      const plain = await t.request(path, { cookie });
      expect(plain.status).toBe(status);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('accept-encoding');
      const html = await plain.text();
      expect(html).toStartWith('<!DOCTYPE html>');
      const zipped = await t.request(path, { cookie, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(zipped.status).toBe(status);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(zipped.headers.get('content-security-policy')).toContain("default-src 'self'");
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      const unzipped = new TextDecoder().decode(Bun.gunzipSync(bytes));
      expect(unzipped).toStartWith('<!DOCTYPE html>');
      expect(unzipped).toContain('</html>');
      expect(bytes.length).toBeLessThan(Buffer.byteLength(unzipped) * 0.7);
    }
  });
});

describe('the landing header by session', () => {
  const header = async (cookie?: string) =>
    (await (await t.request('/landing', { cookie })).text()).match(/<header class="site-header">([\s\S]*?)<\/header>/)?.[1] ?? '';
  test('LOG IN for visitors only; a signed-in user gets a link to their chat, an admin to the console (each cached apart)', async () => {
    for (let round = 0; round < 2; round++) {
      const guest = await header();
      expect(guest).toContain('href="/login"');
      expect(guest).toContain(th.landing.login);
      const asUser = await header(user);
      expect(asUser).not.toContain(th.landing.login);
      expect(asUser).not.toContain('href="/login"');
      expect(asUser).toContain(`href="/user/chat"`);
      expect(asUser).toContain(th.landing.goToChat);
      const asAdmin = await header(admin);
      expect(asAdmin).not.toContain(th.landing.login);
      expect(asAdmin).toContain(`href="/admin/management"`);
      expect(asAdmin).toContain(th.landing.goToConsole);
    }
  });
});
