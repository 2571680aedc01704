// Typed-chat variants of an answer set (campus_dev's format), to check that how students wrap a question
// changes nothing. Deterministic; ids, gold and kinds unchanged.
// - particles: each question ends with a particle ("…แล้วอ่ะ", "…ได้ป่ะ", "…จริงเหรอคะ"), in turn from PARTICLES,
//   before its closing polite word or at its end;
// - courtesy: each question gets a greeting before it and, in turn, thanks after it ("สวัสดีค่ะ ขอถามหน่อยค่ะ …
//   ขอบคุณล่วงหน้านะคะ").
//   bun scripts/eval/make-chat-variants.ts particles|courtesy <queries.jsonl> <out.jsonl>
//   bun scripts/eval-answers.ts --library A,B --queries <out.jsonl>
// Measured 2026-11-24 on campus_dev, libraries A / B (right, answerable fallback, shown ≥ 80 %); the questions
// as written score 0.85, 0.0, 20:
// - particles, before they were set apart (knowledge/index/tokens.ts): 0.675 / 0.675, 0.225 / 0.25, 10 / 10; after
//   0.80 / 0.80, 0.05 / 0.075, 17 / 17;
// - courtesy, before greetings and thanks were stop words: 0.575 / 0.60, 0.25 / 0.25, 8 / 8; after 0.85 / 0.85,
//   0.0 / 0.0, 21 / 21.
import { readFileSync, writeFileSync } from 'node:fs';

const PARTICLES = ['อ่ะ', 'อะ', 'ป่ะ', 'เหรอ', 'อ่า', 'ง่ะ'];
const POLITE_END = /(ครับ|คับ|ค่ะ|คะ|นะ)$/;
const GREETINGS = ['สวัสดีค่ะ ขอถามหน่อยค่ะ ', 'สวัสดีครับ ', 'ขอถามหน่อยครับ ', 'รบกวนสอบถามค่ะ '];
const THANKS = [' ขอบคุณค่ะ', ' ขอบคุณครับ', ' ขอบคุณล่วงหน้านะคะ', ''];

function withParticle(text: string, i: number): string {
  const bare = text.replace(/[\s?]+$/, '');
  const particle = PARTICLES[i % PARTICLES.length]!;
  const polite = POLITE_END.exec(bare);
  return polite ? `${bare.slice(0, polite.index)}${particle}${polite[1]}` : `${bare}${particle}`;
}

const withCourtesy = (text: string, i: number) => `${GREETINGS[i % GREETINGS.length]}${text}${THANKS[Math.floor(i / GREETINGS.length) % THANKS.length]}`;

const [mode, input, out] = process.argv.slice(2);
const variant = mode === 'particles' ? withParticle : mode === 'courtesy' ? withCourtesy : null;
if (!variant || !input || !out) {
  console.error('usage: make-chat-variants.ts particles|courtesy <queries.jsonl> <out.jsonl>');
  process.exit(2);
}
const lines = readFileSync(input, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l, i) => {
    const q = JSON.parse(l) as { text: string };
    return JSON.stringify({ ...q, text: variant(q.text, i) });
  });
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${lines.length} questions (${mode}) → ${out}`);
