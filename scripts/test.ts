// `npm test`: typechecks (`tsc --noEmit -p .`) and checks the code style (`biome ci`), each counted as one test, beside the tests; builds the client, runs every
// bun test file (unit tests beside the code, tests/**) in parallel shards, and ends with the line
// `N passed, N failed` that CI reads (skips go on the line before). Non-zero exit on any failure.
// `npm test -- path/to/file.test.ts` runs just those files, without the typecheck (TYPECHECK=1 adds it).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import type { Subprocess } from 'bun';
import { join, relative } from 'node:path';
import { buildWeb } from './build-web';
import { countsFrom, failureDetails, summaryLines, typecheckFailure, type RunCounts } from './test-summary';
import { POSTGRES_SUITE, POSTGRES_SUITE_HEAVY } from '../tests/postgres-suite';
import { batchQueue, fileWeight, planShards } from './test-plan';
import { OCR_CACHE_ENV } from '../modules/extraction/ocr-cache';
import { postgresUnavailable } from '../tests/helpers/postgres';

const root = join(import.meta.dir, '..');
process.env.NODE_ENV = 'test';
const args = process.argv.slice(2);
const t0 = performance.now();
const seconds = () => Math.round((performance.now() - t0) / 1000);
// Every process the run starts (shards, typecheck, style check): a run stopped by a signal stops them too, rather than
// leaving them running on, writing into the run's directory as it is removed.
const children = new Set<Subprocess>();
function child<T extends Subprocess>(proc: T): T {
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  return proc;
}

// The typecheck (~40 s of one core here; src/app.ts composes the app as any Elysia to keep it so) and the style
// check run beside the tests at the lowest CPU priority (nice 19): they take the time the shards leave idle (browsers,
// servers and databases being waited for) instead of holding every test back until they end, and a timing-sensitive
// test keeps the cores when it needs them.
const lowPriority = (command: string[]) => {
  const nice = Bun.which('nice');
  return nice ? [nice, '-n', '19', ...command] : command;
};

/** The whole project's typecheck. */
async function typecheck(): Promise<{ ok: boolean; failure: string | null }> {
  const proc = child(
    Bun.spawn(lowPriority([process.execPath, join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--pretty', 'false', '-p', '.']), {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, FORCE_COLOR: '0' },
    }),
  );
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  process.stdout.write(`===== typecheck: tsc --noEmit -p . ${code === 0 ? 'passed' : 'FAILED'} (ends at ${seconds()} s) =====\n${out}${err}`);
  return { ok: code === 0, failure: code === 0 ? null : typecheckFailure(out + err, code) };
}
/** One code style (Biome's formatter and linter, biome.jsonc), counted as one test like the typecheck. */
async function styleCheck(): Promise<{ ok: boolean; failure: string | null }> {
  const proc = child(
    Bun.spawn(lowPriority([process.execPath, join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'ci', '--colors=off', '.']), {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
    }),
  );
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  process.stdout.write(`===== style: biome ci ${code === 0 ? 'passed' : 'FAILED'} (ends at ${seconds()} s) =====\n${code === 0 ? '' : out + err}`);
  const shown = (out + err)
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 60);
  return { ok: code === 0, failure: code === 0 ? null : [`style: (fail) biome ci exited with ${code} (run: npx biome check --write .)`, ...shown].join('\n') };
}
const whole = !args.length || process.env.TYPECHECK === '1';
const checksDone = Promise.all([whole ? typecheck() : null, whole ? styleCheck() : null]);
await buildWeb();

const files = args.length
  ? args
  : [...new Bun.Glob('**/*.test.{ts,tsx}').scanSync({ cwd: root })].filter((f) => !f.startsWith('node_modules/') && !f.includes('/node_modules/')).sort();
const shardCount = Math.max(1, Math.min(Number(process.env.TEST_SHARDS ?? availableParallelism()), files.length, 4));

