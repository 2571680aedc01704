// The bot's behaviour settings (console.md §2 settings, chat.md §5 low confidence). One row, seeded
// with a random id at start-up; read on every answer so an admin's change takes effect at once.
import { stripUnsafeText } from '../../contracts/user-text';
import { asc, eq } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { prepareNamed } from '../../src/db/client';
import { AppError, notFound } from '../../src/http/errors';
import type { preferences } from './schema';
import type { Pref } from '../../contracts/preferences';

export const DEFAULT_FALLBACK_MESSAGE = 'ขออภัย ระบบมีความมั่นใจในคำตอบต่ำกว่า 30% จึงไม่สามารถให้คำตอบได้ กรุณาติดต่อเจ้าหน้าที่ที่เกี่ยวข้องหรือสอบถามด้วยคำถามที่เจาะจงมากขึ้น';
export const DEFAULT_GENERAL_CONTACT = 'กองพัฒนานักศึกษา สำนักงานอธิการบดี';
export const DEFAULT_HIGH_THRESHOLD = 80;
export const DEFAULT_LOW_THRESHOLD = 30;

export type PreferenceRow = typeof preferences.$inferSelect;

/** The spec's shape (contracts/preferences.ts). */
export type { Pref };

export function toPref(row: PreferenceRow): Pref {
  return {
    id: row.id,
    fallback_message: row.fallbackMessage,
    FallbackMessage: row.fallbackMessage,
    high_threshold: row.highThreshold,
    low_threshold: row.lowThreshold,
    general_contact: row.generalContact,
    updated_by: row.updatedBy,
    updated_by_name: row.updatedByName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Read on every answer: prepared once per app (Postgres names its prepared statements).
const oldestRow = perApp((ctx: AppContext) => {
  const { preferences } = ctx.tables;
  return prepareNamed(ctx.db.select().from(preferences).orderBy(asc(preferences.createdAt), asc(preferences.id)).limit(1), 'preferences_first');
});

const seeding = new WeakMap<AppContext, Promise<PreferenceRow>>();

/** Creates the single row when missing; idempotent (the oldest row wins if two instances raced). */
export async function ensurePreferences(ctx: AppContext): Promise<PreferenceRow> {
  const existing = (await oldestRow(ctx).execute())[0];
  if (existing) return existing;
  // Callers of one app that find no row share one insert.
  let pending = seeding.get(ctx);
  if (!pending) {
    pending = seed(ctx).finally(() => seeding.delete(ctx));
    seeding.set(ctx, pending);
  }
  return pending;
}

async function seed(ctx: AppContext): Promise<PreferenceRow> {
  const now = new Date();
  const row: PreferenceRow = {
    id: crypto.randomUUID(),
    fallbackMessage: DEFAULT_FALLBACK_MESSAGE,
    highThreshold: DEFAULT_HIGH_THRESHOLD,
    lowThreshold: DEFAULT_LOW_THRESHOLD,
    generalContact: DEFAULT_GENERAL_CONTACT,
    updatedBy: 'system',
    updatedByName: 'system',
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.insert(ctx.tables.preferences).values(row);
  return (await oldestRow(ctx).execute())[0] ?? row;
}

export const getPreferences = ensurePreferences;

export async function getPreferenceById(ctx: AppContext, id: string): Promise<PreferenceRow> {
  await ensurePreferences(ctx);
  const { preferences } = ctx.tables;
  const [row] = await ctx.db.select().from(preferences).where(eq(preferences.id, id));
  if (!row) throw notFound('Preference not found');
  return row;
}

export interface PreferencePatch {
  fallback_message?: string;
  high_threshold?: number;
  low_threshold?: number;
  general_contact?: string;
}

const invalid = (message: string) => new AppError('validation', message);

function threshold(name: string, v: number | undefined, current: number): number {
  if (v === undefined) return current;
  if (!Number.isInteger(v) || v < 0 || v > 100) throw invalid(`${name} ต้องเป็นจำนวนเต็มตั้งแต่ 0 ถึง 100`);
  return v;
}

/** Applies a validated change; `by` is the signed-in admin, never what the client claims. */
export async function updatePreferences(ctx: AppContext, id: string, patch: PreferencePatch, by: { id: string; name: string }): Promise<PreferenceRow> {
  const row = await getPreferenceById(ctx, id);
  const fallback = patch.fallback_message === undefined ? row.fallbackMessage : stripUnsafeText(patch.fallback_message).trim();
  if (!fallback) throw invalid('กรุณาระบุข้อความก่อนบันทึก');
  const high = threshold('high_threshold', patch.high_threshold, row.highThreshold);
  const low = threshold('low_threshold', patch.low_threshold, row.lowThreshold);
  if (low >= high) throw invalid('low_threshold ต้องน้อยกว่า high_threshold');
  const next = {
    fallbackMessage: fallback,
    highThreshold: high,
    lowThreshold: low,
    generalContact: patch.general_contact === undefined ? row.generalContact : stripUnsafeText(patch.general_contact).trim(),
    updatedBy: by.id,
    updatedByName: by.name,
    updatedAt: new Date(),
  };
  const { preferences } = ctx.tables;
  await ctx.db.update(preferences).set(next).where(eq(preferences.id, id));
  return { ...row, ...next };
}
