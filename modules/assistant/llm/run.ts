// Runs a provider with the guarantees the chat needs: a deadline for the first token, an idle limit
// between tokens, an overall limit, the caller's cancel, and every failure mapped to the spec's texts.
import type { AppContext } from '../../../src/context';
import { AppError, MESSAGES } from '../../../src/http/errors';
import { ollamaProvider } from './ollama';
import { openAiProvider } from './openai';
import type { ChatMessage, LlmProvider, LlmResult, LlmUsage } from './types';

export const CANCELLED_MESSAGE = 'ยกเลิกการประมวลผลแล้ว กรุณาลองใหม่อีกครั้ง';
/** Longest silence allowed between two tokens once a reply has started. */
const MAX_IDLE_MS = 30_000;

/** The configured model server, or null for the embedded extractive answerer. */
export function configuredProvider(ctx: AppContext): LlmProvider | null {
  const llm = ctx.config.llm;
  if (llm.openaiBaseUrl) return openAiProvider({ baseUrl: llm.openaiBaseUrl, model: llm.openaiModel, apiKey: llm.openaiApiKey });
  if (llm.ollamaHost) return ollamaProvider({ host: llm.ollamaHost, model: llm.ollamaModel, numCtx: llm.ollamaNumCtx, keepAlive: llm.ollamaKeepAlive });
  return null;
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  onToken?: (delta: string) => void;
  temperature?: number;
  maxTokens?: number;
}

export const cancelledError = () => new AppError('cancelled', CANCELLED_MESSAGE);

export async function runLlm(provider: LlmProvider, messages: ChatMessage[], opts: RunOptions): Promise<LlmResult> {
  const local = new AbortController();
  let timedOut = false;
  const started = Date.now();
  const expire = () => {
    timedOut = true;
    local.abort(new Error('timeout'));
  };
  // Until the first token the whole budget applies (a cold model loads); afterwards the idle limit too.
  let timer = setTimeout(expire, opts.timeoutMs);
  const rearm = () => {
    clearTimeout(timer);
    const left = opts.timeoutMs - (Date.now() - started);
    timer = setTimeout(expire, Math.max(0, Math.min(left, MAX_IDLE_MS)));
  };
  const onCancel = () => local.abort(new Error('cancelled'));
  if (opts.signal?.aborted) throw cancelledError();
  opts.signal?.addEventListener('abort', onCancel, { once: true });
  let text = '';
  let usage: LlmUsage | null = null;
  try {
    for await (const chunk of provider.stream(messages, { signal: local.signal, temperature: opts.temperature, maxTokens: opts.maxTokens })) {
      if (local.signal.aborted) break;
      rearm();
      if ('usage' in chunk) usage = chunk.usage;
      else if (chunk.delta) {
        text += chunk.delta;
        opts.onToken?.(chunk.delta);
      }
    }
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
    if (!local.signal.aborted) local.abort(new Error('done'));
  }
  if (opts.signal?.aborted) throw cancelledError();
  if (timedOut) throw new AppError('ai_timeout', MESSAGES.aiConnection);
  if (!text.trim()) throw new AppError('ai_empty', MESSAGES.aiEmpty);
  return { text, usage };
}

function describe(err: unknown): string {
  return (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 300);
}
