// What each registered route is supposed to allow. The authorization matrix walks `app.routes`, so a
// route missing here fails the suite, and a route not in PUBLIC that lets a guest in fails it too.
import type { PersonaName, World } from './world';

export type RouteClass = 'public' | 'signedIn' | 'admin' | 'publicPage' | 'userPage' | 'adminPage';

export interface RouteSpec {
  cls: RouteClass;
  /** path ids name one person's data: everyone else must get 404 */
  owned?: boolean;
  body?: (w: World, who: PersonaName) => unknown;
  /** a raw body (multipart) instead of JSON */
  raw?: () => { body: BodyInit; headers: Record<string, string> };
  /** the statuses an allowed call gives for the probe input (default 200): anything else, a 500 above all, fails */
  ok?: number[];
}

/** The only routes a guest may get a 2xx (or redirect into the app) from. */
export const PUBLIC = new Set([
  'GET /healthz',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /metrics',
  'GET /api/auth/login',
  'GET /api/auth/callback',
  'GET /api/auth/logout',
  'GET /auth/logout',
  'ALL /dev-oidc/*',
  'GET /api/preferences/get',
  'GET /api/preferences',
  'GET /api/preferences/:id',
  'GET /api/files/:id/download',
  'GET /api/files/:id/view',
  'GET /api/files/:id/pages/:page/image',
  'GET /documents/:id/view',
  'GET /',
  'GET /landing',
  'GET /login',
  'GET /auth/callback',
  'GET /guest/chat',
  'POST /api/questions/:id/feedback',
  ...['/api', '/ai-api'].flatMap((p) => [
    `POST ${p}/chat`,
    `POST ${p}/cancel`,
    `POST ${p}/generate-title`,
    `POST ${p}/draft`,
    `GET ${p}/drafts/:id/download`,
    `GET ${p}/templates/:type/download`,
  ]),
]);

const textFile = () => {
  const b = 'B0undary';
  const body = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\n\r\nhello\r\n--${b}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
};
const tag = () => crypto.randomUUID().slice(0, 6);

const assistant = (p: string): Record<string, RouteSpec> => ({
  [`POST ${p}/chat`]: { cls: 'public', body: () => ({ message: 'สวัสดี' }) },
  [`POST ${p}/cancel`]: { cls: 'public', body: () => ({ connection_id: 'nobody-here' }) },
  [`POST ${p}/generate-title`]: { cls: 'public', body: () => ({ user_message: 'ถาม', ai_response: 'ตอบ' }) },
  [`POST ${p}/draft`]: { cls: 'public', body: () => ({ brief: 'ร่างบันทึก', document_type: 'internal_memo', with_sources: false }) },
  [`GET ${p}/drafts/:id/download`]: { cls: 'public', owned: true },
  [`GET ${p}/templates/:type/download`]: { cls: 'public' },
});

