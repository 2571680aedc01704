// Ollama through its official client. A client per request whose fetch carries our signal: the
// client's own abort only exists once headers arrive, and a cold model can take minutes to send them.
import { Ollama } from 'ollama';
import type { LlmProvider } from './types';

export interface OllamaSettings {
  host: string;
  model: string;
  numCtx: number;
  keepAlive: string;
}

export function ollamaProvider(s: OllamaSettings): LlmProvider {
  return {
    name: `ollama:${s.model}`,
    async *stream(messages, { signal, temperature, maxTokens }) {
      const client = new Ollama({
        host: s.host,
        fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
          fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal })) as typeof fetch,
      });
      signal.throwIfAborted();
      const parts = await client.chat({
        model: s.model,
        messages,
        stream: true,
        keep_alive: s.keepAlive,
        options: { num_ctx: s.numCtx, temperature: temperature ?? 0.2, ...(maxTokens ? { num_predict: maxTokens } : {}) },
      });
      const stop = () => parts.abort();
      signal.addEventListener('abort', stop, { once: true });
      try {
        for await (const part of parts) {
          if (part.message?.content) yield { delta: part.message.content };
          if (part.done) {
            yield { usage: { promptTokens: part.prompt_eval_count ?? 0, completionTokens: part.eval_count ?? 0 } };
            if (part.done_reason) yield { finish: part.done_reason };
          }
        }
      } finally {
        signal.removeEventListener('abort', stop);
        // Leaving the loop early (timeout, consumer stopped) must also close the HTTP request.
        parts.abort();
      }
    },
  };
}
