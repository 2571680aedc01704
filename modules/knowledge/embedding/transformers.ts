// Local embeddings with @huggingface/transformers from a model folder on disk (never downloads):
// feature-extraction pipeline, mean pooling over the attention mask, L2 normalisation.
import path from 'node:path';
import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import type { Embedder } from './index.ts';

const BATCH = 16;

type TransformersModule = typeof import('@huggingface/transformers');

export const TRANSFORMERS_MISSING =
  'EMBEDDING_PROVIDER=transformers ต้องใช้แพ็กเกจ @huggingface/transformers ซึ่งไม่ได้ติดตั้งไว้ในชุดนี้ ' +
  '(อิมเมจ Docker แบบปกติไม่รวมไว้: สร้างด้วย --build-arg WITH_LOCAL_EMBEDDER=1) หรือเลือก EMBEDDING_PROVIDER=ollama หรือ none. ' +
  'EMBEDDING_PROVIDER=transformers needs the @huggingface/transformers package, which this installation does not have ' +
  '(the default Docker image leaves it out: build with --build-arg WITH_LOCAL_EMBEDDER=1), or choose EMBEDDING_PROVIDER=ollama or none.';

/**
 * Imported on demand: the package loads sharp and onnxruntime (native addons) at import time, the single
 * binary leaves it out (--external) and so does the default Docker image (scripts/prune-runtime.ts). Without
 * it, choosing this provider fails with what to do instead of a bare resolver error.
 */
export async function importTransformers(load: () => Promise<TransformersModule> = () => import('@huggingface/transformers')): Promise<TransformersModule> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(`${TRANSFORMERS_MISSING} (${(error as Error).message})`, { cause: error });
  }
}

export async function createTransformersEmbedder(modelDir: string, queryPrefix: string, passagePrefix: string): Promise<Embedder> {
  const absolute = path.resolve(modelDir);
  const { env, pipeline } = await importTransformers();
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
