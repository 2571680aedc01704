// The one guard mechanism: every API route declares `access`, every page `pageAccess` (the same levels,
// answered with a redirect instead of 401/403). Both read the caller the global derive resolved once per
// request. The authorization test walks all registered routes so a forgotten guard cannot slip through.
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { callerFromRequest, type Caller } from './auth-context';
import { forbidden, unauthorized } from './errors';

export type Access = 'public' | 'signedIn' | 'user' | 'admin';

export function guards(ctx: AppContext) {
  return new Elysia({ name: 'guards', seed: ctx.id })
    .derive({ as: 'global' }, ({ request }) => ({ caller: callerFromRequest(ctx, request) as Caller | null }))
    .macro({
      access: (level: Access) => ({
        resolve({ caller }: { caller: Caller | null }) {
          if (level === 'public') return { me: caller };
          if (!caller) throw unauthorized();
          if (level === 'admin' && caller.role !== 'admin') throw forbidden();
          if (level === 'user' && caller.role !== 'user') throw forbidden('Access denied.');
          return { me: caller };
        },
      }),
      /** chat.md §4 route guard: no session or a role the page is not for → /login, before any HTML is rendered. */
      pageAccess: (level: Access) => ({
        beforeHandle({ caller }: { caller: Caller | null }) {
          const to = pageRedirect(level, caller);
          if (to) return new Response(null, { status: 302, headers: { location: to, 'cache-control': 'no-store' } });
        },
        resolve: ({ caller }: { caller: Caller | null }) => ({ me: caller }),
      }),
    });
}

/** Where a page sends someone whose role may not open it (chat.md §4: route guard). */
export function pageRedirect(level: Access, caller: Caller | null): string | null {
  if (level === 'public') return null;
  if (!caller) return '/login';
  if (level === 'admin' && caller.role !== 'admin') return '/login';
  if (level === 'user' && caller.role !== 'user') return '/login';
  return null;
}

export function homeFor(caller: Caller | null): string {
  if (!caller) return '/landing';
  return caller.role === 'admin' ? '/admin/management' : '/user/chat';
}
