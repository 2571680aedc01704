// The admin's synonym groups: kept in SQLite and, read for the knowledge module, per app (adminSynonyms):
// loaded at the app's first question and again after every change, so the next question is read with them.
// Only the words and when they were added are stored.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { badRequest, conflict, notFound } from '../../src/http/errors';
import { USER_TEXT_INVALID, userTextProblem } from '../../contracts/user-text';
import {
  SYNONYM_GROUPS_MAX,
  SYNONYM_TERM_MAX_CHARS,
  SYNONYM_TERMS_MAX,
  SYNONYM_TERMS_MIN,
  SYNONYM_TERMS_TOTAL_MAX,
  type SynonymGroup,
} from '../../contracts/synonyms';
import { adminSynonymGroups, adminSynonymGroupsInSteps, type AdminSynonyms } from '../knowledge';
import { firstRow } from '../../src/db/client';
import { clusterBus } from '../../src/cluster';
import type { synonymGroups } from './schema';

export const TOO_FEW_TERMS = `กรุณาระบุคำอย่างน้อย ${SYNONYM_TERMS_MIN} คำที่ไม่ซ้ำกัน`;
export const TOO_MANY_TERMS = `กลุ่มคำพ้องมีได้ไม่เกิน ${SYNONYM_TERMS_MAX} คำ`;
export const TERM_TOO_LONG = `แต่ละคำยาวได้ไม่เกิน ${SYNONYM_TERM_MAX_CHARS} ตัวอักษร`;
export const GROUP_EXISTS = 'มีกลุ่มคำพ้องนี้อยู่แล้ว';
export const TOO_MANY_GROUPS = `มีกลุ่มคำพ้องได้ไม่เกิน ${SYNONYM_GROUPS_MAX.toLocaleString('en-US')} กลุ่ม กรุณาลบกลุ่มที่ไม่ใช้แล้วก่อน`;
export const TOO_MANY_TERMS_IN_ALL = `คำพ้องทุกกลุ่มรวมกันมีได้ไม่เกิน ${SYNONYM_TERMS_TOTAL_MAX.toLocaleString('en-US')} คำ กรุณาลบกลุ่มที่ไม่ใช้แล้วก่อน`;
export const GROUP_NOT_FOUND = 'ไม่พบกลุ่มคำพ้องนี้';
export const BAD_SYNONYM_CURSOR = 'cursor ไม่ถูกต้อง กรุณาโหลดรายการใหม่';

type Row = typeof synonymGroups.$inferSelect;

const fold = (term: string) => term.toLocaleLowerCase('th');

/** Trimmed, inner whitespace folded, blank and repeated terms dropped; refused when fewer than 2 or more than 20 remain. */
export function cleanTerms(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const r of raw) {
    const term = r.normalize('NFC').replace(/\s+/gu, ' ').trim();
    const problem = userTextProblem(term);
    if (problem === 'invalid') throw badRequest(USER_TEXT_INVALID);
    if (problem === 'blank') continue;
    if (term.length > SYNONYM_TERM_MAX_CHARS) throw badRequest(TERM_TOO_LONG);
    if (seen.has(fold(term))) continue;
    seen.add(fold(term));
    terms.push(term);
  }
  if (terms.length < SYNONYM_TERMS_MIN) throw badRequest(TOO_FEW_TERMS);
  if (terms.length > SYNONYM_TERMS_MAX) throw badRequest(TOO_MANY_TERMS);
  return terms;
}

const toGroup = (r: Row): SynonymGroup => ({ id: r.id, terms: JSON.parse(r.terms) as string[], createdAt: r.createdAt.toISOString() });

/** Every group's terms, for the knowledge module. */
async function allTerms(ctx: AppContext): Promise<string[][]> {
  const { synonymGroups } = ctx.tables;
  return (await ctx.db.select({ terms: synonymGroups.terms }).from(synonymGroups)).map((r) => JSON.parse(r.terms) as string[]);
}

// this app's groups as the knowledge module reads them (its matchers built once per change, not per question);
// none until applySynonyms has read them (the module does at start, and the server awaits it before listening)
const loaded = perApp((_ctx: AppContext) => ({ groups: adminSynonymGroups([]), reads: 0, applied: 0 }));

