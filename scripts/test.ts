// `npm test`: typechecks (`tsc --noEmit -p .`) and checks the code style (`biome ci`), each counted as one test, while building the client, runs every
// bun test file (unit tests beside the code, tests/**) in parallel shards, and ends with the line
// `N passed, N failed` that CI reads (skips go on the line before). Non-zero exit on any failure.
// `npm test -- path/to/file.test.ts` runs just those files, without the typecheck (TYPECHECK=1 adds it).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildWeb } from './build-web';
import { countsFrom, failureDetails, summaryLines, typecheckFailure, type RunCounts } from './test-summary';
import { POSTGRES_SUITE } from '../tests/postgres-suite';
import { OCR_CACHE_ENV } from '../modules/extraction/ocr-cache';
import { postgresUnavailable } from '../tests/helpers/postgres';

const root = join(import.meta.dir, '..');
process.env.NODE_ENV = 'test';
const args = process.argv.slice(2);
const t0 = performance.now();

/** The whole project's typecheck, run before the tests (not beside them: it would slow timing-sensitive suites). */
async function typecheck(): Promise<{ ok: boolean; failure: string | null }> {
  const proc = Bun.spawn([process.execPath, join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--pretty', 'false', '-p', '.'], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  process.stdout.write(`===== typecheck: tsc --noEmit -p . ${code === 0 ? 'passed' : 'FAILED'} =====\n${out}${err}`);
  return { ok: code === 0, failure: code === 0 ? null : typecheckFailure(out + err, code) };
}
/** One code style (Biome's formatter and linter, biome.jsonc), counted as one test like the typecheck. */
async function styleCheck(): Promise<{ ok: boolean; failure: string | null }> {
  const proc = Bun.spawn([process.execPath, join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'ci', '--colors=off', '.'], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  process.stdout.write(`===== style: biome ci ${code === 0 ? 'passed' : 'FAILED'} =====\n${code === 0 ? '' : out + err}`);
  const shown = (out + err)
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 60);
  return { ok: code === 0, failure: code === 0 ? null : [`style: (fail) biome ci exited with ${code} (run: npx biome check --write .)`, ...shown].join('\n') };
}
const whole = !args.length || process.env.TYPECHECK === '1';
const [types, style] = await Promise.all([whole ? typecheck() : null, whole ? styleCheck() : null, buildWeb()]);

const files = args.length
  ? args
  : [...new Bun.Glob('**/*.test.{ts,tsx}').scanSync({ cwd: root })].filter((f) => !f.startsWith('node_modules/') && !f.includes('/node_modules/')).sort();
const shardCount = Math.max(1, Math.min(Number(process.env.TEST_SHARDS ?? availableParallelism()), files.length, 4));

// Heavy suites (browser journeys, OCR) are spread across shards first so no shard gets them all.
const heavy = (f: string) => (f.startsWith('tests/') ? 2 : 0) + (/extract|ocr|e2e/.test(f) ? 1 : 0);
const shards: string[][] = Array.from({ length: shardCount }, () => []);
[...files].sort((a, b) => heavy(b) - heavy(a) || a.localeCompare(b)).forEach((f, i) => shards[i % shardCount]!.push(f));
// The whole run runs the Postgres-capable files once more on Postgres (issue 36): in batches that a shard takes, one at
// a time, once its own files are done, so the shard that finishes first does more of them (each batch is one test
// process and one throw-away cluster, ~2 s to start). TEST_DATABASE=postgres on the command line runs the named files
// on Postgres instead.
const pgUnavailable = args.length ? 'named files only' : postgresUnavailable();
if (!args.length && pgUnavailable) console.warn(pgUnavailable);
const pgFiles = !pgUnavailable && process.env.TEST_DATABASE !== 'postgres' ? POSTGRES_SUITE : [];
const batchSize = Math.ceil(pgFiles.length / (2 * shardCount));
const pgBatches: string[][] = [];
for (let i = 0; i < pgFiles.length; i += batchSize) pgBatches.push(pgFiles.slice(i, i + batchSize));

// One store of page readings for every test process of this run (modules/extraction/ocr-cache.ts): the fixture scans
// are read once, not again by each file and each Postgres batch that uploads them. Fresh per run, removed at its end.
const ocrCache = process.env[OCR_CACHE_ENV] ? null : mkdtempSync(join(tmpdir(), 'ask-reg-test-ocr-'));

interface ShardResult extends RunCounts {
  code: number;
  failures: string[];
}

async function runShard(list: string[], n: number): Promise<ShardResult> {
  const result = await runFiles(list, n, {});
  for (let batch = pgBatches.shift(); batch; batch = pgBatches.shift()) {
    const more = await runFiles(batch, n, { TEST_DATABASE: 'postgres' });
    result.code ||= more.code;
    result.passed += more.passed;
    result.failed += more.failed;
    result.skipped += more.skipped;
    result.failures.push(...more.failures.map((f) => `[TEST_DATABASE=postgres] ${f}`));
  }
  return result;
}

async function runFiles(list: string[], n: number, extraEnv: Record<string, string>): Promise<ShardResult> {
  const started = performance.now();
  const proc = Bun.spawn(
    [process.execPath, 'test', '--timeout', '120000', ...list.map((f) => (f.startsWith('/') ? f : './' + relative(root, join(root, f))))],
    {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0', TEST_SHARD: String(n), ...(ocrCache ? { [OCR_CACHE_ENV]: ocrCache } : {}), ...extraEnv },
    },
  );
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  const text = out + err;
  const on = extraEnv.TEST_DATABASE ? ` on ${extraEnv.TEST_DATABASE}` : '';
  const took = Math.round((performance.now() - started) / 1000);
  process.stdout.write(
    `\n===== shard ${n + 1}/${shardCount} (${list.length} files${on}, ${took} s, ends at ${Math.round((performance.now() - t0) / 1000)} s) =====\n${text}`,
  );
  return { ...countsFrom(text), code, failures: failureDetails(text) };
}

const results = await Promise.all(shards.map(runShard));
if (ocrCache) rmSync(ocrCache, { recursive: true, force: true });
const checks = [types, style].filter((c) => c !== null);
const total: RunCounts = { passed: checks.filter((c) => c.ok).length, failed: checks.filter((c) => !c.ok).length, skipped: 0 };
for (const r of results) {
  total.passed += r.passed;
  total.skipped += r.skipped;
  // a crash or a load error with no failing test counted still fails the run
  total.failed += r.failed || (r.code !== 0 ? 1 : 0);
}
const failures = [...checks.flatMap((c) => (c.failure ? [c.failure] : [])), ...results.flatMap((r) => r.failures)];
if (failures.length) console.log(`\n===== why they failed =====\n${failures.join('\n\n')}`);
const onPg = pgFiles.length;
const header = `${files.length} files${onPg ? ` (+${onPg} again on Postgres)` : ''} in ${shardCount} shards${types ? ' + typecheck + style' : ''}, ${Math.round((performance.now() - t0) / 1000)} s`;
console.log('\n' + summaryLines(total, header).join('\n'));
process.exit(total.failed === 0 ? 0 : 1);
