// Test fixture: writes a real, minimal BERT-shaped model folder (ONNX + tokenizer) so the
// transformers.js path runs end to end without downloading weights. The ONNX graph is a single
// Gather: last_hidden_state[b, s, :] = table[input_ids[b, s], :]. The tokenizer is WordPiece over
// single characters, so texts sharing characters get similar (mean-pooled) embeddings.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// --- protobuf wire format, just what ModelProto needs ---
function varint(n: number | bigint): number[] {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}
const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const bytes = (field: number, data: Uint8Array | number[]) => [...key(field, 2), ...varint(data.length), ...data];
const str = (field: number, s: string) => bytes(field, new TextEncoder().encode(s));

const INT64 = 7;
const FLOAT = 1;
function dim(d: number | string) {
  return typeof d === 'number' ? int(1, d) : str(2, d);
}
function valueInfo(name: string, elemType: number, dims: Array<number | string>) {
  const shape = dims.flatMap((d) => bytes(1, dim(d)));
  const tensorType = [...int(1, elemType), ...bytes(2, shape)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
}

export function tinyBertOnnx(vocabSize: number, hidden: number): Uint8Array {
  // Deterministic pseudo-random embedding table (LCG), so test expectations are stable.
  const table = new Float32Array(vocabSize * hidden);
  let seed = 12345;
  for (let i = 0; i < table.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    table[i] = seed / 2147483648 - 0.5;
  }
  const initializer = [...int(1, vocabSize), ...int(1, hidden), ...int(2, FLOAT), ...str(8, 'embeddings'), ...bytes(9, new Uint8Array(table.buffer))];
  const node = [...str(1, 'embeddings'), ...str(1, 'input_ids'), ...str(2, 'last_hidden_state'), ...str(3, 'gather'), ...str(4, 'Gather')];
  const graph = [
    ...bytes(1, node),
    ...str(2, 'tiny-bert'),
    ...bytes(5, initializer),
    ...bytes(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    ...bytes(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
    ...bytes(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', hidden])),
  ];
  const model = [...int(1, 8), ...str(2, 'ask-reg-test'), ...bytes(7, graph), ...bytes(8, [...str(1, ''), ...int(2, 13)])];
  return new Uint8Array(model);
}

/** Writes <dir>/{config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx}; returns the vocabulary size. */
export async function writeTinyBertModel(dir: string, hidden = 16): Promise<number> {
  const chars = new Set<string>();
  for (let c = 0x0e01; c <= 0x0e5b; c++) chars.add(String.fromCharCode(c));
  for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789:') chars.add(c);
  const vocab: Record<string, number> = { '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3 };
  for (const c of chars) {
    vocab[c] = Object.keys(vocab).length;
    vocab['##' + c] = Object.keys(vocab).length;
  }
  const vocabSize = Object.keys(vocab).length;
  const special = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: special,
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: false, lowercase: true },
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
      special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 1000, vocab },
  };
  await mkdir(join(dir, 'onnx'), { recursive: true });
  await writeFile(join(dir, 'onnx', 'model.onnx'), tinyBertOnnx(vocabSize, hidden));
  await writeFile(join(dir, 'tokenizer.json'), JSON.stringify(tokenizer));
  await writeFile(
    join(dir, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 512,
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      cls_token: '[CLS]',
      sep_token: '[SEP]',
    }),
  );
  await writeFile(
    join(dir, 'config.json'),
    JSON.stringify({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: hidden,
      vocab_size: vocabSize,
      max_position_embeddings: 512,
      num_attention_heads: 1,
      num_hidden_layers: 1,
    }),
  );
  return vocabSize;
}
