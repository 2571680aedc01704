// The console's services in the conformance table (issue 36 step 4): synonym groups, insights on the question log,
// admin rights; every case runs on SQLite and on a real Postgres (services.test.ts).
import { expect } from 'bun:test';
import { grantAdmin, listAdmins, revokeAdmin, setAdminActive, setAdminPosition, TEXT } from '../../modules/admins/service';
import { upsertUserAtSignIn } from '../../modules/auth/users';
import { windowFingerprint } from '../../modules/insights/fingerprint';
import { questionGroups } from '../../modules/insights/groups';
import { allQuestions, listQuestions } from '../../modules/insights/question-list';
import { insightsSummary, windowStart } from '../../modules/insights/summary';
import { recordQuestion, voteOnQuestion } from '../../modules/questions/service';
import { adminSynonyms, applySynonyms, createSynonymGroup, deleteSynonymGroup, listSynonymGroups } from '../../modules/synonyms/service';
import { readQuestion } from '../../modules/knowledge';
import { errorCode, type ServiceCase } from './service-cases';

const asked = { accuracy: 90, band: 'high' as const, fallback: false, references: [], answerText: 'ตอบ', provider: 'extractive', channel: 'chat' as const };

export const consoleCases: ServiceCase[] = [
  {
    name: 'synonyms: a group is stored once (any order, any case), paged newest first, read by questions, deleted once',
    async run(ctx) {
      const a = await createSynonymGroup(ctx, ['หอพัก', 'Dorm', 'dorm']);
      expect(a.terms).toEqual(['หอพัก', 'Dorm']);
      expect(await errorCode(createSynonymGroup(ctx, ['DORM', 'หอพัก']))).toBe('conflict');
      expect(await errorCode(createSynonymGroup(ctx, ['หอพัก']))).toBe('bad_request');
      const b = await createSynonymGroup(ctx, ['ค่าเทอม', 'ค่าธรรมเนียมการศึกษา']);
      const c = await createSynonymGroup(ctx, ['ลาพัก', 'พักการศึกษา']);
      const first = await listSynonymGroups(ctx, { limit: 2 });
      expect(first.data.map((g) => g.id)).toEqual([c.id, b.id]);
      expect(first.hasNext).toBe(true);
      const second = await listSynonymGroups(ctx, { limit: 2, cursor: first.nextCursor! });
      expect(second.data.map((g) => g.id)).toEqual([a.id]);
      expect(second.hasNext).toBe(false);
      // a question naming one term is read with its group's other terms
      const read = (q: string) => JSON.stringify(readQuestion(q, adminSynonyms(ctx)));
      expect(read('ลาพัก ได้กี่ปี')).toContain('พักการศึกษา');
      await deleteSynonymGroup(ctx, c.id);
      expect(read('ลาพัก ได้กี่ปี')).not.toContain('พักการศึกษา');
      expect(await errorCode(deleteSynonymGroup(ctx, c.id))).toBe('not_found');
      await applySynonyms(ctx);
      expect(read('ค่าเทอม เท่าไร')).toContain('ค่าธรรมเนียมการศึกษา');
    },
  },
  {
    name: 'insights: the summary, the filtered list (search ignores Latin case), the export and the groups follow the log',
    async run(ctx) {
      const now = Date.now();
      const before = await insightsSummary(ctx, 7, now);
      const print = await windowFingerprint(ctx, windowStart(7, now));
      const marker = `Zq${ctx.dialect}`;
      const fallback = (await recordQuestion(ctx, { ...asked, fallback: true, band: 'low', accuracy: 5, question: `ค่าหอพัก ${marker} TUITION` }))!;
      const low = (await recordQuestion(ctx, { ...asked, band: 'medium', accuracy: 50, question: `ลาพัก ${marker} ได้ไหม` }))!;
      await recordQuestion(ctx, { ...asked, question: `สอบซ่อม ${marker} เมื่อไร` });
      await voteOnQuestion(ctx, low, 'guest-x', { rating: 'down', comment: 'ไม่ตรง' });
      expect(await windowFingerprint(ctx, windowStart(7, now))).not.toBe(print);
      const after = await insightsSummary(ctx, 7, Date.now());
      expect(after.total - before.total).toBe(3);
      expect(after.fallbacks - before.fallbacks).toBe(1);
      expect(after.votes.down - before.votes.down).toBe(1);
      const search = marker.toLowerCase();
      const all = await listQuestions(ctx, { search, limit: 2 });
      expect(all.total).toBe(3);
      expect(all.hasNext).toBe(true);
      const rest = await listQuestions(ctx, { search, limit: 2, cursor: all.nextCursor! });
      expect([...all.data, ...rest.data].map((q) => q.question).sort()).toHaveLength(3);
      expect((await listQuestions(ctx, { search: 'tuition' })).data.map((q) => q.id)).toEqual([fallback]);
      expect((await listQuestions(ctx, { search, filter: 'unanswered' })).data.map((q) => q.id)).toEqual([fallback]);
      expect((await listQuestions(ctx, { search, filter: 'low' })).data.map((q) => q.id)).toEqual([low]);
      const down = await listQuestions(ctx, { search, filter: 'down' });
      expect(down.data.map((q) => [q.id, q.down, q.comments])).toEqual([[low, 1, ['ไม่ตรง']]]);
      const exported: string[] = [];
      for await (const batch of allQuestions(ctx, { search }, 1)) exported.push(...batch.map((q) => q.id));
      expect(exported).toHaveLength(3);
      expect(new Set(exported).size).toBe(3);
      const groups = await questionGroups(ctx, { days: 7 });
      expect(groups.questions).toBeGreaterThanOrEqual(2);
      expect(groups.data.flatMap((g) => g.examples.map((e) => e.id))).toEqual(expect.arrayContaining([fallback, low]));
    },
  },
  {
    name: 'admins: grant, search, position, deactivate; of two admins revoked at once only one goes (the last stays)',
    async run(ctx) {
      const x = await upsertUserAtSignIn(ctx, { email: 'x@uni.ac.th', firstname: 'เอกซ์' });
      const y = await upsertUserAtSignIn(ctx, { email: 'y@uni.ac.th', firstname: 'วาย' });
      expect(await errorCode(grantAdmin(ctx, 'nobody@uni.ac.th', 'ที่ปรึกษา'))).toBe('not_found');
      expect(await errorCode(grantAdmin(ctx, 'not-an-email', 'ที่ปรึกษา'))).toBe('bad_request');
      expect(await grantAdmin(ctx, 'X@uni.ac.th', 'งานทะเบียน')).toMatchObject({ id: x.id, role: 'admin', status: true, responsibility: 'งานทะเบียน' });
      await grantAdmin(ctx, 'y@uni.ac.th', 'งานหอพัก');
      expect((await listAdmins(ctx, 'หอพัก')).map((a) => a.email)).toEqual(['y@uni.ac.th']);
      expect((await setAdminPosition(ctx, 'y@uni.ac.th', 'งานกิจการนักศึกษา')).responsibility).toBe('งานกิจการนักศึกษา');
      expect(await errorCode(revokeAdmin(ctx, x.id, 'x@uni.ac.th'))).toBe('bad_request');
      // every other admin deactivated: x and y are the only active ones
      for (const a of await listAdmins(ctx)) if (a.status && a.id !== x.id && a.id !== y.id) await setAdminActive(ctx, null, a.email, false);
      const results = await Promise.allSettled([revokeAdmin(ctx, null, 'x@uni.ac.th'), revokeAdmin(ctx, null, 'y@uni.ac.th')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((refused.reason as Error).message).toBe(TEXT.lastAdmin);
      expect((await listAdmins(ctx)).filter((a) => a.status)).toHaveLength(1);
    },
  },
];
