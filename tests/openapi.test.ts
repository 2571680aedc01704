// GET /api/openapi.json (issue 20 item 4): generated from the routes' schemas, every API route in it with its
// responses, the spec's routes marked; and real answers of the main routes checked against the document's
// own schemas with a JSON Schema validator (ajv, draft 2020-12 as OpenAPI 3.1 uses).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { createTestApp, type TestApp } from './helpers/server';
import { isDocumentedPath } from '../src/openapi';
import { NOT_JSON_RESPONSES, SPEC_ROUTES, SSE_ROUTES, STREAMED_BODIES } from '../src/openapi-routes';
import { addRegulation } from '../modules/assistant/test-corpus';

type Json = Record<string, any>;
let h: TestApp;
let doc: Json;
let ajv: Ajv2020;

beforeAll(async () => {
  h = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(h.ctx);
  const res = await h.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
  ajv = new Ajv2020({ strict: false, allErrors: true, formats: { binary: true, integer: true } });
  ajv.addSchema(doc, 'openapi');
});
afterAll(() => h?.close());

const openPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The document's schema for one answer: the status's own, else `default` (the error envelope). */
function validatorFor(method: string, path: string, status: number) {
  const responses = doc.paths[openPath(path)]?.[method.toLowerCase()]?.responses ?? {};
  const key = String(status) in responses ? String(status) : 'default';
  expect(responses[key]?.content?.['application/json']?.schema).toBeDefined();
  const validate = ajv.getSchema(
    `openapi#/${pointer('paths', openPath(path), method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`,
  );
  if (!validate) throw new Error(`no schema for ${method} ${path} ${key}`);
  return validate;
}

/** Sends the request and checks its JSON answer against the document. */
async function conforms(method: string, path: string, url: string, init: Parameters<TestApp['request']>[1] = {}) {
  const res = await h.request(url, { ...init, method });
  const body = await res.json();
  const validate = validatorFor(method, path, res.status);
  expect({ status: res.status, valid: validate(body), errors: validate.errors ?? null }).toMatchObject({ valid: true, errors: null });
  return { status: res.status, body };
}

