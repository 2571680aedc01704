import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AppContext } from '../../src/context';
import { inTransaction, queryRows, txRows } from '../../src/db/client';
import { createTestContext, type TestContext } from '../../tests/helpers/server';
import { conversationDetails } from '../../tests/helpers/tables';
import { upsertUserAtSignIn } from '../auth/users';
import { AppError } from '../../src/http/errors';
import { addTurn, createConversation, deleteConversation, listMessages, ownedConversation, stripMessagePrefix } from './service';
import { encodeCursor } from './cursor';
import { listTopics, renameTopic, setAutoTopic } from './topics';
import { composeQuery, splitQuery } from './query-text';
import { historyBefore } from './history';
import { cancelPendingTurns, completeDetail } from './service';
import { PAGE_SIZE, QUERY_MAX } from './model';
import { asc, eq, sql } from 'drizzle-orm';

// Store-level tests need no HTTP app: a context on the test database (SQLite in a temp DATA_DIR, or Postgres).
let t: TestContext;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestContext();
  const user = async (email: string) => (await upsertUserAtSignIn(t.ctx, { email, firstname: 'ทดสอบ', lastname: 'ผู้ใช้' })).id;
  alice = await user('alice@example.ac.th');
  bob = await user('bob@example.ac.th');
});
afterAll(() => t.close());

/** A conversation's turns in order (seq, id, parent), read as any client reads them. */
function turnsOf(ctx: AppContext, conversationId: string) {
  return ctx.db
    .select({ id: conversationDetails.id, seq: conversationDetails.seq, parentId: conversationDetails.parentId })
    .from(conversationDetails)
    .where(eq(conversationDetails.conversationId, conversationId))
    .orderBy(asc(conversationDetails.seq));
}

async function codeOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof AppError) return `${e.status} ${e.code}`;
    throw e;
  }
  return 'no error';
}

