// GET /api/openapi.json: OpenAPI 3.1, generated from the routes' own request and response schemas (the
// contracts/ schemas they declare), so the document cannot drift from what the server checks.
//
// @elysiajs/openapi's `toOpenAPISchema` turns the routes into paths; its `openapi()` plugin is not used: it
// serves a docs page from a CDN (the CSP forbids that), its spec route declares no `access`, and what it
// cannot see needs adding here: request bodies our guard's parser reads (it leaves their content empty),
// SSE answers, the error envelope, who may call a route, and which routes the spec fixes (`x-spec`).
import { Elysia, type AnyElysia } from 'elysia';
import { toOpenAPISchema, unwrapSchema } from '@elysiajs/openapi/openapi';
import type { AppContext } from './context';
import { accessOf, guards } from './http/guards';
import { APP_VERSION } from '../modules/health/service';
import { OpenApiDocument } from '../contracts/openapi';
import { errorEnvelope } from '../contracts/envelope';
import { NOT_JSON_RESPONSES, SPEC_ROUTES, SSE_ROUTES, STREAMED_BODIES, STREAMED_JSON_BODIES } from './openapi-routes';
import { openApiPage } from './openapi-page';
import { SECURITY_HEADERS } from '../web/render';

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; requestBody?: { content?: Record<string, unknown> } & Json; tags?: string[] };

/**
 * The paths the document covers: the JSON API and the operational endpoints. Not the pages, nor /dev-oidc/*
 * (the demo provider's own OpenID protocol, described by its discovery document).
 */
const DOCUMENTED = /^\/(api|ai-api)\/|^\/(healthz|metrics|auth\/logout)$/;
export const isDocumentedPath = (path: string) => DOCUMENTED.test(path);
const UNDOCUMENTED = /^\/(?!api\/|ai-api\/|healthz$|metrics$|auth\/logout$)/;

const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/** contracts/envelope.ts's refusal, as plain JSON Schema (a TypeBox schema is one; its symbols drop out). */
const ERROR_ENVELOPE = JSON.parse(JSON.stringify(errorEnvelope({})));

const ASSISTANT = new Set(['chat', 'cancel', 'draft', 'generate-title', 'drafts', 'templates']);

/** The operation's group: the first path segment after /api ('files', 'conversations', …). */
function groupOf(path: string): string {
  const [top, second = ''] = path.split('/').filter(Boolean);
  if ((top !== 'api' && top !== 'ai-api') || second === 'openapi.json' || second === 'docs') return 'operations';
  return ASSISTANT.has(second) ? 'assistant' : second;
}

const hasFiles = (schema: unknown) => {
  const props = (schema as { properties?: Json } | null)?.properties ?? {};
  return 'files' in props || 'files[]' in props;
};

function complete(op: Operation, path: string, key: string, access: string | undefined, body: unknown): void {
  op.tags = [groupOf(path), ...(SPEC_ROUTES.has(key) ? ['spec'] : [])];
  if (SPEC_ROUTES.has(key)) op['x-spec'] = true;
  // a route without `access` (the operational endpoints) lets anyone in, like 'public'
  op['x-access'] = access ?? 'public';
  if (access && access !== 'public') op.security = [{ session: [] }, { bearer: [] }];
  if (path.startsWith('/ai-api/')) op.description = `The same as ${path.replace('/ai-api/', '/api/')}, for the spec's guest client behind a local proxy.`;
  const streamed = STREAMED_BODIES[key];
  if (streamed) op.requestBody = { required: true, content: { 'multipart/form-data': { schema: streamed } } };
  else if (STREAMED_JSON_BODIES[key]) op.requestBody = { required: true, content: { 'application/json': { schema: STREAMED_JSON_BODIES[key] } } };
  // Our guard's body parser is a function the generator cannot read, so it leaves the content empty:
  // the body is JSON, and may be multipart when it carries files.
  else if (body && Object.keys(op.requestBody?.content ?? {}).length === 0) {
    const schema = unwrapSchema(body as never, undefined, 'input', '3.1.0');
    op.requestBody = { required: true, content: { 'application/json': { schema }, ...(hasFiles(schema) ? { 'multipart/form-data': { schema } } : {}) } };
  }
  op.responses ??= {};
  const notJson = NOT_JSON_RESPONSES[key];
  if (notJson) Object.assign(op.responses, notJson);
  const sse = SSE_ROUTES[key];
  if (sse) {
    op.responses['200'] ??= { description: 'OK' };
    const ok = op.responses['200'] as Json & { content?: Record<string, unknown> };
    ok.content = { ...(ok.content ?? {}), 'text/event-stream': { schema: { type: 'string' } } };
    ok.description = `JSON without \`Accept: text/event-stream\`; with it, SSE: ${sse}`;
  }
  for (const [status, response] of Object.entries(op.responses)) {
    if (!response.description || /^Response for status/.test(String(response.description))) response.description = status === '200' ? 'OK' : `Status ${status}`;
  }
  op.responses.default = {
    description: 'Refused or failed: the error envelope, with the HTTP status of its code',
    content: { 'application/json': { schema: ERROR_REF } },
  };
}

/** Builds the document from the app's registered routes. */
export function buildOpenApi(app: AnyElysia, publicUrl: string): OpenApiDocument {
  const routes = app.routes.filter((r) => isDocumentedPath(r.path));
  const generated = toOpenAPISchema(app, { staticFile: false, paths: [UNDOCUMENTED] }, undefined, undefined, '3.1.0');
  const paths: Record<string, Record<string, Operation>> = {};
  for (const r of routes) {
    const openPath = r.path.replace(/:([^/]+)/g, '{$1}');
    const method = r.method.toLowerCase();
    const op = (generated.paths as Record<string, Record<string, Operation>>)[openPath]?.[method];
    if (!op) continue;
    complete(op, openPath, `${r.method} ${r.path}`, accessOf(r.hooks), (r.hooks as { body?: unknown }).body);
    paths[openPath] = { ...paths[openPath], [method]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ask-Reg API',
      version: APP_VERSION,
      description:
        "Generated from the routes' schemas. Operations tagged `spec` (`x-spec: true`) are fixed by the shared specification (chat.md §7, console.md §7): their paths, payloads and texts do not change. `x-access` says who may call an operation (public, signedIn, user, admin). Prose: docs/api.md.",
    },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      schemas: { ...generated.components.schemas, ErrorEnvelope: ERROR_ENVELOPE },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'askreg_session' },
        bearer: { type: 'http', scheme: 'bearer', description: 'the token /api/auth/callback returns' },
      },
    },
  };
}

/** The document's routes: public like /healthz, built once on first request (routes do not change after start). */
export function openApiRoute(ctx: AppContext, app: AnyElysia) {
  let built: OpenApiDocument | null = null;
  const document = () => (built ??= buildOpenApi(app, ctx.config.publicUrl));
  return new Elysia({ name: 'openapi', seed: ctx.id })
    .use(guards(ctx))
    .get('/api/openapi.json', document, { access: 'public', response: { 200: OpenApiDocument } })
    .get('/api/docs', () => new Response(openApiPage(document()), { headers: { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' } }), {
      access: 'public',
    });
}
