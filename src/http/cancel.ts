// In-flight answers by connection_id, so /api/cancel can stop one. Only the client that started a
// request (same session or guest cookie) may cancel it. A cancel that arrives before its request has
// registered (stop pressed at once) is remembered briefly and applied at registration.
import type { AppContext } from '../context';
import { perApp } from '../context';
import { clusterBus } from '../cluster';
import { AppError } from './errors';

interface Entry {
  owner: string;
  controller: AbortController;
}

const EARLY_CANCEL_MS = 30_000;

const registry = perApp(() => ({ live: new Map<string, Entry>(), early: new Map<string, { owner: string; at: number }>() }));

/** Who asked for a cancel: the requester owner and, when signed in, the user. */
export interface CancelRequest {
  connectionId: string;
  owner: string;
  userId: string | null;
}

/**
 * Work that is tied to a connection id but not running under it yet (a saved turn whose answer has
 * not started) registers here, by name, so a cancel reaches it too.
 */
const hooks = perApp(() => new Map<string, (req: CancelRequest) => boolean | Promise<boolean>>());

export function onCancel(ctx: AppContext, name: string, fn: (req: CancelRequest) => boolean | Promise<boolean>): void {
  hooks(ctx).set(name, fn);
}

/** A cancel for `id` from `owner` arrived before anything registered under it (kept, not consumed). */
export function cancelledEarly(ctx: AppContext, id: string, owner: string): boolean {
  const early = registry(ctx).early.get(id);
  return !!early && early.owner === owner && Date.now() - early.at < EARLY_CANCEL_MS;
}

/** Stops what runs on this instance under the id (the request, and anything bound to it: see onCancel). */
async function cancelHere(ctx: AppContext, req: CancelRequest): Promise<boolean> {
  let hit = cancelConnection(ctx, req.connectionId, req.owner);
  for (const fn of hooks(ctx).values()) hit = (await fn(req)) || hit;
  return hit;
}

const CANCEL_CHANNEL = 'cancel';

/**
 * /api/cancel: stops the running request with that id and anything else bound to it (see onCancel). With several
 * instances (issue 36) the answer may stream from another one: a cancel that stops nothing here is sent to the others
 * (src/cluster), which apply it the same way, a not-yet-registered request included (kept as an early cancel). The
 * result says whether this instance stopped something (the browser does not show it).
 */
export async function cancelEverywhere(ctx: AppContext, req: CancelRequest): Promise<boolean> {
  const hit = await cancelHere(ctx, req);
  if (!hit) await clusterBus(ctx).publish(CANCEL_CHANNEL, { ...req });
  return hit;
}

/** Applies the cancels other instances send (issue 36). Called once per app where /api/cancel is mounted. */
export async function receiveCancels(ctx: AppContext): Promise<void> {
  await clusterBus(ctx).subscribe(CANCEL_CHANNEL, (m) => {
    if (typeof m.connectionId !== 'string' || typeof m.owner !== 'string') return;
    const req: CancelRequest = { connectionId: m.connectionId, owner: m.owner, userId: typeof m.userId === 'string' ? m.userId : null };
    cancelHere(ctx, req).catch((e) => ctx.log.warn('a cancel from another instance failed', { error: (e as Error).message }));
  });
}

export function registerConnection(ctx: AppContext, id: string, owner: string): AbortSignal {
  const r = registry(ctx);
  const existing = r.live.get(id);
  if (existing && existing.owner !== owner) throw new AppError('conflict', 'connection_id นี้ถูกใช้งานอยู่');
  existing?.controller.abort(new Error('replaced'));
  const controller = new AbortController();
  r.live.set(id, { owner, controller });
  const early = r.early.get(id);
  if (early) {
    r.early.delete(id);
    if (early.owner === owner && Date.now() - early.at < EARLY_CANCEL_MS) controller.abort(new Error('cancelled'));
  }
  return controller.signal;
}

/** Forgets a finished request (only the entry that `signal` belongs to: the id may have been reused). */
export function releaseConnection(ctx: AppContext, id: string, signal: AbortSignal): void {
  const r = registry(ctx);
  if (r.live.get(id)?.controller.signal === signal) r.live.delete(id);
}

export function cancelConnection(ctx: AppContext, id: string, owner: string): boolean {
  const r = registry(ctx);
  const entry = r.live.get(id);
  if (!entry) {
    const now = Date.now();
    for (const [k, v] of r.early) if (now - v.at > EARLY_CANCEL_MS) r.early.delete(k);
    if (r.early.size < 10_000) r.early.set(id, { owner, at: now });
    return false;
  }
  if (entry.owner !== owner) return false;
  entry.controller.abort(new Error('cancelled'));
  r.live.delete(id);
  return true;
}

export function inFlightCount(ctx: AppContext): number {
  return registry(ctx).live.size;
}
