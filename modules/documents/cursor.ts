// Opaque, signed list cursors: base64url(JSON position) + HMAC. A forged or truncated cursor is a
// 400, never a crash or an arbitrary query. The key lives in DATA_DIR so cursors survive restarts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { installSecret } from '../../src/secrets';
import { badRequest } from '../../src/http/errors';

export interface CursorPosition {
  createdAt: number;
  id: string;
  /** hash of the filters the cursor was made for: a cursor is only valid for the same query */
  q: string;
}

const cursorKey = (ctx: AppContext) => installSecret(ctx, 'cursor.key');

const sign = (ctx: AppContext, payload: string) => createHmac('sha256', cursorKey(ctx)).update(payload).digest('base64url').slice(0, 22);

export function encodeCursor(ctx: AppContext, pos: CursorPosition): string {
  const payload = Buffer.from(JSON.stringify([pos.createdAt, pos.id, pos.q])).toString('base64url');
  return `${payload}.${sign(ctx, payload)}`;
}

export const BAD_CURSOR = 'cursor ไม่ถูกต้อง กรุณาโหลดรายการใหม่';

export function decodeCursor(ctx: AppContext, cursor: string, q: string): CursorPosition {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) throw badRequest(BAD_CURSOR);
  const expected = Buffer.from(sign(ctx, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(BAD_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'number' || typeof parsed[1] !== 'string' || typeof parsed[2] !== 'string') throw badRequest(BAD_CURSOR);
  if (parsed[2] !== q) throw badRequest(BAD_CURSOR);
  return { createdAt: parsed[0], id: parsed[1], q: parsed[2] };
}
