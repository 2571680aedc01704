// How long the streamed-answer guard (modules/assistant containment) takes over a long answer, fed as a model
// streams it (tokens of ~4 characters): `bun scripts/bench/guard-stream.ts [--root /work/wt/prev6]`.
// --root: the checkout whose guard is timed (its guardStream is found in containment-stream.ts or containment.ts).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const i = process.argv.indexOf('--root');
const root = resolve(i > 0 ? process.argv[i + 1]! : join(import.meta.dir, '..', '..'));
const dir = join(root, 'modules', 'assistant');
const file = existsSync(join(dir, 'containment-stream.ts')) ? 'containment-stream.ts' : 'containment.ts';
const { guardStream } = await import(join(dir, file));
const { SYSTEM_PROMPT } = await import(join(dir, 'prompt.ts'));

const line = 'ตามข้อ ๕ นักศึกษาต้องชำระค่าธรรมเนียมการศึกษาภายใน ๓๐ วัน ดู https://reg.uni.ac.th/calendar\n';
const input = { instructions: SYSTEM_PROMPT, sources: ['ดู https://reg.uni.ac.th/calendar'] };
for (const chars of [20_000, 100_000]) {
  const text = line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
  let sent = 0;
  const guard = guardStream(input, (t: string) => (sent += t.length));
  const t0 = performance.now();
  for (let k = 0; k < text.length; k += 4) guard.push(text.slice(k, k + 4));
  guard.release();
  console.log(`${root}: ${chars} characters streamed in 4-character tokens: ${Math.round(performance.now() - t0)} ms (problem ${guard.problem}, sent ${sent})`);
}