describe('conversation store', () => {
  test('another user’s conversation is indistinguishable from a missing one', async () => {
    const { conversationId } = await createConversation(t.ctx, alice, 'ค่าลงทะเบียนเท่าไร');
    expect(await codeOf(async () => await ownedConversation(t.ctx, bob, conversationId))).toBe('404 not_found');
    expect(await codeOf(async () => await ownedConversation(t.ctx, bob, 'no-such-id'))).toBe('404 not_found');
    expect(await codeOf(async () => await deleteConversation(t.ctx, bob, conversationId))).toBe('404 not_found');
    expect((await listTopics(t.ctx, bob)).map((x) => x.id)).not.toContain(conversationId);
    expect((await ownedConversation(t.ctx, alice, conversationId)).id).toBe(conversationId);
  });

  test('a blank query is refused; parent ids lose their message prefix', async () => {
    expect(await codeOf(async () => await createConversation(t.ctx, alice, '   '))).toBe('400 bad_request');
    expect(stripMessagePrefix('assistant_abc')).toBe('abc');
    expect(stripMessagePrefix('user_abc')).toBe('abc');
    expect(stripMessagePrefix('')).toBeNull();
    const { conversationId, conversationDetailId } = await createConversation(t.ctx, alice, 'ข้อแรก');
    const other = await createConversation(t.ctx, alice, 'อีกบทสนทนา');
    await addTurn(t.ctx, alice, conversationId, { query: 'ต่อจากข้อแรก', parentId: `assistant_${conversationDetailId}` });
    await addTurn(t.ctx, alice, conversationId, { query: 'พ่อแม่จากที่อื่น', parentId: `assistant_${other.conversationDetailId}` });
    expect((await turnsOf(t.ctx, conversationId)).map((r) => r.parentId)).toEqual([null, conversationDetailId, null]);
  });

  test('messages page backwards 50 at a time, oldest first within a page', async () => {
    const { conversationId } = await createConversation(t.ctx, alice, 'คำถาม 0');
    for (let i = 1; i < PAGE_SIZE + 7; i++) await addTurn(t.ctx, alice, conversationId, { query: `คำถาม ${i}` });
    const first = await listMessages(t.ctx, alice, conversationId);
    expect(first.records).toHaveLength(PAGE_SIZE);
    expect(first.records[0].query).toBe('คำถาม 7');
    expect(first.records.at(-1)!.query).toBe(`คำถาม ${PAGE_SIZE + 6}`);
    expect(first.nextCursor).toBeString();
    const second = await listMessages(t.ctx, alice, conversationId, first.nextCursor!);
    expect(second.records.map((r) => r.query)).toEqual(['คำถาม 0', 'คำถาม 1', 'คำถาม 2', 'คำถาม 3', 'คำถาม 4', 'คำถาม 5', 'คำถาม 6']);
    expect(second.nextCursor).toBeNull();
    // A cursor is bound to its conversation and cannot be edited.
    const elsewhere = (await createConversation(t.ctx, alice, 'อื่น')).conversationId;
    expect(await codeOf(async () => await listMessages(t.ctx, alice, elsewhere, first.nextCursor!))).toBe('400 bad_request');
    const [payload, mac] = first.nextCursor!.split('.');
    const forged = Buffer.from(JSON.stringify({ c: conversationId, s: 1e9 })).toString('base64url');
    expect(await codeOf(async () => await listMessages(t.ctx, alice, conversationId, `${forged}.${mac}`))).toBe('400 bad_request');
    expect(await codeOf(async () => await listMessages(t.ctx, alice, conversationId, `${payload}.AAAA`))).toBe('400 bad_request');
    expect(await codeOf(async () => await listMessages(t.ctx, alice, conversationId, 'garbage'))).toBe('400 bad_request');
    // A cursor signed with the server's key pages from the row it names.
    const third = (await turnsOf(t.ctx, conversationId))[2]!;
    expect((await listMessages(t.ctx, alice, conversationId, encodeCursor(t.ctx, conversationId, third.seq))).records.map((r) => r.query)).toEqual([
      'คำถาม 0',
      'คำถาม 1',
    ]);
  });

  test('rename trims, caps at 120 and locks the topic against automatic titles', async () => {
    const { conversationId } = await createConversation(t.ctx, alice, 'ตั้งชื่อ');
    expect(await setAutoTopic(t.ctx, conversationId, 'ชื่ออัตโนมัติ')).toBe(true);
    expect(await codeOf(async () => await renameTopic(t.ctx, alice, conversationId, '   '))).toBe('400 bad_request');
    expect(await codeOf(async () => await renameTopic(t.ctx, alice, conversationId, 'ก'.repeat(121)))).toBe('400 bad_request');
    expect((await renameTopic(t.ctx, alice, conversationId, '  ชื่อ   ของฉัน ')).topic).toBe('ชื่อ ของฉัน');
    expect(await setAutoTopic(t.ctx, conversationId, 'ชื่ออัตโนมัติอีกครั้ง')).toBe(false);
    expect((await ownedConversation(t.ctx, alice, conversationId)).topic).toBe('ชื่อ ของฉัน');
  });

  test('topics are newest activity first and deleting removes the turns too', async () => {
    const a = await createConversation(t.ctx, alice, 'เก่า');
    await Bun.sleep(5);
    const b = await createConversation(t.ctx, alice, 'ใหม่');
    await Bun.sleep(5);
    await addTurn(t.ctx, alice, a.conversationId, { query: 'กลับมาคุยต่อ' });
    const ids = (await listTopics(t.ctx, alice)).map((x) => x.id);
    expect(ids.indexOf(a.conversationId)).toBeLessThan(ids.indexOf(b.conversationId));
    await deleteConversation(t.ctx, alice, a.conversationId);
    expect((await listTopics(t.ctx, alice)).map((x) => x.id)).not.toContain(a.conversationId);
    expect(await turnsOf(t.ctx, a.conversationId)).toEqual([]);
  });
});

