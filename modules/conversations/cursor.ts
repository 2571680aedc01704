// Paging cursors for a conversation's messages: opaque and HMAC-signed, bound to one conversation, so a
// client can neither forge a position nor reuse a cursor against another conversation.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { installSecret } from '../../src/secrets';
import { badRequest } from '../../src/http/errors';
import { TEXTS } from './model';

/** The key lives in DATA_DIR so cursors stay valid across restarts. */
const cursorKey = (ctx: AppContext) => installSecret(ctx, 'conversation-cursor.key');

function sign(ctx: AppContext, payload: string): Buffer {
  return createHmac('sha256', cursorKey(ctx)).update(payload).digest().subarray(0, 16);
}

/** `before` is the seq of the oldest record already shown; the next page holds older ones. (`s`: a cursor of the
 * rowid era carried `b` and is refused, so the client reloads the list instead of paging by the wrong numbers.) */
export function encodeCursor(ctx: AppContext, conversationId: string, before: number): string {
  const payload = Buffer.from(JSON.stringify({ c: conversationId, s: before })).toString('base64url');
  return `${payload}.${sign(ctx, payload).toString('base64url')}`;
}

export function decodeCursor(ctx: AppContext, conversationId: string, cursor: string): number {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) throw badRequest(TEXTS.badCursor);
  const given = Buffer.from(mac, 'base64url');
  const expected = sign(ctx, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(TEXTS.badCursor);
  let parsed: { c?: unknown; s?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(TEXTS.badCursor);
  }
  if (parsed.c !== conversationId || typeof parsed.s !== 'number' || !Number.isSafeInteger(parsed.s)) throw badRequest(TEXTS.badCursor);
  return parsed.s;
}