export const ROUTES: Record<string, RouteSpec> = {
  'GET /healthz': { cls: 'public' },
  'GET /api/openapi.json': { cls: 'public' },
  'GET /api/docs': { cls: 'public' },
  'GET /metrics': { cls: 'public', ok: [404] }, // off unless METRICS_ENABLED
  'GET /api/admins': { cls: 'admin' },
  'POST /api/admins': { cls: 'admin', body: (w) => ({ email: w.spareEmail, position: 'เจ้าหน้าที่' }) },
  'PATCH /api/admins/status': { cls: 'admin', body: (w) => ({ email: w.spareEmail, isActive: true }) },
  'PATCH /api/admins/position': { cls: 'admin', body: (w) => ({ email: w.spareEmail, responsibility: 'งานทะเบียน' }) },
  // the second probe finds the spare person already a plain user
  'DELETE /api/admins': { cls: 'admin', body: (w) => ({ email: w.spareEmail }), ok: [200, 404] },
  'GET /api/auth/login': { cls: 'public', ok: [302] },
  'GET /api/auth/callback': { cls: 'public', ok: [400] }, // no code and state
  'GET /api/auth/logout': { cls: 'public' },
  'GET /auth/logout': { cls: 'public', ok: [303] }, // the browser sign-out: on to /landing (or the IdP's end-session)
  'ALL /dev-oidc/*': { cls: 'public', ok: [404] }, // the built-in provider; the probe's literal `*` is no endpoint of it
  'GET /api/profile/me': { cls: 'signedIn' },
  'GET /api/preferences/get': { cls: 'public' },
  'GET /api/preferences': { cls: 'public' },
  'GET /api/preferences/:id': { cls: 'public' },
  'PATCH /api/preferences/:id/update': { cls: 'admin', body: () => ({ fallback_message: 'ขออภัย ไม่พบคำตอบ' }) },
  ...assistant('/api'),
  ...assistant('/ai-api'),
  'POST /api/categories/create': { cls: 'admin', body: () => ({ categoryName: `หมวด ${tag()}` }) },
  'GET /api/categories/get/all': { cls: 'admin' },
  // the probe category holds the probe document: renaming or deleting it is a 409
  'PATCH /api/categories/:id': { cls: 'admin', body: () => ({ categoryName: `หมวดใหม่ ${tag()}` }), ok: [409] },
  'DELETE /api/categories/:id': { cls: 'admin', ok: [409] },
  // a .txt probe: extraction takes PDF and Word only (415); an upload without its metadata is a 400
  'POST /api/extract': { cls: 'admin', raw: textFile, ok: [415] },
  'POST /api/extract/ocr': { cls: 'admin', raw: textFile, ok: [415] },
  'POST /api/files/upload': { cls: 'admin', raw: textFile, ok: [400] },
  'GET /api/files/get/all': { cls: 'admin' },
  'GET /api/files/demo': { cls: 'admin' },
  'DELETE /api/files/demo': { cls: 'admin' },
  'GET /api/files/:id/get': { cls: 'admin' },
  'GET /api/files/:id/progress': { cls: 'admin' },
  'PATCH /api/files/:id/update': { cls: 'admin', body: () => ({ version: `2.${tag()}` }) },
  'PATCH /api/files/:id/status': { cls: 'admin', body: () => ({ isActive: true }) },
  'POST /api/files/:id/reindex': { cls: 'admin' },
  'DELETE /api/files/:id/delete': { cls: 'admin', ok: [200, 404] }, // the second probe finds it gone
  'GET /api/files/:id/download': { cls: 'public' },
  // the probe's document id is a text file: no page image (404), its page as text (200)
  'GET /api/files/:id/view': { cls: 'public', ok: [200, 404] },
  'GET /api/files/:id/pages/:page/image': { cls: 'public', ok: [200, 404] },
  // versions (issue 17 item 6): a .txt replacement is refused like a .txt upload
  'POST /api/files/:id/replace': { cls: 'admin', raw: textFile, ok: [400, 415] },
  'GET /api/files/:id/versions': { cls: 'admin' },
  'POST /api/files/similar': { cls: 'admin', body: () => ({ contents: 'ข้อ ๑ ข้อบังคับนี้เรียกว่าข้อบังคับทดสอบ' }) },
  'POST /api/conversations/create': { cls: 'signedIn', body: () => ({ query: 'คำถามใหม่' }) },
  'POST /api/conversations/:id/query': { cls: 'signedIn', owned: true, body: () => ({ query: 'ถามต่อ', parentId: null }) },
  'PATCH /api/conversations/:id/details/:detailId': { cls: 'signedIn', owned: true, body: () => ({ response: 'คำตอบ', confidence: 50 }) },
  // the probe detail was answered at creation: answering again is a 409
  'POST /api/conversations/:id/details/:detailId/answer': { cls: 'signedIn', owned: true, body: () => ({ show_regulation: false }), ok: [409] },
  'POST /api/conversations/:id/details/:detailId/draft': { cls: 'signedIn', owned: true, body: () => ({}), ok: [409] },
  'GET /api/conversations/:id/messages': { cls: 'signedIn', owned: true },
  'PATCH /api/conversations/:id/topic/rename': { cls: 'signedIn', owned: true, body: () => ({ topic: 'หัวข้อใหม่' }) },
  'GET /api/conversations/topics': { cls: 'signedIn' },
  'DELETE /api/conversations/:id/delete': { cls: 'signedIn', owned: true },
  // the probe's random id names no logged question
  'POST /api/questions/:id/feedback': { cls: 'public', body: () => ({ rating: 'up' }), ok: [404] },
  'POST /api/insights/test': { cls: 'admin', body: () => ({ question: 'ลาป่วยต้องทำอย่างไร' }) },
  'GET /api/insights/summary': { cls: 'admin' },
  'GET /api/insights/questions': { cls: 'admin' },
  'GET /api/insights/questions.csv': { cls: 'admin' },
  'GET /api/insights/groups': { cls: 'admin' },
  'GET /api/synonyms': { cls: 'admin' },
  'POST /api/synonyms': { cls: 'admin', body: () => ({ terms: [`คำทดสอบ${tag()}`, `คำพ้อง${tag()}`] }) },
  // the probe id names no synonym group
  'DELETE /api/synonyms/:id': { cls: 'admin', ok: [404] },
  'GET /': { cls: 'publicPage', ok: [302] }, // redirect by session
  'GET /landing': { cls: 'publicPage' },
  'GET /login': { cls: 'publicPage' },
  'GET /auth/callback': { cls: 'publicPage' },
  'GET /guest/chat': { cls: 'publicPage' },
  'GET /documents/:id/view': { cls: 'publicPage', ok: [200, 404] },
  'GET /user/chat': { cls: 'userPage' },
  'GET /user/chat/:chatid': { cls: 'userPage' },
  'GET /admin/chat': { cls: 'adminPage' },
  'GET /admin/chat/:chatid': { cls: 'adminPage' },
  'GET /admin/management': { cls: 'adminPage' },
  'GET /admin/management/addDocument': { cls: 'adminPage' },
  'GET /admin/management/edit/:fileid': { cls: 'adminPage' },
  'GET /admin/management/view/:fileid': { cls: 'adminPage' },
  'GET /admin/management/setting': { cls: 'adminPage' },
  'GET /admin/management/access': { cls: 'adminPage' },
  'GET /admin/management/insights': { cls: 'adminPage' },
};

