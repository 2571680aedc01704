// The command line of the single binary, run here through `bun scripts/cli.ts` (the binary embeds the same
// dispatcher; tests/e2e/binary.test.ts checks it there too).
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS } from './cli';

const work = mkdtempSync(join(tmpdir(), 'askreg-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = {}) {
  const p = Bun.spawn([process.execPath, join(import.meta.dir, 'cli.ts'), ...args], {
    cwd: work,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: join(work, 'data'), PORT: '0', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

describe('ask-reg command line', () => {
  test('--help lists every command and exits 0 without starting a server', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(r.out).toContain(`  ${name}`);
    expect(existsSync(join(work, 'data'))).toBe(false); // nothing was opened
  });

  test('<command> --help describes the command and never runs it', async () => {
    for (const name of ['backup', 'restore', 'reindex', 'ingest', 'admin', 'eval']) {
      const r = await cli([name, '--help']);
      expect([name, r.code]).toEqual([name, 0]);
      expect(r.out).toContain(`ask-reg ${name}`);
    }
    expect(existsSync(join(work, 'backups')) && readdirSync(join(work, 'backups')).length > 0).toBe(false);
  });

  test('an unknown command or a missing eval kind is a usage error (exit 2)', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown command 'frobnicate'");
    expect((await cli(['eval'])).code).toBe(2);
  });

  test('a maintainer command runs against DATA_DIR and exits with its result', async () => {
    const list = await cli(['admin', 'list']);
    expect(list.code).toBe(0);
    const refused = await cli(['admin', 'grant', 'nobody@uni.ac.th', '--position', 'เจ้าหน้าที่']);
    expect(refused.code).toBe(1); // someone who never signed in cannot be granted
  });
});
