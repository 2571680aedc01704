// Runs a provider with the guarantees the chat needs: a deadline for the first token, an idle limit
// between tokens, an overall limit, the caller's cancel, and every failure mapped to the spec's texts.
import type { AppContext } from '../../../src/context';
import { AppError, MESSAGES } from '../../../src/http/errors';
import { metrics } from '../../../src/metrics';
import { ollamaProvider } from './ollama';
import { openAiProvider } from './openai';
import type { ChatMessage, LlmProvider, LlmResult, LlmUsage } from './types';
import { ThinkFilter } from './think-filter';

export const CANCELLED_MESSAGE = 'ยกเลิกการประมวลผลแล้ว กรุณาลองใหม่อีกครั้ง';
/** Said after a reply the model cut at its token limit, so nobody takes it for the whole answer. */
export const TRUNCATED_NOTE = '(คำตอบนี้ยาวเกินขีดจำกัดของโมเดลจึงถูกตัดไว้เพียงเท่านี้ กรุณาถามให้เจาะจงขึ้นเพื่อรับคำตอบที่ครบถ้วน)';
/** Longest silence allowed between two tokens once a reply has started. */
const MAX_IDLE_MS = 30_000;

/** The configured model server, or null for the embedded extractive answerer. */
export function configuredProvider(ctx: AppContext): LlmProvider | null {
  const llm = ctx.config.llm;
  if (llm.openaiBaseUrl) return openAiProvider({ baseUrl: llm.openaiBaseUrl, model: llm.openaiModel, apiKey: llm.openaiApiKey });
  if (llm.ollamaHost) return ollamaProvider({ host: llm.ollamaHost, model: llm.ollamaModel, numCtx: llm.contextTokens, keepAlive: llm.ollamaKeepAlive });
  return null;
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** longest silence between tokens once the reply started (default 30 s) */
  idleMs?: number;
  onToken?: (delta: string) => void;
  temperature?: number;
  maxTokens?: number;
  /** Say so after a reply cut at the model's token limit (default); titles are cut on purpose and say nothing. */
  noteTruncation?: boolean;
  /** The app and what the call is for: labels the llm_* metrics, recorded only when METRICS_ENABLED. */
  metrics?: { ctx: AppContext; purpose: LlmPurpose };
}

export type LlmPurpose = 'answer' | 'title' | 'draft';

export const cancelledError = () => new AppError('cancelled', CANCELLED_MESSAGE);

// Abort reasons (internal; shared so ending a request does not build an Error and its stack each time).
const TIMEOUT = new Error('timeout');
const CANCELLED = new Error('cancelled');
const DONE = new Error('done');

export async function runLlm(provider: LlmProvider, messages: ChatMessage[], opts: RunOptions): Promise<LlmResult> {
  const ctx = opts.metrics?.ctx;
  if (!ctx?.config.metricsEnabled) return generate(provider, messages, opts);
  // provider kind only ('ollama', 'openai'): the model is configuration, not worth a series per name
  const labels = { provider: provider.name.split(':')[0]!, purpose: opts.metrics!.purpose };
  const started = performance.now();
  let outcome = 'ok';
  try {
    const result = await generate(provider, messages, opts);
    if (result.usage) {
      metrics(ctx).inc('llm_prompt_tokens_total', labels, result.usage.promptTokens, 'Prompt tokens the model server reported');
      metrics(ctx).inc('llm_completion_tokens_total', labels, result.usage.completionTokens, 'Completion tokens the model server reported');
    }
    return result;
  } catch (err) {
    const code = err instanceof AppError ? err.code : null;
    outcome = code === 'cancelled' ? 'cancelled' : code === 'ai_timeout' ? 'timeout' : 'error';
    throw err;
  } finally {
    metrics(ctx).observe(
      'llm_request_duration_seconds',
      (performance.now() - started) / 1000,
      { ...labels, outcome },
      'Model calls, until the reply ended or failed',
    );
  }
}

async function generate(provider: LlmProvider, messages: ChatMessage[], opts: RunOptions): Promise<LlmResult> {
  const local = new AbortController();
  let timedOut = false;
  const started = Date.now();
  // Until the first token the whole budget applies (a cold model loads); afterwards the idle limit too.
  // One timer checks the deadline when it fires instead of being re-armed on every token (that cost
  // two timer operations per token, measurable under load).
  let lastToken = 0;
  const idleMs = opts.idleMs ?? MAX_IDLE_MS;
  const deadline = () => (lastToken ? Math.min(started + opts.timeoutMs, lastToken + idleMs) : started + opts.timeoutMs);
  const check = () => {
    const left = deadline() - Date.now();
    if (left > 0) timer = setTimeout(check, left);
    else {
      timedOut = true;
      local.abort(TIMEOUT);
    }
  };
  let timer = setTimeout(check, opts.timeoutMs);
  const onCancel = () => local.abort(CANCELLED);
  if (opts.signal?.aborted) throw cancelledError();
  opts.signal?.addEventListener('abort', onCancel, { once: true });
  let text = '';
  let usage: LlmUsage | null = null;
  let finish: string | null = null;
  const think = new ThinkFilter();
  const emit = (shown: string) => {
    if (!shown) return;
    text += shown;
    opts.onToken?.(shown);
  };
  try {
    for await (const chunk of provider.stream(messages, { signal: local.signal, temperature: opts.temperature, maxTokens: opts.maxTokens })) {
      if (local.signal.aborted) break;
      if (!lastToken) {
        // from now on the idle limit may come first: check at whichever deadline is sooner
        clearTimeout(timer);
        lastToken = Date.now();
        timer = setTimeout(check, Math.max(0, deadline() - lastToken));
      } else lastToken = Date.now();
      if ('usage' in chunk) usage = chunk.usage;
      else if ('finish' in chunk) finish = chunk.finish;
      else if (chunk.delta) emit(think.push(chunk.delta));
    }
    emit(think.end());
  } catch (err) {
    if (!local.signal.aborted) {
      // The cause is for the log only: the client gets the spec's fixed text.
      const failure = new AppError('ai_unavailable', MESSAGES.aiConnection);
      failure.cause = describe(err);
      throw failure;
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCancel);
    if (!local.signal.aborted) local.abort(DONE); // closes the model request if still open
  }
  if (opts.signal?.aborted) throw cancelledError();
  if (timedOut) throw new AppError('ai_timeout', MESSAGES.aiConnection);
  if (!text.trim()) throw new AppError('ai_empty', MESSAGES.aiEmpty);
  const truncated = finish === 'length';
  if (truncated && opts.noteTruncation !== false) emit(`\n\n${TRUNCATED_NOTE}`);
  return { text, usage, truncated };
}

function describe(err: unknown): string {
  return (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 300);
}
