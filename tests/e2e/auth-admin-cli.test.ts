// The admin command line against the test database (SQLite in DATA_DIR, or the DATABASE_URL of a Postgres one under
// TEST_DATABASE=postgres), as an operator runs it beside the server.
import { afterAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createTestContext, type TestContext } from '../helpers/server';
import { upsertUserAtSignIn } from '../../modules/auth/users';

let opened: TestContext | undefined;
afterAll(() => opened?.close());

test('scripts/admin.ts grant, list, position, deactivate/activate and revoke against DATA_DIR', async () => {
  opened = await createTestContext();
  const env = { ...opened.env, NODE_ENV: 'test' };
  await upsertUserAtSignIn(opened.ctx, { email: 'a@uni.ac.th', firstname: 'เอ' });
  await upsertUserAtSignIn(opened.ctx, { email: 'b@uni.ac.th', firstname: 'บี' });
  const cli = async (...args: string[]) => {
    const p = Bun.spawn([process.execPath, 'run', 'scripts/admin.ts', ...args], {
      cwd: join(import.meta.dir, '../..'),
      env: { ...process.env, ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    return { code, text: out + err };
  };
  expect((await cli('grant', 'ghost@uni.ac.th', '--position', 'x')).text).toContain('User not found');
  expect((await cli('grant', 'A@uni.ac.th')).code).toBe(2); // position required
  const g = await cli('grant', 'A@uni.ac.th', '--position', 'หัวหน้างาน');
  expect(g.code).toBe(0);
  expect(g.text).toContain('granted: a@uni.ac.th');
  await cli('grant', 'b@uni.ac.th', '--position', 'ผู้ช่วย');
  const l = await cli('list');
  expect(l.text).toContain('a@uni.ac.th\tเอ\tหัวหน้างาน\tactive');
  expect(l.text).toContain('b@uni.ac.th');
  expect((await cli('position', 'b@uni.ac.th')).code).toBe(2); // position required
  expect((await cli('position', 'b@uni.ac.th', '--position', 'รองหัวหน้า')).text).toContain('position changed: b@uni.ac.th\tบี\tรองหัวหน้า\tactive');
  const off = await cli('deactivate', 'b@uni.ac.th');
  expect(off.code).toBe(0);
  expect((await cli('list')).text).toContain('b@uni.ac.th\tบี\tรองหัวหน้า\tinactive');
  const lastActive = await cli('deactivate', 'a@uni.ac.th');
  expect(lastActive.code).toBe(1); // a is now the only active admin
  expect(lastActive.text).toContain('อย่างน้อยหนึ่งคน');
  expect((await cli('activate', 'b@uni.ac.th')).text).toContain('activated: b@uni.ac.th\tบี\tรองหัวหน้า\tactive');
  expect((await cli('deactivate', 'nobody@uni.ac.th')).code).toBe(1); // not an admin
  expect((await cli('revoke', 'b@uni.ac.th')).code).toBe(0);
  const last = await cli('revoke', 'a@uni.ac.th');
  expect(last.code).toBe(1); // the last active admin stays
  expect((await cli('list')).text).not.toContain('b@uni.ac.th');
});