/** Fills `:params` with real ids: conversations and drafts of `owner`, the shared document, category, preferences. */
export function fillPath(path: string, w: World, owner: 'user' | 'other'): string {
  const o = w.owned[owner];
  const conv = path.includes('/conversations/') || path.includes('/chat/');
  return path
    .replace(':detailId', o.detailId)
    .replace(':chatid', o.conversationId)
    .replace(':fileid', w.documentId)
    .replace(':type', 'internal_memo')
    .replace(':page', '1')
    .replace(':id', () => {
      if (conv) return o.conversationId;
      if (path.includes('/drafts/')) return o.draftId;
      if (path.includes('/files/')) return w.documentId;
      if (path.includes('/categories/')) return w.categoryId;
      if (path.includes('/preferences/')) return w.preferenceId;
      return crypto.randomUUID();
    })
    .replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
}

/** The statuses a persona may get: the guard's refusal, or the route's designed answer to the probe. */
export function expectedStatus(spec: RouteSpec, who: PersonaName, foreign: boolean): number[] {
  const isAdmin = who === 'admin';
  if (spec.cls === 'userPage') return [who === 'guest' || isAdmin ? 302 : 200];
  if (spec.cls === 'adminPage') return [isAdmin ? 200 : 302];
  if ((spec.cls === 'signedIn' || spec.cls === 'admin') && who === 'guest') return [401];
  if (spec.cls === 'admin' && !isAdmin) return [403];
  if (spec.owned && foreign) return [404];
  return spec.ok ?? [200];
}
