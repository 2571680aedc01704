// `npm test`: builds the client, runs every bun test file (unit tests beside the code, tests/**),
// and ends with the line `N passed, N failed` that CI reads. Exit code is non-zero on any failure.
import { buildWeb } from './build-web';

process.env.NODE_ENV = 'test';
await buildWeb();
const args = process.argv.slice(2);
const proc = Bun.spawn([process.execPath, 'test', '--timeout', '120000', ...args], {
  stdout: 'pipe',
  stderr: 'pipe',
  env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0' },
});
let passed = 0;
let failed = 0;
let skipped = 0;
async function pump(stream: ReadableStream<Uint8Array>, out: NodeJS.WriteStream) {
  const decoder = new TextDecoder();
  let tail = '';
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    out.write(text);
    tail = (tail + text).slice(-4000);
    const lines = tail.split('\n');
    for (const line of lines) {
      const m = line.match(/^\s*(\d+) (pass|fail|skip)\s*$/);
      if (m) {
        const n = Number(m[1]);
        if (m[2] === 'pass') passed = n;
        else if (m[2] === 'fail') failed = n;
        else skipped = n;
      }
    }
  }
}
await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
const code = await proc.exited;
if (code !== 0 && failed === 0) failed = 1; // a crash or load error counts as a failure
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code === 0 && failed === 0 ? 0 : 1);
