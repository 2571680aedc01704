// `npm test` leaves nothing in the machine's temporary directory: a test's files (here one that never cleans up)
// live under the run's own directory, which is gone when the run ends.
import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

const outer = mkdtempSync(join(tmpdir(), 'askreg-runner-tmp-'));
afterAll(() => rmSync(outer, { recursive: true, force: true }));

/** `npm test` run on one test file written here, with `machineTmp` (made here) as the machine's temporary directory. */
function runOn(name: string, source: string, machineTmp: string, output: 'pipe' | 'ignore') {
  const fixture = join(outer, name);
  writeFileSync(fixture, source);
  mkdirSync(machineTmp);
  return Bun.spawn([process.execPath, join(import.meta.dir, 'test.ts'), fixture], {
    cwd: join(import.meta.dir, '..'),
    env: { ...process.env, TMPDIR: machineTmp, TEST_SHARDS: '1' },
    stdout: output,
    stderr: output,
  });
}

test('a test that forgets its temporary files leaves none behind the run', async () => {
  const machineTmp = join(outer, 'machine-tmp');
  const run = runOn(
    'leaves-files.test.ts',
    `import { test } from 'bun:test';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
test('writes and forgets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forgotten-'));
  writeFileSync(join(dir, 'data'), 'x');
  console.log('WROTE ' + dir);
  console.log('MODE ' + (statSync(tmpdir()).mode & 0o7777).toString(8));
});
`,
    machineTmp,
    'pipe',
  );
  const out = (await new Response(run.stdout).text()) + (await new Response(run.stderr).text());
  expect(await run.exited).toBe(0);
  expect(out).toContain('1 passed, 0 failed');
  const wrote = /WROTE (\S+)/.exec(out)?.[1];
  expect(wrote).toBeDefined();
  // written under the run's directory, inside the machine's temporary directory
  expect(basename(dirname(wrote!))).toStartWith('ask-reg-test-run-');
  expect(dirname(dirname(wrote!))).toBe(machineTmp);
  // open to a test server run as another user (Postgres as nobody under root), as /tmp is
  expect(/MODE (\d+)/.exec(out)?.[1]).toBe('1777');
  expect(existsSync(wrote!)).toBe(false);
  expect(readdirSync(machineTmp)).toEqual([]);
}, 60_000);

test('a run stopped by SIGTERM stops its test processes, also one that ignores the signal, removes its directory and exits 143', async () => {
  const pidFile = join(outer, 'runs-long.pid');
  const machineTmp = join(outer, 'machine-tmp-stopped');
  const run = runOn(
    'runs-long.test.ts',
    `import { test } from 'bun:test';
import { writeFileSync } from 'node:fs';
// as a test driving a browser does: Playwright catches SIGTERM to close its browsers, and the tests go on
process.on('SIGTERM', () => {});
test('runs long', async () => {
  writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
  await Bun.sleep(60_000);
}, 120_000);
`,
    machineTmp,
    'ignore',
  );
  const deadline = Date.now() + 30_000;
  while (!existsSync(pidFile) && Date.now() < deadline) await Bun.sleep(50);
  const testPid = Number(readFileSync(pidFile, 'utf8'));
  run.kill('SIGTERM');
  expect(await run.exited).toBe(143);
  // Running: a zombie (killed, not yet reaped by the machine's init once its parent, the run, has exited; seen with
  // both cores busy) runs nothing and holds nothing open.
  const alive = () => {
    try {
      process.kill(testPid, 0);
    } catch {
      return false;
    }
    try {
      return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${testPid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const gone = Date.now() + 5_000;
  while (alive() && Date.now() < gone) await Bun.sleep(50);
  expect(alive()).toBe(false);
  expect(readdirSync(machineTmp)).toEqual([]);
}, 60_000);