/** The app's synonym groups, for readQuestion: what was stored at the last read (synchronous: read per question). */
export function adminSynonyms(ctx: AppContext): AdminSynonyms {
  return loaded(ctx).groups;
}

/**
 * Reads the stored groups again: at start and after every change. Their matchers are built a few milliseconds
 * at a time (the largest list is 120 ms to over a second of work): questions meanwhile are read with the
 * groups they had, and a read started later wins over one that ends later.
 */
export async function applySynonyms(ctx: AppContext): Promise<void> {
  const state = loaded(ctx);
  const read = ++state.reads;
  const groups = await adminSynonymGroupsInSteps(await allTerms(ctx));
  // reads may overlap (a change here, another instance's message): the one started last wins
  if (read < state.applied) return;
  state.applied = read;
  state.groups = groups;
}

const CHANGED = 'synonyms';

/** After a change: read them again here, and tell the other instances to (issue 36; nobody to tell on SQLite). */
async function changed(ctx: AppContext): Promise<void> {
  await applySynonyms(ctx);
  await clusterBus(ctx)
    .publish(CHANGED, {})
    .catch((e: Error) => ctx.log.warn('other instances not told of a synonym change', { error: e.message }));
}

/**
 * Another instance's change reaches this one's matchers (issue 36): read again on its message, and whenever the
 * listening connection comes back (a message may have been missed while it was down).
 */
export async function followSynonymChanges(ctx: AppContext): Promise<void> {
  const reread = () => void applySynonyms(ctx).catch((e) => ctx.log.error('synonyms not read', { error: e as Error }));
  await clusterBus(ctx).subscribe(CHANGED, reread, reread);
}

export async function createSynonymGroup(ctx: AppContext, raw: readonly string[]): Promise<SynonymGroup> {
  const { synonymGroups } = ctx.tables;
  const terms = cleanTerms(raw);
  const termsKey = JSON.stringify(terms.map(fold).sort());
  if (await firstRow(ctx.db.select({ id: synonymGroups.id }).from(synonymGroups).where(eq(synonymGroups.termsKey, termsKey)))) throw conflict(GROUP_EXISTS);
  // the list's size bounds what every question's matching may cost (knowledge/question/member-trie.ts)
  const stored = await allTerms(ctx);
  if (stored.length >= SYNONYM_GROUPS_MAX) throw conflict(TOO_MANY_GROUPS);
  if (stored.reduce((n, t) => n + t.length, terms.length) > SYNONYM_TERMS_TOTAL_MAX) throw conflict(TOO_MANY_TERMS_IN_ALL);
  const row: Row = { id: crypto.randomUUID(), terms: JSON.stringify(terms), termsKey, createdAt: new Date() };
  await ctx.db.insert(synonymGroups).values(row);
  await changed(ctx);
  return toGroup(row);
}

export async function deleteSynonymGroup(ctx: AppContext, id: string): Promise<void> {
  const { synonymGroups } = ctx.tables;
  const gone = await ctx.db.delete(synonymGroups).where(eq(synonymGroups.id, id)).returning({ id: synonymGroups.id });
  if (gone.length === 0) throw notFound(GROUP_NOT_FOUND);
  await changed(ctx);
}

// The cursor is the last row's place in the order (newest first); it says nothing secret, so it is not signed.
function encodeCursor(r: Row): string {
  return Buffer.from(JSON.stringify([r.createdAt.getTime(), r.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'number' && typeof id === 'string') return { createdAt: new Date(at), id };
  } catch {}
  throw badRequest(BAD_SYNONYM_CURSOR);
}

export async function listSynonymGroups(ctx: AppContext, opts: { limit?: number; cursor?: string }) {
  const { synonymGroups } = ctx.tables;
  const limit = opts.limit ?? 20;
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(synonymGroups)
    .where(
      after ? or(lt(synonymGroups.createdAt, after.createdAt), and(eq(synonymGroups.createdAt, after.createdAt), lt(synonymGroups.id, after.id))) : undefined,
    )
    .orderBy(desc(synonymGroups.createdAt), desc(synonymGroups.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  return { data: page.map(toGroup), hasNext, nextCursor: hasNext ? encodeCursor(page[page.length - 1]!) : null };
}
