// Typed-chat variants of an answer set (campus_dev's format), to check that the particles students end a
// question with ("…แล้วอ่ะ", "…ได้ป่ะ", "…จริงเหรอคะ") change nothing: each question gets one, in turn from
// PARTICLES, before its closing polite word or at its end. Deterministic; ids, gold and kinds unchanged.
//   bun scripts/eval/make-particle-variants.ts <queries.jsonl> <out.jsonl>
//   bun scripts/eval-answers.ts --library A,B --queries <out.jsonl>
// Measured 2026-11-24 on campus_dev, libraries A / B (right, answerable fallback, shown ≥ 80 %): before the
// particles were set apart (knowledge/tokens.ts) 0.675 / 0.675, 0.225 / 0.25, 10 / 10; after 0.80 / 0.80,
// 0.05 / 0.075, 16 / 16 (the questions as written: 0.85, 0.0, 19).
import { readFileSync, writeFileSync } from 'node:fs';

const PARTICLES = ['อ่ะ', 'อะ', 'ป่ะ', 'เหรอ', 'อ่า', 'ง่ะ'];
const POLITE_END = /(ครับ|คับ|ค่ะ|คะ|นะ)$/;

const [input, out] = process.argv.slice(2);
if (!input || !out) {
  console.error('usage: make-particle-variants.ts <queries.jsonl> <out.jsonl>');
  process.exit(2);
}
const lines = readFileSync(input, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l, i) => {
    const q = JSON.parse(l) as { text: string };
    const text = q.text.replace(/[\s?]+$/, '');
    const particle = PARTICLES[i % PARTICLES.length]!;
    const polite = POLITE_END.exec(text);
    return JSON.stringify({ ...q, text: polite ? `${text.slice(0, polite.index)}${particle}${polite[1]}` : `${text}${particle}` });
  });
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${lines.length} questions with a typed particle → ${out}`);
