import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { type AppContext, perApp } from '../../src/context';
import { diskCheck } from './disk';
import { sharedProbe } from './shared-probe';
import { modelServerCheck } from './model-server';
import { indexHealth } from '../knowledge';

export interface HealthCheck {
  ok: boolean;
  error?: string;
  [k: string]: unknown;
}
export interface HealthReport {
  ok: boolean;
  /** 'degraded': every check passes but one reports it is close to failing (e.g. disk nearly full) */
  status: 'ok' | 'degraded' | 'down';
  version: string;
  uptimeS: number;
  checks: Record<string, HealthCheck>;
}

type Probe = (ctx: AppContext) => Promise<HealthCheck> | HealthCheck;
const probes = new Map<string, Probe>();

/** Features register what "healthy" means for them (documents registers its repair state). */
export function registerHealthProbe(name: string, probe: Probe): void {
  probes.set(name, probe);
}

registerHealthProbe('database', async (ctx) => {
  try {
    await queryRows(ctx, sql`select 1`);
    return { ok: true };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
});

// knowledge sits below every module and imports none, so its probe is registered here. Its reading is
// shared (shared-probe.ts): at most one index read a second, whatever the polling rate.
const knowledgeCheck = perApp((ctx) => sharedProbe(() => indexHealth(ctx), { freshMs: 1_000, maxStaleMs: 10_000 }));
registerHealthProbe('knowledge', (ctx) => knowledgeCheck(ctx)());

registerHealthProbe('disk', diskCheck);
registerHealthProbe('model', modelServerCheck);

const started = Date.now();

export async function checkHealth(ctx: AppContext): Promise<HealthReport> {
  const checks: Record<string, HealthCheck> = {};
  for (const [name, probe] of probes) {
    try {
      checks[name] = await probe(ctx);
    } catch (e) {
      checks[name] = { ok: false, error: (e as Error).message };
    }
  }
  const ok = Object.values(checks).every((c) => c.ok);
  const status = !ok ? 'down' : Object.values(checks).some((c) => c.degraded === true) ? 'degraded' : 'ok';
  return { ok, status, version: APP_VERSION, uptimeS: Math.round((Date.now() - started) / 1000), checks };
}

export const APP_VERSION = '3.0.0';
