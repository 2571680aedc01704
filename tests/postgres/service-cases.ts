// The conformance table (issue 36): one list of cases, each run against every database implementation by
// services.test.ts (SQLite, and a real Postgres). A case talks to the services only, never to a dialect.
import { expect } from 'bun:test';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { inTransaction, queryRows } from '../../src/db/client';
import { AppError } from '../../src/http/errors';
import { ensurePreferences, getPreferenceById, updatePreferences } from '../../modules/preferences/service';
import { createCategory, deleteCategory, findCategoryByName, listCategories, renameCategory, resolveCategory } from '../../modules/categories/service';
import '../../modules/documents/category-usage';
import { purgeQuestionLog, recordQuestion, voteOnQuestion } from '../../modules/questions/service';

export interface ServiceCase {
  name: string;
  run(ctx: AppContext): Promise<void>;
}

/** The AppError code a promise rejects with ('' when it resolves). */
export async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return '';
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

const by = { id: 'admin-1', name: 'ผู้ดูแล' };
const asked = { accuracy: 72, band: 'medium' as const, fallback: false, references: [], answerText: 'ตอบ', provider: 'extractive', channel: 'chat' as const };

export const serviceCases: ServiceCase[] = [
  {
    name: 'database: a raw query answers (the health probe)',
    async run(ctx) {
      expect((await queryRows<{ one: number }>(ctx, sql`select 1 as one`)).map((r) => Number(r.one))).toEqual([1]);
    },
  },
  {
    name: 'transactions: a throw after an await rolls back everything written in it; a resolved one commits',
    async run(ctx) {
      const name = (s: string) => `tx-${s}-${ctx.dialect}`;
      const failed = inTransaction(ctx, async (tx) => {
        await tx.insert(ctx.tables.categories).values(row(name('a')));
        await Bun.sleep(5);
        await tx.insert(ctx.tables.categories).values(row(name('b')));
        throw new Error('boom');
      });
      expect(failed).rejects.toThrow('boom');
      await failed.catch(() => {});
      expect(await findCategoryByName(ctx, name('a'))).toBeUndefined();
      expect(await findCategoryByName(ctx, name('b'))).toBeUndefined();
      await inTransaction(ctx, async (tx) => void (await tx.insert(ctx.tables.categories).values(row(name('c')))));
      expect((await findCategoryByName(ctx, name('c')))?.name).toBe(name('c'));
    },
  },
  {
    name: 'preferences: seeded once even when asked for at once; a change is validated and kept',
    async run(ctx) {
      const [a, b] = await Promise.all([ensurePreferences(ctx), ensurePreferences(ctx)]);
      expect(b.id).toBe(a.id);
      expect((await ensurePreferences(ctx)).id).toBe(a.id);
      expect(await errorCode(updatePreferences(ctx, a.id, { low_threshold: 90 }, by))).toBe('validation');
      expect(await errorCode(getPreferenceById(ctx, 'nope'))).toBe('not_found');
      const changed = await updatePreferences(ctx, a.id, { fallback_message: '  ติดต่อ\u202eกอง ', high_threshold: 70, low_threshold: 20 }, by);
      expect(changed).toMatchObject({ fallbackMessage: 'ติดต่อกอง', highThreshold: 70, lowThreshold: 20, updatedBy: 'admin-1' });
      const stored = await getPreferenceById(ctx, a.id);
      expect(stored).toMatchObject({ fallbackMessage: 'ติดต่อกอง', highThreshold: 70, lowThreshold: 20, updatedByName: 'ผู้ดูแล' });
      expect(stored.updatedAt).toBeInstanceOf(Date);
      expect(stored.updatedAt.getTime()).toBe(changed.updatedAt.getTime());
    },
  },
  {
    name: 'categories: names are normalised and unique case-insensitively; rename, resolve, list and delete',
    async run(ctx) {
      const a = await createCategory(ctx, '  กิจกรรม    Finance  ');
      expect(a).toMatchObject({ categoryName: 'กิจกรรม Finance', documentCount: 0 });
      const dup = await createCategory(ctx, 'กิจกรรม FINANCE').catch((e: AppError) => e);
      expect(dup).toBeInstanceOf(AppError);
      expect((dup as AppError).code).toBe('conflict');
      expect((dup as AppError).details?.existing).toMatchObject({ id: a.id });
      expect(await errorCode(createCategory(ctx, '   '))).toBe('bad_request');
      const b = await createCategory(ctx, 'Alpha');
      expect(await errorCode(renameCategory(ctx, b.id, 'กิจกรรม finance'))).toBe('conflict');
      expect((await renameCategory(ctx, b.id, 'ALPHA 2568')).categoryName).toBe('ALPHA 2568');
      expect((await resolveCategory(ctx, b.id))?.id).toBe(b.id);
      expect((await resolveCategory(ctx, 'alpha   2568'))?.id).toBe(b.id);
      expect(await resolveCategory(ctx, '  ')).toBeNull();
      expect(await errorCode(resolveCategory(ctx, 'ไม่มี'))).toBe('bad_request');
      const names = (await listCategories(ctx)).map((c) => c.categoryName);
      expect(names.indexOf('ALPHA 2568')).toBeLessThan(names.indexOf('กิจกรรม Finance'));
      await deleteCategory(ctx, b.id);
      expect(await findCategoryByName(ctx, 'alpha 2568')).toBeUndefined();
      expect(await errorCode(deleteCategory(ctx, b.id))).toBe('not_found');
    },
  },
  {
    name: 'questions: logged masked; one vote per voter, replaced on a second vote; purge by age',
    async run(ctx) {
      const id = (await recordQuestion(ctx, { ...asked, question: 'เบอร์ 081-234-5678 ถามเรื่องหอพัก' }))!;
      expect(id).toBeString();
      const [logged] = await queryRows<{ question: string }>(ctx, sql`select question from question_log where id = ${id}`);
      expect(logged!.question).not.toContain('081-234-5678');
      expect(await voteOnQuestion(ctx, id, 'guest-1', { rating: 'up' })).toEqual({ question_id: id, rating: 'up', comment: null });
      expect(await voteOnQuestion(ctx, id, 'guest-1', { rating: 'down', comment: ' ไม่ตรง ' })).toEqual({ question_id: id, rating: 'down', comment: 'ไม่ตรง' });
      await voteOnQuestion(ctx, id, 'guest-2', { rating: 'up' });
      const votes = await queryRows<{ n: number }>(ctx, sql`select count(*) as n from question_feedback where question_id = ${id}`);
      expect(Number(votes[0]!.n)).toBe(2);
      expect(await errorCode(voteOnQuestion(ctx, 'missing', 'guest-1', { rating: 'up' }))).toBe('not_found');
      expect(await errorCode(voteOnQuestion(ctx, id, 'guest-3', { rating: 'up' }, { newRequester: true }))).toBe('forbidden');
      const day = 86_400_000;
      const old = (await recordQuestion(ctx, { ...asked, question: 'เก่า' }, new Date(Date.now() - 400 * day)))!;
      await voteOnQuestion(ctx, old, 'guest-1', { rating: 'up' });
      expect(await purgeQuestionLog(ctx)).toBe(1);
      expect(await errorCode(voteOnQuestion(ctx, old, 'guest-1', { rating: 'up' }))).toBe('not_found');
      expect(await errorCode(voteOnQuestion(ctx, id, 'guest-1', { rating: 'up' }))).toBe('');
    },
  },
];

function row(name: string) {
  const now = new Date();
  return { id: crypto.randomUUID(), name, nameKey: name.toLowerCase(), createdAt: now, updatedAt: now };
}
