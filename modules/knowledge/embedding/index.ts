// Embedding providers behind one interface. The `id` is persisted with the index so a change of
// provider or model (which makes stored vectors meaningless) is detected at start-up.
import { createOllamaEmbedder } from "./ollama.ts";
import { createTransformersEmbedder } from "./transformers.ts";

export interface Embedder {
  /** e.g. 'none', 'transformers:<dir>', 'ollama:bge-m3' */
  id: string;
  /** Vector length, or null when the provider produces no vectors (lexical-only search). */
  dimensions: number | null;
  embedQueries(texts: string[]): Promise<number[][]>;
  embedPassages(texts: string[]): Promise<number[][]>;
}

export interface EmbedderConfig {
  provider: "none" | "transformers" | "ollama";
  modelDir?: string;
  ollamaHost?: string;
  ollamaModel?: string;
  /** e5-style prefixes; default 'query: ' / 'passage: ' for transformers, none for Ollama. */
  queryPrefix?: string;
  passagePrefix?: string;
}

export const noEmbedder: Embedder = {
  id: "none",
  dimensions: null,
  embedQueries: async (texts) => texts.map(() => []),
  embedPassages: async (texts) => texts.map(() => []),
};

export async function createEmbedder(cfg: EmbedderConfig): Promise<Embedder> {
  switch (cfg.provider) {
    case "none":
      return noEmbedder;
    case "transformers":
      if (!cfg.modelDir) throw new Error("embedding provider 'transformers' needs modelDir");
      return createTransformersEmbedder(cfg.modelDir, cfg.queryPrefix ?? "query: ", cfg.passagePrefix ?? "passage: ");
    case "ollama":
      return createOllamaEmbedder(cfg.ollamaHost ?? "http://127.0.0.1:11434", cfg.ollamaModel ?? "bge-m3", cfg.queryPrefix ?? "", cfg.passagePrefix ?? "");
    default:
      throw new Error(`unknown embedding provider: ${String((cfg as { provider: unknown }).provider)}`);
  }
}
