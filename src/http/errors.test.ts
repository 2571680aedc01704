import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { AppError, errorBody, notFound } from './errors';
import { errorPlugin } from './error-plugin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error envelope', () => {
  test('AppError maps to the spec envelope with its status', () => {
    const e = notFound('Document not found');
    expect(e.status).toBe(404);
    expect(errorBody(e)).toEqual({ status: 'error', message: 'Document not found', code: 'not_found' });
  });

  test('unknown API paths answer the JSON envelope with 404', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', message: 'Not found', code: 'not_found' });
  });

  test('unexpected errors become a 500 envelope without a stack trace', async () => {
    const app = new Elysia().use(errorPlugin(t.ctx)).get('/boom', () => {
      throw new Error('secret internals at /src/x.ts:12');
    });
    const res = await app.handle(new Request('http://localhost/boom'));
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('secret internals');
    expect(body).not.toContain('.ts:');
    expect(JSON.parse(body).status).toBe('error');
  });

  test('validation failures are 400 with a clear message', async () => {
    const { t: tt } = await import('elysia');
    const app = new Elysia().use(errorPlugin(t.ctx)).post('/v', ({ body }) => body, { body: tt.Object({ name: tt.String({ maxLength: 3 }) }) });
    const res = await app.handle(
      new Request('http://localhost/v', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"toolong"}' }),
    );
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.status).toBe('error');
    expect(json.code).toBe('validation');
    expect(json.message).toContain('name');
  });

  test('thrown AppError keeps its own status', async () => {
    const app = new Elysia().use(errorPlugin(t.ctx)).get('/c', () => {
      throw new AppError('conflict', 'in use');
    });
    const res = await app.handle(new Request('http://localhost/c'));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('in use');
  });
});
