// Local embeddings with @huggingface/transformers from a model folder on disk (never downloads):
// feature-extraction pipeline, mean pooling over the attention mask, L2 normalisation.
import path from 'node:path';
import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import type { Embedder } from './index.ts';

const BATCH = 16;

export async function createTransformersEmbedder(modelDir: string, queryPrefix: string, passagePrefix: string): Promise<Embedder> {
  const absolute = path.resolve(modelDir);
  // Imported on demand: the package loads sharp and onnxruntime (native addons) at import time, and the
  // single binary leaves it out (--external).
  const { env, pipeline } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = path.dirname(absolute) + path.sep;
  const extractor = (await pipeline('feature-extraction', path.basename(absolute), { dtype: 'fp32' })) as FeatureExtractionPipeline;

  async function embed(texts: string[], prefix: string): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const batch = texts.slice(i, i + BATCH).map((t) => prefix + t);
      const tensor = await extractor(batch, { pooling: 'mean', normalize: true });
      out.push(...(tensor.tolist() as number[][]));
    }
    return out;
  }

  const [probe] = await embed(['probe'], '');
  return {
    id: `transformers:${absolute}`,
    dimensions: probe.length,
    embedQueries: (texts) => embed(texts, queryPrefix),
    embedPassages: (texts) => embed(texts, passagePrefix),
  };
}
