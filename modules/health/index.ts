import { Elysia } from 'elysia';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { APP_VERSION, checkHealth } from './service';
import { registerRuntimeMetrics } from '../../src/runtime-metrics';
import { metrics } from '../../src/metrics';
import { dirBytes } from '../../src/dir-size';
import { forbidden, notFound } from '../../src/http/errors';
import { clientIp } from '../../src/http/rate-limit';
import { knowledgeIndex } from '../knowledge';
import { HealthResponses } from '../../contracts/health';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Scrapes come from the same machine, or present METRICS_TOKEN. A relayed request is local only when TRUST_PROXY
 * says whose X-Forwarded-For to believe and the client it names (see clientIp) is this machine; X-Real-IP or
 * Forwarded alone never make one local (a proxy that sets only those gives no address we can check).
 */
function mayScrape(ctx: AppContext, request: Request, socketIp: string | undefined): boolean {
  const auth = request.headers.get('authorization');
  if (ctx.config.metricsToken && auth === `Bearer ${ctx.config.metricsToken}`) return true;
  if (socketIp === undefined || !LOOPBACK.test(socketIp)) return false;
  const h = request.headers;
  if (h.has('x-real-ip') || h.has('forwarded')) return false;
  if (!h.has('x-forwarded-for')) return true;
  return ctx.config.trustProxy && LOOPBACK.test(clientIp(ctx, request, socketIp));
}

const DOCUMENT_STATUSES = ['indexing', 'ready', 'failed'] as const;

/** Index and library size, read at scrape time through the app's own index handle (no second connection). */
function registerGauges(ctx: AppContext): void {
  const m = metrics(ctx);
  m.gauge('knowledge_index_chunks', async () => (await knowledgeIndex(ctx)).count(), 'Chunks in the knowledge index');
  m.gauge('knowledge_index_size_bytes', () => dirBytes(ctx.paths.indexDir), 'Size of DATA_DIR/index on disk');
  const { documents } = ctx.tables;
  const byStatus = async (status: (typeof DOCUMENT_STATUSES)[number]) =>
    Number((await ctx.db.select({ n: count() }).from(documents).where(eq(documents.status, status)))[0]?.n ?? 0);
  for (const status of DOCUMENT_STATUSES) m.gauge('documents', () => byStatus(status), 'Documents in the library by status', { status });
  registerRuntimeMetrics(m, { version: APP_VERSION });
}

export function healthModule(ctx: AppContext) {
  if (ctx.config.metricsEnabled) registerGauges(ctx);
  return (
    new Elysia({ name: 'health', seed: ctx.id })
      .get(
        '/healthz',
        async ({ set }) => {
          const report = await checkHealth(ctx);
          set.status = report.ok ? 200 : 503;
          return report;
        },
        { response: HealthResponses },
      )
      // Prometheus scrape endpoint, only when METRICS_ENABLED=true.
      .get('/metrics', async ({ set, request, server }) => {
        if (!ctx.config.metricsEnabled) throw notFound();
        if (!mayScrape(ctx, request, server?.requestIP(request)?.address)) throw forbidden('Metrics are available from this machine or with METRICS_TOKEN.');
        set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8';
        return metrics(ctx).render();
      })
  );
}
