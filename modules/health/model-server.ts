// Whether the configured model server answers, for /healthz: a cheap listing call (Ollama /api/tags,
// OpenAI-compatible /models) with a short deadline, remembered for 30 s so health checks every few
// seconds do not load the model server. Unreachable is "degraded", not "down": the library, the
// console and drafts without a model keep working, and answers say the AI is unavailable.
import type { AppContext } from '../../src/context';
import { perApp } from '../../src/context';
import type { HealthCheck } from './service';

const TIMEOUT_MS = 2_000;
const REMEMBER_MS = 30_000;

const lastProbe = perApp((): { at: number; result: HealthCheck | null } => ({ at: 0, result: null }));

function endpoint(ctx: AppContext): { provider: string; url: string; headers: Record<string, string> } | null {
  const llm = ctx.config.llm;
  if (llm.openaiBaseUrl)
    return {
      provider: 'openai',
      url: `${llm.openaiBaseUrl.replace(/\/+$/, '')}/models`,
      headers: llm.openaiApiKey ? { authorization: `Bearer ${llm.openaiApiKey}` } : {},
    };
  if (llm.ollamaHost) return { provider: 'ollama', url: `${llm.ollamaHost.replace(/\/+$/, '')}/api/tags`, headers: {} };
  return null;
}

export async function modelServerCheck(ctx: AppContext): Promise<HealthCheck> {
  const target = endpoint(ctx);
  if (!target) return { ok: true, configured: false };
  const memo = lastProbe(ctx);
  if (memo.result && Date.now() - memo.at < REMEMBER_MS) return memo.result;
  const started = performance.now();
  let result: HealthCheck;
  try {
    const res = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.body?.cancel();
    result = {
      ok: true,
      configured: true,
      provider: target.provider,
      reachable: res.ok,
      degraded: !res.ok,
      status: res.status,
      ms: Math.round(performance.now() - started),
    };
  } catch (e) {
    const timedOut = e instanceof Error && e.name === 'TimeoutError';
    result = {
      ok: true,
      configured: true,
      provider: target.provider,
      reachable: false,
      degraded: true,
      error: timedOut ? `no answer within ${TIMEOUT_MS} ms` : 'connection failed',
    };
  }
  memo.at = Date.now();
  memo.result = result;
  return result;
}
