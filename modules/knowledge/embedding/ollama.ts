// Embeddings from an Ollama server through its /api/embed endpoint (batch input). Every call has a
// deadline: a hung embedding server must not hold a chat turn or an upload forever.
import { Ollama } from 'ollama';
import type { Embedder } from './index.ts';
import { normalize } from './normalize.ts';

const BATCH = 32;

export interface OllamaEmbedderOptions {
  host: string;
  model: string;
  queryPrefix: string;
  passagePrefix: string;
  timeoutMs: number;
  /**
   * The vector size an existing index recorded for this model. When the server cannot be reached at
   * start, the embedder still opens with it (calls fail until the server is back, and searches fall back
   * to the text index) instead of taking the whole index, and so every answer, down with it.
   */
  knownDimensions?: number | null;
}

export class EmbeddingUnavailableError extends Error {
  override name = 'EmbeddingUnavailableError';
}

export async function createOllamaEmbedder(o: OllamaEmbedderOptions): Promise<Embedder> {
  const timedFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const deadline = AbortSignal.timeout(o.timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  }) as typeof fetch;
  const client = new Ollama({ host: o.host, fetch: timedFetch });

  async function embed(texts: string[], prefix: string): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const input = texts.slice(i, i + BATCH).map((t) => prefix + t);
      let res;
      try {
        res = await client.embed({ model: o.model, input });
      } catch (e) {
        const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
        throw new EmbeddingUnavailableError(
          timedOut ? `embedding server did not answer within ${o.timeoutMs} ms` : `embedding server failed: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      if (res.embeddings.length !== input.length) throw new Error(`ollama returned ${res.embeddings.length} embeddings for ${input.length} inputs`);
      out.push(...res.embeddings.map(normalize));
    }
    return out;
  }

  // One probe call learns the dimension and fails fast when the server or model is missing.
  let dimensions: number;
  try {
    const [probe] = await embed(['probe'], '');
    dimensions = probe.length;
  } catch (e) {
    if (!o.knownDimensions || !(e instanceof EmbeddingUnavailableError)) throw e;
    dimensions = o.knownDimensions;
  }
  return {
    id: `ollama:${o.model}`,
    dimensions,
    embedQueries: (texts) => embed(texts, o.queryPrefix),
    embedPassages: (texts) => embed(texts, o.passagePrefix),
  };
}