describe('the document', () => {
  test('is OpenAPI 3.1, public, and lists every registered API route with its responses and who may call it', () => {
    expect(doc.openapi).toBe('3.1.0');
    const api = h.app.routes.filter((r) => isDocumentedPath(r.path));
    expect(api.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const r of api) {
      const op = doc.paths[openPath(r.path)]?.[r.method.toLowerCase()];
      const key = `${r.method} ${r.path}`;
      if (!op) {
        missing.push(`${key}: not in the document`);
        continue;
      }
      const answers = Object.entries(op.responses ?? {}).filter(([status]) => status !== 'default') as Array<[string, Json]>;
      // a JSON route has its 200 schema; the others say what they send (a file, a redirect, a stream)
      const described = answers.some(([status, a]) => a.content?.['application/json']?.schema || (a.content && status === '200') || /^3/.test(status));
      if (!described) missing.push(`${key}: no response schema`);
      if (!op['x-access']) missing.push(`${key}: no x-access`);
      if (!op.responses.default) missing.push(`${key}: no error envelope`);
    }
    expect(missing).toEqual([]);
    // pages are not API operations
    expect(doc.paths['/admin/management']).toBeUndefined();
    expect(doc.paths['/api/openapi.json'].get['x-access']).toBe('public');
    expect(doc.paths['/api/files/get/all'].get['x-access']).toBe('admin');
    expect(doc.paths['/api/files/get/all'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/conversations/topics'].get['x-access']).toBe('signedIn');
  });

  test('every schema in it compiles as JSON Schema 2020-12', () => {
    const bad: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Json))
      for (const [method, op] of Object.entries(ops as Json)) {
        const at: string[][] = [
          ...Object.entries((op as Json).responses ?? {}).flatMap(([status, r]: [string, any]) =>
            Object.keys(r.content ?? {}).map((type) => ['responses', status, 'content', type, 'schema']),
          ),
          ...Object.keys((op as Json).requestBody?.content ?? {}).map((type) => ['requestBody', 'content', type, 'schema']),
          ...((op as Json).parameters ?? []).map((_: unknown, i: number) => ['parameters', String(i), 'schema']),
        ];
        for (const where of at) {
          try {
            if (!ajv.getSchema(`openapi#/${pointer('paths', path, method, ...where)}`)) bad.push(`${method} ${path} ${where.join('.')}: missing`);
          } catch (e) {
            bad.push(`${method} ${path} ${where.join('.')}: ${(e as Error).message}`);
          }
        }
      }
    expect(bad).toEqual([]);
  });

  test('request bodies are described, JSON or multipart with files', () => {
    const chat = doc.paths['/api/chat'].post.requestBody.content;
    expect(Object.keys(chat).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(chat['application/json'].schema.properties.message.maxLength).toBe(100_000);
    expect(Object.keys(doc.paths['/api/categories/create'].post.requestBody.content)).toEqual(['application/json']);
    expect(doc.paths['/api/files/upload'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file', 'data']);
    expect(doc.paths['/api/files/get/all'].get.parameters.map((p: Json) => p.name)).toContain('cursor');
  });

  test("the spec's routes are marked; SSE answers are described beside their JSON", () => {
    expect(doc.paths['/api/chat'].post['x-spec']).toBe(true);
    expect(doc.paths['/api/chat'].post.tags).toContain('spec');
    expect(doc.paths['/api/conversations/{id}/details/{detailId}/answer'].post['x-spec']).toBeUndefined();
    expect(Object.keys(doc.paths['/api/chat'].post.responses['200'].content)).toEqual(['application/json', 'text/event-stream']);
    expect(doc.paths['/api/extract'].post.responses['415'].content['application/json'].schema.required).toContain('metadata');
  });

  test('the tables beside the generator name registered routes only', () => {
    const registered = new Set(h.app.routes.map((r) => `${r.method} ${r.path}`));
    const keys = [...SPEC_ROUTES, ...Object.keys(SSE_ROUTES), ...Object.keys(NOT_JSON_RESPONSES), ...Object.keys(STREAMED_BODIES)];
    expect(keys.filter((k) => !registered.has(k))).toEqual([]);
  });

  // The shared spec's call tables (chat.md §7, console.md §7) are the source of the marks.
  const SPEC = join(import.meta.dir, '..', '..', 'shared', 'spec');
  test.skipIf(!existsSync(SPEC))("SPEC_ROUTES are exactly the calls in the spec's tables", () => {
    const text = ['chat.md', 'console.md'].map((f) => readFileSync(join(SPEC, f), 'utf8')).join('\n');
    const found = new Set<string>();
    for (const m of text.matchAll(/\b(GET|POST|PATCH|PUT|DELETE) (?:\{backend\})?(\/(?:ai-)?api\/[A-Za-z0-9/_{}.-]*[A-Za-z0-9_}])/g))
      found.add(`${m[1]} ${m[2]!.replace(/\{([^}]+)\}/g, ':$1')}`);
    if (/proxied \/ai-api\/chat/.test(text)) found.add('POST /ai-api/chat');
    expect([...SPEC_ROUTES].sort()).toEqual([...found].sort());
  });
});

describe('the docs page', () => {
  test("GET /api/docs is the document as one HTML page of the app's own: no script, the app's CSP", async () => {
    const res = await h.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('GET /api/conversations/{id}/messages');
    expect(html.match(/<mark>spec<\/mark>/g)?.length).toBe(SPEC_ROUTES.size);
    expect(html).toContain('confidence_band: &quot;high&quot; | &quot;medium&quot; | &quot;low&quot;');
    expect(html).toContain('nextCursor: string | null');
  });
});

describe('real answers conform to the document', () => {
  test('/healthz and the preferences', async () => {
    await conforms('GET', '/healthz', '/healthz');
    await conforms('GET', '/api/preferences', '/api/preferences');
    await conforms('GET', '/api/preferences/get', '/api/preferences/get');
  });

  test('the console: categories and the library list (and a refusal as the error envelope)', async () => {
    const admin = await h.signIn('admin@example.ac.th', 'admin');
    const made = await conforms('POST', '/api/categories/create', '/api/categories/create', { cookie: admin.cookie, json: { categoryName: 'ระเบียบกิจกรรม' } });
    expect(made.status).toBe(200);
    const dup = await conforms('POST', '/api/categories/create', '/api/categories/create', { cookie: admin.cookie, json: { categoryName: 'ระเบียบกิจกรรม' } });
    expect(dup.status).toBe(409);
    const cats = await conforms('GET', '/api/categories/get/all', '/api/categories/get/all', { cookie: admin.cookie });
    expect(cats.body.data.length).toBe(1);
    const files = await conforms('GET', '/api/files/get/all', '/api/files/get/all?limit=5', { cookie: admin.cookie });
    expect(files.body.data.length).toBe(1);
    const guest = await conforms('GET', '/api/files/get/all', '/api/files/get/all');
    expect(guest.status).toBe(401);
  });

  test('/api/chat (JSON) and a saved conversation: create, topics, messages, profile', async () => {
    const chat = await conforms('POST', '/api/chat', '/api/chat', { json: { message: 'ต้องเสนอโครงการล่วงหน้ากี่วัน', show_regulation: true } });
    expect(chat.body.references.length).toBeGreaterThan(0);
    const user = await h.signIn('student@example.ac.th');
    await conforms('GET', '/api/profile/me', '/api/profile/me', { cookie: user.cookie });
    const made = await conforms('POST', '/api/conversations/create', '/api/conversations/create', {
      cookie: user.cookie,
      json: { query: 'ต้องเสนอโครงการล่วงหน้ากี่วัน' },
    });
    const { conversationId, conversationDetailId } = made.body.data;
    const answered = await conforms(
      'POST',
      '/api/conversations/:id/details/:detailId/answer',
      `/api/conversations/${conversationId}/details/${conversationDetailId}/answer`,
      {
        cookie: user.cookie,
        json: { show_regulation: true },
      },
    );
    expect(answered.body.data.conversationDetailId).toBe(conversationDetailId);
    await conforms('GET', '/api/conversations/topics', '/api/conversations/topics', { cookie: user.cookie });
    const page = await conforms('GET', '/api/conversations/:id/messages', `/api/conversations/${conversationId}/messages`, { cookie: user.cookie });
    expect(page.body.data.records[0].status).toBe('complete');
  });

  test('the check can fail: an answer missing a field, or with a wrong type, is refused', async () => {
    const validate = validatorFor('POST', '/api/chat', 200);
    const res = await h.request('/api/chat', { json: { message: 'ต้องเสนอโครงการล่วงหน้ากี่วัน' } });
    const body = await res.json();
    expect(validate(body)).toBe(true);
    const { fallback: _, ...withoutFallback } = body;
    expect(validate(withoutFallback)).toBe(false);
    expect(validate({ ...body, accuracy: 'high' })).toBe(false);
  });
});
