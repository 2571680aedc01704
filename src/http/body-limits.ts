// Limits on non-upload request bodies, applied before Elysia validates them: a huge JSON body is
// refused from its Content-Length (uploads stream to disk and have their own cap), and a deeply nested
// one is a 400 (the validator's error reporting recurses and would overflow the stack: a 500).
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { AppError, badRequest } from './errors';

/** Largest JSON body: a document's reviewed text (20 M characters) is the biggest field. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = 'ข้อมูลที่ส่งมาซ้อนกันลึกเกินไป';
export const BODY_TOO_LARGE = 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป';

export function bodyLimits(ctx: AppContext) {
  return new Elysia({ name: 'body-limits', seed: ctx.id })
    .onRequest(({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      if (type.startsWith('multipart/')) return;
      if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) throw new AppError('payload_too_large', BODY_TOO_LARGE);
    })
    .onTransform({ as: 'global' }, ({ body }) => {
      if (depthOver(body, MAX_JSON_DEPTH)) throw badRequest(TOO_DEEP);
    });
}

/** Iterative, so the check itself cannot overflow. */
export function depthOver(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object' || v instanceof Blob) continue;
    if (d >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
