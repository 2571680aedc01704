// Any OpenAI-compatible server (vLLM, llama.cpp server, LM Studio, …): /chat/completions with SSE.
import type { LlmProvider } from './types';

export interface OpenAiSettings {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export class LlmHttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`LLM server answered ${status}: ${body.slice(0, 200)}`);
    this.name = 'LlmHttpError';
  }
}

/** Splits an SSE byte stream into `data:` payloads. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let sep: number;
      while ((sep = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, sep);
        buf = buf.slice(sep + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim());
        if (data.length) yield data.join('\n');
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

export function openAiProvider(s: OpenAiSettings): LlmProvider {
  return {
    name: `openai:${s.model}`,
    async *stream(messages, { signal, temperature, maxTokens }) {
      const res = await fetch(`${s.baseUrl}/chat/completions`, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
        body: JSON.stringify({
          model: s.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          temperature: temperature ?? 0.2,
          ...(maxTokens ? { max_tokens: maxTokens } : {}),
        }),
      });
      if (!res.ok || !res.body) throw new LlmHttpError(res.status, await res.text().catch(() => ''));
      for await (const data of sseData(res.body)) {
        if (data === '[DONE]') return;
        const msg = JSON.parse(data) as {
          error?: { message?: string };
          choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
          usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
        };
        if (msg.error) throw new Error(msg.error.message ?? 'LLM stream error');
        const delta = msg.choices?.[0]?.delta?.content;
        if (delta) yield { delta };
        const finish = msg.choices?.[0]?.finish_reason;
        if (finish) yield { finish };
        if (msg.usage) yield { usage: { promptTokens: msg.usage.prompt_tokens ?? 0, completionTokens: msg.usage.completion_tokens ?? 0 } };
      }
    },
  };
}
