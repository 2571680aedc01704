import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { checkHealth } from './service';

export function healthModule(ctx: AppContext) {
  return new Elysia({ name: 'health', seed: ctx.id }).get('/healthz', async ({ set }) => {
    const report = await checkHealth(ctx);
    set.status = report.ok ? 200 : 503;
    return report;
  });
}