describe('query text and history', () => {
  test('attachment sections round-trip and the whole stays within the cap', async () => {
    const stored = composeQuery('สรุปให้หน่อย', [
      { name: 'a.pdf', text: 'เนื้อหา ก' },
      { name: 'b\n.txt', text: 'เนื้อหา ข' },
    ]);
    expect(stored).toContain('Content from a.pdf');
    expect(splitQuery(stored)).toEqual({
      text: 'สรุปให้หน่อย',
      attachments: [
        { name: 'a.pdf', text: 'เนื้อหา ก' },
        { name: 'b .txt', text: 'เนื้อหา ข' },
      ],
    });
    const big = composeQuery('ถาม', [{ name: 'big.txt', text: 'ก'.repeat(QUERY_MAX * 2) }]);
    expect(big.length).toBeLessThanOrEqual(QUERY_MAX);
    expect(big).toContain('ตัดเนื้อหาส่วนที่เกินออก');
  });

  test('history holds only answered turns before the question, oldest first', async () => {
    const { conversationId, conversationDetailId } = await createConversation(t.ctx, alice, 'ถามหนึ่ง');
    await completeDetail(t.ctx, conversationId, conversationDetailId, { response: 'ตอบหนึ่ง', confidence: 80 });
    await addTurn(t.ctx, alice, conversationId, { query: 'ถามสอง (ยังไม่ตอบ)' });
    await addTurn(t.ctx, alice, conversationId, { query: composeQuery('ถามสาม', [{ name: 'x.txt', text: 'ยาวมาก' }]) });
    const rows = await turnsOf(t.ctx, conversationId);
    await completeDetail(t.ctx, conversationId, rows[2]!.id, { response: 'ตอบสาม', confidence: 50 });
    expect(await historyBefore(t.ctx, conversationId, rows[2]!.seq)).toEqual([
      { role: 'user', content: 'ถามหนึ่ง' },
      { role: 'assistant', content: 'ตอบหนึ่ง' },
    ]);
    const all = await historyBefore(t.ctx, conversationId, rows[2]!.seq + 1);
    expect(all.map((m) => m.content)).toEqual(['ถามหนึ่ง', 'ตอบหนึ่ง', 'ถามสาม', 'ตอบสาม']);
  });
});

describe('cancel before the answer starts', () => {
  test('ends only the caller’s pending turns bound to that connection id, found through its index', async () => {
    const mine = await createConversation(t.ctx, alice, { query: 'ถามก่อนกดหยุด', connectionId: 'conn-stop' });
    const running = await addTurn(t.ctx, alice, mine.conversationId, { query: 'กำลังตอบ', connectionId: 'conn-stop' });
    const other = await createConversation(t.ctx, alice, { query: 'อีกหน้าต่าง', connectionId: 'conn-other' });
    const theirs = await createConversation(t.ctx, bob, { query: 'ของคนอื่น', connectionId: 'conn-stop' });
    const ended = await cancelPendingTurns(t.ctx, alice, 'conn-stop', (id) => id === running.conversationDetailId);
    expect(ended).toEqual([mine.conversationDetailId]);
    const status = async (conversationId: string, user: string) => (await listMessages(t.ctx, user, conversationId)).records.map((r) => r.status);
    expect(await status(mine.conversationId, alice)).toEqual(['cancelled', 'pending']);
    expect(await status(other.conversationId, alice)).toEqual(['pending']);
    expect(await status(theirs.conversationId, bob)).toEqual(['pending']);
    // every saved turn of every user is in this table: the lookup must not scan it (Postgres: no sequential scan allowed)
    const lookup = "SELECT id FROM conversation_details WHERE connection_id = 'x' AND status = 'pending'";
    const plan =
      t.ctx.dialect === 'sqlite'
        ? (await queryRows<{ detail: string }>(t.ctx, sql.raw(`EXPLAIN QUERY PLAN ${lookup}`))).map((r) => r.detail).join(' ')
        : await planWithoutSeqScan(t.ctx, sql.raw(`EXPLAIN ${lookup}`));
    expect(plan).toContain('details_connection_idx');
  });
});

/** Postgres's plan for a query when it may not scan a whole table (a tiny test table would be scanned otherwise). */
async function planWithoutSeqScan(ctx: AppContext, query: ReturnType<typeof sql>): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    await txRows(ctx, tx, sql`SET LOCAL enable_seqscan = off`);
    return (await txRows<Record<string, string>>(ctx, tx, query)).map((r) => Object.values(r).join(' ')).join(' ');
  });
}

test('control and bidi characters and lone surrogates are stripped from a stored turn and its answer (issue 34 finding 10)', async () => {
  const { conversationId, conversationDetailId } = await createConversation(t.ctx, alice, 'ลา\u0000ป่วย\u202eกี่วัน\ud800\u0007\nต่อ\tไป');
  await completeDetail(t.ctx, conversationId, conversationDetailId, { response: 'ตอบ\u2066ได้\udc00\u0000', confidence: 80 });
  const [row] = await t.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId));
  expect(row!.query).toBe('ลาป่วยกี่วัน\nต่อ\tไป');
  expect(row!.response).toBe('ตอบได้');
});
