// Limits on non-upload request bodies, applied before Elysia validates them: the size is capped while
// the body is read (capped-body.ts, after the caller is checked), and a deeply nested body is a 400
// (the validator's error reporting recurses and would overflow the stack: a 500).
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { badRequest } from './errors';

export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = 'ข้อมูลที่ส่งมาซ้อนกันลึกเกินไป';
export const BODY_TOO_LARGE = 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป';

export function bodyLimits(ctx: AppContext) {
  return new Elysia({ name: 'body-limits', seed: ctx.id }).onTransform({ as: 'global' }, ({ body }) => {
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
