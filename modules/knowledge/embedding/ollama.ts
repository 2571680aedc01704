// Embeddings from an Ollama server through its /api/embed endpoint (batch input).
import { Ollama } from "ollama";
import type { Embedder } from "./index.ts";
import { normalize } from "./normalize.ts";

const BATCH = 32;

export async function createOllamaEmbedder(host: string, model: string, queryPrefix: string, passagePrefix: string): Promise<Embedder> {
  const client = new Ollama({ host });

  async function embed(texts: string[], prefix: string): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const input = texts.slice(i, i + BATCH).map((t) => prefix + t);
      const res = await client.embed({ model, input });
      if (res.embeddings.length !== input.length) throw new Error(`ollama returned ${res.embeddings.length} embeddings for ${input.length} inputs`);
      out.push(...res.embeddings.map(normalize));
    }
    return out;
  }

  // One probe call learns the dimension and fails fast when the server or model is missing.
  const [probe] = await embed(["probe"], "");
  return {
    id: `ollama:${model}`,
    dimensions: probe.length,
    embedQueries: (texts) => embed(texts, queryPrefix),
    embedPassages: (texts) => embed(texts, passagePrefix),
  };
}
