// Public JSON bodies are refused when they carry fields their route does not define (issue 34 finding 5:
// `{"message":"ก","pad":…}` was accepted). Elysia drops unknown fields silently; a client that sends them is
// either broken or padding, and should hear so. The route's fields are read from its body schema in
// `app.routes`, once, after the app is composed (createApp registers it).
import { perApp, type AppContext } from '../context';
import { badRequest } from './errors';

type Routes = { routes: ReadonlyArray<{ method: string; path: string; hooks?: unknown }> };

const registry = perApp(() => ({
  app: null as Routes | null,
  hooks: null as Map<string, unknown> | null,
  fields: new Map<string, ReadonlySet<string> | null>(),
}));

export function registerRouteSchemas(ctx: AppContext, app: Routes): void {
  const r = registry(ctx);
  r.app = app;
  r.hooks = null;
  r.fields.clear();
}

/** A composed route's hooks (its schemas and lifecycle steps) from `app.routes`; undefined before registration. */
export function routeHooks(ctx: AppContext, method: string, route: string | undefined): unknown {
  const r = registry(ctx);
  if (!r.app || !route) return undefined;
  r.hooks ??= new Map(r.app.routes.map((x) => [`${x.method} ${x.path}`, x.hooks]));
  return r.hooks.get(`${method} ${route}`);
}

/** The fields a route's body may hold; null when its schema is not a closed object (no check). */
function fieldsOf(ctx: AppContext, method: string, route: string): ReadonlySet<string> | null {
  const key = `${method} ${route}`;
  const cache = registry(ctx).fields;
  if (!cache.has(key)) {
    const body = (routeHooks(ctx, method, route) as { body?: { type?: string; properties?: Record<string, unknown>; patternProperties?: unknown } } | undefined)
      ?.body;
    const closed = body?.type === 'object' && body.properties && !body.patternProperties;
    cache.set(key, closed ? new Set(Object.keys(body.properties!)) : null);
  }
  return cache.get(key) ?? null;
}

export const UNKNOWN_FIELDS = 'คำขอมีข้อมูลที่ระบบไม่รู้จัก';

/** Throws 400 naming (a few of) the fields the route does not define. */
export function refuseUnknownFields(ctx: AppContext, method: string, route: string | undefined, body: unknown): void {
  if (!route || !body || typeof body !== 'object' || Array.isArray(body)) return;
  const allowed = fieldsOf(ctx, method, route);
  if (!allowed) return;
  const unknown = Object.keys(body).filter((k) => !allowed.has(k));
  if (unknown.length) {
    const names = unknown.slice(0, 5).map((k) => k.slice(0, 40));
    throw badRequest(`${UNKNOWN_FIELDS}: ${names.join(', ')}`, { fields: names });
  }
}
