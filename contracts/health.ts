// GET /healthz (ours; docs/api.md): the same report with 200 when every check passes, 503 when one fails.
import { t } from 'elysia';

/** One probe's answer: `ok`, an `error` when not, and whatever the probe adds (disk: free bytes, degraded…). */
export const HealthCheck = t.Object({ ok: t.Boolean(), error: t.Optional(t.String()) }, { additionalProperties: true });
export type HealthCheck = typeof HealthCheck.static;

export const HealthReport = t.Object({
  ok: t.Boolean(),
  /** 'degraded': every check passes but one reports it is close to failing (e.g. disk nearly full) */
  status: t.Union([t.Literal('ok'), t.Literal('degraded'), t.Literal('down')]),
  version: t.String(),
  uptimeS: t.Number(),
  checks: t.Record(t.String(), HealthCheck),
});
export type HealthReport = typeof HealthReport.static;

export const HealthResponses = { 200: HealthReport, 503: HealthReport };
