// `npm test`: builds the client, runs every bun test file (unit tests beside the code, tests/**) in
// parallel shards, and ends with the line `N passed, N failed` that CI reads. Non-zero exit on any failure.
// `npm test -- path/to/file.test.ts` runs just those files.
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { buildWeb } from './build-web';

const root = join(import.meta.dir, '..');
process.env.NODE_ENV = 'test';
await buildWeb();

const args = process.argv.slice(2);
const files = args.length
  ? args
  : [...new Bun.Glob('**/*.test.{ts,tsx}').scanSync({ cwd: root })].filter((f) => !f.startsWith('node_modules/') && !f.includes('/node_modules/')).sort();
const shardCount = Math.max(1, Math.min(Number(process.env.TEST_SHARDS ?? availableParallelism()), files.length, 4));

// Heavy suites (browser journeys, OCR) are spread across shards first so no shard gets them all.
const heavy = (f: string) => (f.startsWith('tests/') ? 2 : 0) + (/extract|ocr|e2e/.test(f) ? 1 : 0);
const shards: string[][] = Array.from({ length: shardCount }, () => []);
[...files].sort((a, b) => heavy(b) - heavy(a) || a.localeCompare(b)).forEach((f, i) => shards[i % shardCount]!.push(f));

interface ShardResult {
  passed: number;
  failed: number;
  skipped: number;
  code: number;
  failures: string[];
}

/** Each failing test with the output bun printed for it (the error comes before its `(fail)` line),
 *  so the end of the log, which is all a CI summary shows, says why it failed. */
function failureDetails(text: string): string[] {
  const out: string[] = [];
  let file = '';
  let block: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d+ tests? failed:$/.test(line.trim())) break; // bun's closing recap repeats the (fail) lines
    if (/^\S.*\.test\.tsx?:$/.test(line)) {
      file = line.slice(0, -1);
      block = [];
    } else if (/^\(pass\)|^\(skip\)|^\(todo\)/.test(line)) block = [];
    else if (/^\(fail\)/.test(line)) {
      const shown = block.filter((l) => !/WARN\s+lance::|^\s*$/.test(l));
      out.push([`${file}: ${line}`, ...shown.slice(0, 40), ...(shown.length > 40 ? [`  … ${shown.length - 40} more lines`] : [])].join('\n'));
      block = [];
    } else block.push(line);
  }
  // an error outside any test ("Unhandled error between tests") has no (fail) line
  for (const m of text.matchAll(/^# Unhandled error between tests\n-{5,}\n[\s\S]*?\n-{5,}$/gm)) out.push(m[0].split('\n').slice(0, 40).join('\n'));
  return out;
}

async function runShard(list: string[], n: number): Promise<ShardResult> {
  const proc = Bun.spawn([process.execPath, 'test', '--timeout', '120000', ...list.map((f) => (f.startsWith('/') ? f : './' + relative(root, join(root, f))))], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0', TEST_SHARD: String(n) },
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  const text = out + err;
  process.stdout.write(`\n===== shard ${n + 1}/${shardCount} (${list.length} files) =====\n${text}`);
  const count = (word: string) => Number(text.match(new RegExp(`^\\s*(\\d+) ${word}\\s*$`, 'm'))?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skip'), code, failures: failureDetails(text) };
}

const t0 = performance.now();
const results = await Promise.all(shards.map(runShard));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  passed += r.passed;
  skipped += r.skipped;
  // a crash or a load error with no failing test counted still fails the run
  failed += r.failed || (r.code !== 0 ? 1 : 0);
}
const failures = results.flatMap((r) => r.failures);
if (failures.length) console.log(`\n===== why they failed =====\n${failures.join('\n\n')}`);
console.log(`\n${files.length} files in ${shardCount} shards, ${Math.round((performance.now() - t0) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
