// Instruction prefixes differ by embedding model family, and the wrong one costs recall: e5 models were
// trained with "query: "/"passage: ", nomic-embed-text with "search_query: "/"search_document: ",
// mxbai-embed-large and snowflake-arctic-embed with an instruction on queries only, and bge-m3 with none.
// An explicit EMBEDDING_QUERY_PREFIX / EMBEDDING_PASSAGE_PREFIX (even empty) wins over the family's.
import { basename } from 'node:path';

export interface Prefixes {
  query: string;
  passage: string;
}

const RETRIEVAL_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

const FAMILIES: Array<[RegExp, Prefixes]> = [
  [/e5/i, { query: 'query: ', passage: 'passage: ' }],
  [/nomic-embed/i, { query: 'search_query: ', passage: 'search_document: ' }],
  [/mxbai-embed|snowflake-arctic-embed/i, { query: RETRIEVAL_INSTRUCTION, passage: '' }],
  [/bge|gte|minilm|mpnet|paraphrase/i, { query: '', passage: '' }],
];

/** The prefixes for `model` (an Ollama model name or a local model folder); `fallback` when the family is unknown. */
export function embeddingPrefixes(model: string, explicit: { query?: string | null; passage?: string | null }, fallback: Prefixes): Prefixes {
  const family = FAMILIES.find(([re]) => re.test(model))?.[1] ?? fallback;
  return { query: explicit.query ?? family.query, passage: explicit.passage ?? family.passage };
}

// Local ONNX models here are mostly multilingual-e5 exports: e5 prefixes unless the folder names another family.
const LOCAL_DEFAULT: Prefixes = { query: 'query: ', passage: 'passage: ' };

/**
 * The prefixes for a local model folder: its family is named by the folder itself, not by where it lives
 * ("/srv/gte-cache/multilingual-e5-small" is an e5 model; a temporary folder's random name can spell "gte" or "bge").
 */
export function localModelPrefixes(modelDir: string, explicit: { query?: string | null; passage?: string | null }): Prefixes {
  return embeddingPrefixes(basename(modelDir), explicit, LOCAL_DEFAULT);
}
