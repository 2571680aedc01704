import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { DEFAULT_FALLBACK_MESSAGE, getPreferences } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const json = async (r: Response) => (await r.json()) as any;

describe('preferences (console.md §2 settings)', () => {
  test('one row is seeded at start-up with a random id and the default 30% fallback', async () => {
    const a = await json(await app.request('/api/preferences/get'));
    const b = await json(await app.request('/api/preferences'));
    expect(a.data.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.data.data).toMatchObject({
      fallback_message: DEFAULT_FALLBACK_MESSAGE,
      FallbackMessage: DEFAULT_FALLBACK_MESSAGE,
      high_threshold: 80,
      low_threshold: 30,
    });
    expect(b.data.id).toBe(a.data.data.id);
    expect((await json(await app.request(`/api/preferences/${b.data.id}`))).data.id).toBe(b.data.id);
    expect((await app.request('/api/preferences/nope')).status).toBe(404);
    const other = await createTestApp();
    expect((await getPreferences(other.ctx)).id).not.toBe(b.data.id);
    await other.close();
  });

  test('only admins update; invalid values are refused; a valid change is visible at once', async () => {
    const { id } = await getPreferences(app.ctx);
    const user = await app.signIn('u@example.ac.th', 'user');
    const admin = await app.signIn('a@example.ac.th', 'admin', { firstname: 'สมชาย', lastname: 'ใจดี' });
    const patch = (body: unknown, cookie = admin.cookie) => app.request(`/api/preferences/${id}/update`, { method: 'PATCH', json: body, cookie });
    expect((await app.request(`/api/preferences/${id}/update`, { method: 'PATCH', json: { fallback_message: 'x' } })).status).toBe(401);
    expect((await patch({ fallback_message: 'x' }, user.cookie)).status).toBe(403);
    expect((await patch({ fallback_message: '   ' })).status).toBe(400);
    expect((await patch({ high_threshold: 101 })).status).toBe(400);
    expect((await patch({ low_threshold: 12.5 })).status).toBe(400);
    expect((await patch({ low_threshold: 80 })).status).toBe(400); // low must stay below high
    expect((await patch({ high_threshold: 20 })).status).toBe(400);
    // control and bidi characters are stripped, not stored (issue 34 finding 10)
    expect((await patch({ fallback_message: 'ติดต่อ\u202eกอง\u0000', general_contact: 'โทร\u2066 1234\u0007' })).status).toBe(200);
    expect(await getPreferences(app.ctx)).toMatchObject({ fallbackMessage: 'ติดต่อกอง', generalContact: 'โทร 1234' });
    const ok = await patch({
      fallback_message: '  โปรดติดต่อกองพัฒนานักศึกษา  ',
      high_threshold: 70,
      low_threshold: 20,
      updated_by: 'system',
      updated_by_name: 'Admin',
    });
    expect(ok.status).toBe(200);
    const now = (await json(await app.request('/api/preferences/get', { cookie: admin.cookie }))).data.data;
    expect(now).toMatchObject({
      fallback_message: 'โปรดติดต่อกองพัฒนานักศึกษา',
      high_threshold: 70,
      low_threshold: 20,
      updated_by: admin.userId,
      updated_by_name: 'สมชาย ใจดี',
    });
    // guests and users see the behaviour, not who changed it
    const seenByGuest = (await json(await app.request('/api/preferences/get'))).data.data;
    expect(seenByGuest).toMatchObject({ fallback_message: 'โปรดติดต่อกองพัฒนานักศึกษา', updated_by: '', updated_by_name: '' });
    expect((await patch({ fallback_message: 'x' }, admin.cookie)).status).toBe(200);
    expect(
      (await app.request(`/api/preferences/${id}/update`, { method: 'PATCH', json: {}, cookie: admin.cookie, headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(403);
  });
});