// Both shards should end together: the SQLite pass is shared by expected time (scripts/test-plan.ts, tests/test-weights.ts).
const shards = planShards(files, shardCount, (f) => fileWeight(f, 'sqlite'));
// The whole run runs the Postgres-capable files once more on Postgres (issue 36): from a queue that a shard draws from
// once its own files are done, heaviest first, in batches that shrink towards the end, so the shard that finishes first
// does more of them. TEST_DATABASE=postgres on the command line runs the named files on Postgres instead.
const pgUnavailable = args.length ? 'named files only' : postgresUnavailable();
if (!args.length && pgUnavailable) console.warn(pgUnavailable);
// TEST_POSTGRES=all adds the files whose time is OCR and browsers, not the database (tests/postgres-suite.ts).
const pgSuite = process.env.TEST_POSTGRES === 'all' ? [...POSTGRES_SUITE, ...POSTGRES_SUITE_HEAVY] : POSTGRES_SUITE;
const pgFiles = !pgUnavailable && process.env.TEST_DATABASE !== 'postgres' ? pgSuite : [];
const pgQueue = batchQueue(pgFiles, shardCount, (f) => fileWeight(f, 'postgres'));
// One store of page readings for every test process of this run (modules/extraction/ocr-cache.ts): the fixture scans
// are read once, not again by each file and each Postgres batch that uploads them. Fresh per run, removed at its end.
// Every test process writes its temporary files (data directories, indexes, browser profiles, Postgres clusters,
// unpacked OCR data) under one directory of this run (TMPDIR), removed as the run ends or is stopped: a test that
// fails before its cleanup, or a process killed at its timeout, otherwise leaves them in /tmp for good (~1,700
// directories, 1.2 GB, after a day of runs on one dev machine).
const runTmp = mkdtempSync(join(tmpdir(), 'ask-reg-test-run-'));
// as /tmp is (world-writable, sticky): a test server run as another user (Postgres as nobody under root) reaches its
// own directory inside, and writes its own temporary files
chmodSync(runTmp, 0o1777);
const removeRunTmp = () => rmSync(runTmp, { recursive: true, force: true });
// A stopped run passes the signal on, then kills what is still running after a grace period (a test process driving a
// browser keeps running on SIGTERM: Playwright catches it to close its browsers), and removes its directory once they
// have ended, so that nothing writes into it after. Servers a killed test process had started are not its to stop.
const STOP_GRACE_MS = 5_000;
let stopping = false;
async function stopChildren(signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
  for (const proc of children) proc.kill(signal);
  const grace = setTimeout(() => {
    for (const proc of children) proc.kill('SIGKILL');
  }, STOP_GRACE_MS);
  await Promise.all([...children].map((proc) => proc.exited));
  clearTimeout(grace);
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stopChildren(signal).finally(() => {
      removeRunTmp();
      process.exit(code);
    });
  });
const ocrCache = process.env[OCR_CACHE_ENV] ? null : mkdtempSync(join(runTmp, 'ocr-'));

interface ShardResult extends RunCounts {
  code: number;
  failures: string[];
}

async function runShard(list: string[], n: number): Promise<ShardResult> {
  const result = await runFiles(list, n, {});
  for (let batch = pgQueue.next(); batch; batch = pgQueue.next()) {
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
  const proc = child(
    Bun.spawn([process.execPath, 'test', '--timeout', '120000', ...list.map((f) => (f.startsWith('/') ? f : './' + relative(root, join(root, f))))], {
      cwd: root,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        FORCE_COLOR: '0',
        TEST_SHARD: String(n),
        TMPDIR: runTmp,
        ...(ocrCache ? { [OCR_CACHE_ENV]: ocrCache } : {}),
        ...extraEnv,
      },
    }),
  );
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  const text = out + err;
  const on = extraEnv.TEST_DATABASE ? ` on ${extraEnv.TEST_DATABASE}` : '';
  const took = Math.round((performance.now() - started) / 1000);
  process.stdout.write(`\n===== shard ${n + 1}/${shardCount} (${list.length} files${on}, ${took} s, ends at ${seconds()} s) =====\n${text}`);
  return { ...countsFrom(text), code, failures: failureDetails(text) };
}

const results = await Promise.all(shards.map(runShard));
removeRunTmp();
const [types, style] = await checksDone;
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
const header = `${files.length} files${onPg ? ` (+${onPg} again on Postgres)` : ''} in ${shardCount} shards${types ? ' + typecheck + style' : ''}, ${seconds()} s`;
console.log('\n' + summaryLines(total, header).join('\n'));
process.exit(total.failed === 0 ? 0 : 1);
