// Embedding providers behind one interface. The `id` is persisted with the index so a change of
// provider or model (which makes stored vectors meaningless) is detected at start-up.
import { createOllamaEmbedder } from './ollama.ts';
import { createTransformersEmbedder } from './transformers.ts';
import { embeddingPrefixes, localModelPrefixes } from './prefixes.ts';

export interface Embedder {
  /** e.g. 'none', 'transformers:<dir>', 'ollama:bge-m3' */
  id: string;
  /** Vector length, or null when the provider produces no vectors (lexical-only search). */
  dimensions: number | null;
  embedQueries(texts: string[]): Promise<number[][]>;
  embedPassages(texts: string[]): Promise<number[][]>;
}

export interface EmbedderConfig {
  provider: 'none' | 'transformers' | 'ollama';
  modelDir?: string;
  ollamaHost?: string;
  ollamaModel?: string;
  /** Explicit prefixes (even empty) win; unset, they follow the model family (prefixes.ts). */
  queryPrefix?: string | null;
  passagePrefix?: string | null;
  /** deadline of one embedding call to the Ollama server */
  timeoutMs?: number;
  /** vector size an existing index recorded for this embedder (see OllamaEmbedderOptions.knownDimensions) */
  knownDimensions?: number | null;
}

export const noEmbedder: Embedder = {
  id: 'none',
  dimensions: null,
  embedQueries: async (texts) => texts.map(() => []),
  embedPassages: async (texts) => texts.map(() => []),
};

export async function createEmbedder(cfg: EmbedderConfig): Promise<Embedder> {
  switch (cfg.provider) {
    case 'none':
      return noEmbedder;
    case 'transformers':
      if (!cfg.modelDir) throw new Error("embedding provider 'transformers' needs modelDir");
      {
        const p = localModelPrefixes(cfg.modelDir, { query: cfg.queryPrefix, passage: cfg.passagePrefix });
        return createTransformersEmbedder(cfg.modelDir, p.query, p.passage);
      }
    case 'ollama': {
      const model = cfg.ollamaModel ?? 'bge-m3';
      const p = embeddingPrefixes(model, { query: cfg.queryPrefix, passage: cfg.passagePrefix }, { query: '', passage: '' });
      return createOllamaEmbedder({
        host: cfg.ollamaHost ?? 'http://127.0.0.1:11434',
        model,
        queryPrefix: p.query,
        passagePrefix: p.passage,
        timeoutMs: cfg.timeoutMs ?? 10_000,
        knownDimensions: cfg.knownDimensions,
      });
    }
    default:
      throw new Error(`unknown embedding provider: ${String((cfg as { provider: unknown }).provider)}`);
  }
}
