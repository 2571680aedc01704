// Shared by the security tests: five personas and data each of them owns, created through the API,
// with marker strings so a test can tell when one person's data shows up in another person's answer.
import { expect } from 'bun:test';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { indexingIdle } from '../../modules/documents/indexer';
import type { TestApp, TestServer } from '../helpers/server';

export type PersonaName = 'guest' | 'user' | 'other' | 'admin' | 'deactivatedAdmin';
export const PERSONAS: PersonaName[] = ['guest', 'other', 'deactivatedAdmin', 'admin', 'user'];

export interface Owned {
  email: string;
  /** text stored in this person's conversation: must never reach anyone else */
  secret: string;
  conversationId: string;
  detailId: string;
  draftId: string;
}

export interface World {
  cookies: Record<PersonaName, string | null>;
  /** 'user' and 'other' own conversations and drafts */
  owned: { user: Owned; other: Owned };
  documentId: string;
  categoryId: string;
  preferenceId: string;
  spareEmail: string;
  deactivatedEmail: string;
}

type Target = Pick<TestApp, 'request' | 'signIn' | 'ctx'> | Pick<TestServer, 'request' | 'signIn' | 'ctx'>;

async function okJson(res: Response): Promise<any> {
  const text = await res.text();
  if (res.status >= 300) throw new Error(`seed request failed: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function own(h: Target, cookie: string, email: string, tag: string): Promise<Owned> {
  const secret = `SECRET-${tag}-${crypto.randomUUID().slice(0, 8)}`;
  const created = (await okJson(await h.request('/api/conversations/create', { cookie, json: { query: `คำถามลับ ${secret}` } }))).data;
  const draft = await okJson(
    await h.request('/api/draft', { cookie, json: { brief: `ร่างบันทึก ${secret}`, document_type: 'internal_memo', with_sources: false } }),
  );
  const draftId = /\/api\/drafts\/([^/]+)\/download/.exec(draft.downloadUrl ?? draft.data?.downloadUrl ?? '')?.[1];
  expect(draftId).toBeTruthy();
  return { email, secret, conversationId: created.conversationId, detailId: created.conversationDetailId, draftId: draftId! };
}

/** Signs in the personas and creates their data; the admin uploads one document into one category. */
export async function buildWorld(h: Target): Promise<World> {
  const user = await h.signIn('somchai.user@example.ac.th', 'user');
  const other = await h.signIn('malee.other@example.ac.th', 'user');
  const admin = await h.signIn('boss.admin@example.ac.th', 'admin');
  const deactivated = await h.signIn('retired.admin@example.ac.th', 'admin', { adminActive: false });
  await h.signIn('spare.person@example.ac.th', 'user');
  const category = await okJson(
    await h.request('/api/categories/create', { cookie: admin.cookie, json: { categoryName: `หมวดทดสอบ ${crypto.randomUUID().slice(0, 4)}` } }),
  );
  const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ ระเบียบทดสอบ', category: category.data.id });
  const doc = await okJson(await h.request('/api/files/upload', { method: 'POST', cookie: admin.cookie, headers, body }));
  await indexingIdle(h.ctx);
  const prefs = await okJson(await h.request('/api/preferences'));
  return {
    cookies: { guest: null, user: user.cookie, other: other.cookie, admin: admin.cookie, deactivatedAdmin: deactivated.cookie },
    owned: {
      user: await own(h, user.cookie, 'somchai.user@example.ac.th', 'USER'),
      other: await own(h, other.cookie, 'malee.other@example.ac.th', 'OTHER'),
    },
    documentId: doc.data.id,
    categoryId: category.data.id,
    preferenceId: String(prefs.data.id),
    spareEmail: 'spare.person@example.ac.th',
    deactivatedEmail: 'retired.admin@example.ac.th',
  };
}

/** Markers of data `who` must not see: other people's conversation text and e-mail addresses. */
export function forbiddenMarkers(w: World, who: PersonaName): string[] {
  const out: string[] = [];
  for (const [name, o] of Object.entries(w.owned)) if (name !== who) out.push(o.secret, o.email);
  return out;
}
