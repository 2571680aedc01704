// Story-style variants of a retrieval set, to check that long questions lose no evidence (issue 16):
// each question is preceded by two sentences taken from another corpus (a situation that has nothing
// to do with the library, as students tell theirs), then asked as before. Deterministic (fixed seed).
//   bun scripts/eval/make-story-variants.ts <set dir> <noise set dir> <out.jsonl>
//   bun scripts/eval-retrieval.ts --corpus <set dir>/corpus.jsonl --queries <out.jsonl>
// Measured 2026-11-23 (hit@1, product / BM25 trigram / BM25 word): xquad_th with iApp valid noise
// 0.8983 / 0.8311 / 0.8294; iApp valid with xquad_th noise 0.9191 / 0.8140 / 0.8235.
import { readFileSync, writeFileSync } from 'node:fs';

const [setDir, noiseDir, out] = process.argv.slice(2);
if (!setDir || !noiseDir || !out) {
  console.error('usage: make-story-variants.ts <set dir> <noise set dir> <out.jsonl>');
  process.exit(2);
}
const readJsonl = <T>(f: string): T[] =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const noise = readJsonl<{ text: string }>(`${noiseDir}/corpus.jsonl`);
const queries = readJsonl<{ id: string; text: string }>(`${setDir}/queries.jsonl`);

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const lines = queries.map((q) => {
  const doc = noise[Math.floor(random() * noise.length)]!;
  const sentences = doc.text.split(/\s+/).filter((s) => s.length > 15);
  const at = Math.floor(random() * Math.max(1, sentences.length - 2));
  return JSON.stringify({ ...q, text: `${sentences.slice(at, at + 2).join(' ')} ${q.text}` });
});
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${lines.length} story-style questions → ${out}`);
