// Drafts are files kept 7 days: a quota per requester and per address (issue 34, Also: 60 cookie-less drafts
// in 6 s). 429 with a Thai reason and Retry-After; another requester elsewhere is not affected.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import {
  ADDRESS_DRAFT_QUOTA_TEXT,
  DRAFT_QUOTA_TEXT,
  DRAFTS_PER_DAY_PER_ADDRESS,
  DRAFTS_PER_HOUR_PER_ADDRESS,
  DRAFTS_PER_HOUR_PER_REQUESTER,
  takeDraftQuota,
} from './quota';
import { rateLimitClock } from '../../../src/http/rate-limit';

const HOUR = 3600_000;
let app: TestApp;
let now = Date.now();
beforeAll(async () => {
  // the chat's own rate limits out of the way: the quota is what is measured
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '100000', CHAT_RATE_PER_MINUTE_IP: '1000000' });
  rateLimitClock.set(app.ctx, () => now);
});
afterAll(() => app.close());

const draft = (cookie?: string) =>
  app.request('/api/draft', { json: { brief: 'ร่างบันทึกขออนุมัติโครงการค่ายอาสา', document_type: 'internal_memo', with_sources: false }, cookie });
const stored = () => readdirSync(join(app.ctx.paths.dataDir, 'drafts')).filter((f) => f.endsWith('.docx')).length;

describe('the drafts quota', () => {
  test('one account: DRAFTS_PER_HOUR_PER_REQUESTER an hour, then 429 with the Thai reason; another account is not affected', async () => {
    const user = (await app.signIn('drafter@example.ac.th')).cookie;
    for (let i = 0; i < DRAFTS_PER_HOUR_PER_REQUESTER; i++) expect((await draft(user)).status).toBe(200);
    const refused = await draft(user);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'rate_limited', message: DRAFT_QUOTA_TEXT(DRAFTS_PER_HOUR_PER_REQUESTER) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await draft((await app.signIn('other@example.ac.th')).cookie)).status).toBe(200);
    now += HOUR;
    expect((await draft(user)).status).toBe(200);
  });

  test('clients without cookies share their address: DRAFTS_PER_HOUR_PER_ADDRESS an hour, nothing stored past it', async () => {
    now += 2 * HOUR;
    const before = stored();
    let allowed = 0;
    let refused: Response | null = null;
    for (let i = 0; i < DRAFTS_PER_HOUR_PER_ADDRESS + 5 && !refused; i++) {
      const r = await draft();
      if (r.status === 200) allowed++;
      else refused = r;
    }
    expect(refused?.status).toBe(429);
    expect(await refused!.json()).toMatchObject({ code: 'rate_limited', message: ADDRESS_DRAFT_QUOTA_TEXT });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stored() - before).toBe(allowed);
    // the signed-in drafts of this hour count for the address too (they share it in this test)
    expect(allowed).toBeLessThanOrEqual(DRAFTS_PER_HOUR_PER_ADDRESS);
  });

  test('and DRAFTS_PER_DAY_PER_ADDRESS a day, however spread over its hours', async () => {
    let t = Date.now() + 10 * 24 * HOUR;
    rateLimitClock.set(app.ctx, () => t);
    let taken = 0;
    for (let hour = 0; hour < 24; hour++, t += HOUR)
      for (let i = 0; i < DRAFTS_PER_HOUR_PER_ADDRESS; i++) {
        try {
          await takeDraftQuota(app.ctx, `guest:${hour}-${i}`, '198.51.100.7');
          taken++;
        } catch (err) {
          expect((err as Error).message).toBe(ADDRESS_DRAFT_QUOTA_TEXT);
        }
      }
    expect(taken).toBe(DRAFTS_PER_DAY_PER_ADDRESS);
    rateLimitClock.set(app.ctx, () => now);
  });
});
