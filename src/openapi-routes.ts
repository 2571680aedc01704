// What the OpenAPI generator (src/openapi.ts) cannot read from the routes' schemas: which routes the shared
// spec fixes, which answer SSE, what non-JSON routes send, and the multipart bodies read as streams.
// tests/openapi.test.ts checks each entry names a registered route and SPEC_ROUTES against the spec's tables.

/** `METHOD /path` (Elysia's `:param` form) of the spec's calls: chat.md §7, console.md §7. */
export const SPEC_ROUTES = new Set([
  'GET /api/profile/me',
  'GET /api/auth/login',
  'GET /api/auth/logout',
  'GET /api/auth/callback',
  'GET /api/preferences/get',
  'GET /api/preferences',
  'GET /api/preferences/:id',
  'PATCH /api/preferences/:id/update',
  'POST /api/conversations/create',
  'PATCH /api/conversations/:id/details/:detailId',
  'POST /api/conversations/:id/query',
  'GET /api/conversations/:id/messages',
  'PATCH /api/conversations/:id/topic/rename',
  'GET /api/conversations/topics',
  'DELETE /api/conversations/:id/delete',
  'POST /api/chat',
  'POST /ai-api/chat',
  'POST /api/cancel',
  'POST /api/generate-title',
  'POST /api/draft',
  'POST /api/files/upload',
  'GET /api/files/get/all',
  'GET /api/files/:id/get',
  'PATCH /api/files/:id/update',
  'PATCH /api/files/:id/status',
  'DELETE /api/files/:id/delete',
  'POST /api/extract',
  'POST /api/extract/ocr',
  'POST /api/categories/create',
  'GET /api/categories/get/all',
  'PATCH /api/categories/:id',
  'DELETE /api/categories/:id',
]);

const ANSWER_EVENTS = '`meta {connection_id}`, `token {text}`…, then `done` (the JSON body) or `error {code, message}` (contracts/sse.ts).';
const TURN_EVENTS = "`meta {connection_id, conversationDetailId}`, `token {text}`…, then `done` (the JSON body's `data`) or `error {code, message}`.";
const EXTRACT_EVENTS = '`progress {phase, done, total}`…, then `result` (the JSON body, a refusal included).';

/** Routes that answer SSE with `Accept: text/event-stream` (and JSON without it). */
export const SSE_ROUTES: Record<string, string> = {
  'POST /api/chat': ANSWER_EVENTS,
  'POST /ai-api/chat': ANSWER_EVENTS,
  'POST /api/draft': ANSWER_EVENTS,
  'POST /ai-api/draft': ANSWER_EVENTS,
  'POST /api/conversations/:id/details/:detailId/answer': TURN_EVENTS,
  'POST /api/conversations/:id/details/:detailId/draft': TURN_EVENTS,
  'POST /api/extract': EXTRACT_EVENTS,
  'POST /api/extract/ocr': EXTRACT_EVENTS,
};

const docx = { 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: { type: 'string', contentEncoding: 'binary' } } };
const redirect = (status: string, to: string) => ({ [status]: { description: `Redirect to ${to}`, headers: { location: { schema: { type: 'string' } } } } });

/** Responses of the routes that send no JSON body: files, redirects, the SSE-only progress, metrics. */
export const NOT_JSON_RESPONSES: Record<string, Record<string, Record<string, unknown>>> = {
  'GET /api/docs': { 200: { description: 'This document as one HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
  'GET /metrics': {
    200: { description: 'Prometheus text format (METRICS_ENABLED; this machine or METRICS_TOKEN)', content: { 'text/plain': { schema: { type: 'string' } } } },
  },
  'GET /api/auth/login': redirect('302', 'the identity provider (or /auth/callback with the reason when it is unreachable)'),
  'GET /auth/logout': redirect('303', "the IdP's end_session_endpoint when it offers one, else /landing"),
  'GET /api/files/:id/progress': {
    200: {
      description: 'SSE: `progress {stage, done, total, message?}` until `ready` or `failed`',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
  },
  'GET /api/files/:id/download': {
    200: {
      description: 'The original file, Content-Disposition with its display name',
      content: { 'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } } },
    },
  },
  'GET /api/files/:id/pages/:page/image': {
    200: {
      description: 'One page of the document as WebP (≤ 250 KB) for the viewer, cached per file version',
      content: { 'image/webp': { schema: { type: 'string', contentEncoding: 'binary' } } },
    },
  },
  'GET /api/insights/questions.csv': {
    200: { description: 'The filtered question list, UTF-8 with BOM, formula-safe cells', content: { 'text/csv': { schema: { type: 'string' } } } },
  },
  'GET /api/drafts/:id/download': { 200: { description: 'The draft as DOCX', content: docx } },
  'GET /ai-api/drafts/:id/download': { 200: { description: 'The draft as DOCX', content: docx } },
  'GET /api/templates/:type/download': { 200: { description: 'The blank template as DOCX', content: docx } },
  'GET /ai-api/templates/:type/download': { 200: { description: 'The blank template as DOCX', content: docx } },
};

const file = { type: 'string', contentEncoding: 'binary' };

/** Multipart bodies the routes read as a stream (parse: 'none'), so they declare no body schema. */
export const STREAMED_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/files/upload': {
    type: 'object',
    required: ['file', 'data'],
    properties: { file, data: { type: 'string', description: 'JSON: {fileName, description, category, isActive, fallbackContact, contents}' } },
  },
  'POST /api/files/:id/replace': {
    type: 'object',
    required: ['file', 'data'],
    properties: { file, data: { type: 'string', description: "JSON like the upload; blank fields keep the document's" } },
  },
  'POST /api/extract': { type: 'object', required: ['file'], properties: { file, ocr: { type: 'string', enum: ['force'] } } },
  'POST /api/extract/ocr': { type: 'object', required: ['file'], properties: { file } },
};

/** JSON bodies a route streams to a parse worker (parse: 'none'), so it declares no body schema. */
export const STREAMED_JSON_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/files/similar': {
    type: 'object',
    required: ['contents'],
    additionalProperties: false,
    properties: { contents: { type: 'string', maxLength: 20_000_000 }, except: { type: 'string', maxLength: 64 } },
  },
};
