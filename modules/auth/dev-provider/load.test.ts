import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

const root = join(import.meta.dir, '..', '..', '..');
async function stderrOf(code: string): Promise<string> {
  const p = Bun.spawn([process.execPath, '-e', code], { cwd: root, stdout: 'ignore', stderr: 'pipe' });
  const err = await new Response(p.stderr).text();
  await p.exited;
  return err;
}

describe('loading the demo provider', () => {
  test("says nothing about an unsupported runtime (oidc-provider's warning under Bun), but keeps other warnings", async () => {
    // the library's own line, loaded plainly: what operators saw at every start
    expect(await stderrOf("await import('oidc-provider')")).toContain('Unsupported runtime');
    const quiet = await stderrOf(
      "const { loadDevProvider } = await import('./modules/auth/dev-provider/load.ts'); const m = await loadDevProvider(); console.warn('still-' + typeof m.createDevProvider);",
    );
    expect(quiet).not.toContain('Unsupported runtime');
    expect(quiet).toContain('still-function');
  });

  test('the in-memory adapter notice is dropped while the demo provider starts; other lines pass, and console.warn is restored', async () => {
    const { withoutExpectedWarnings } = await import('./load');
    const seen: string[] = [];
    const original = console.warn;
    console.warn = (line: string) => void seen.push(line);
    try {
      await withoutExpectedWarnings(async () => {
        console.warn('oidc-provider WARNING: a quick start development-only in-memory adapter is used, you MUST change it');
        console.warn('something else');
      });
      console.warn('after');
    } finally {
      console.warn = original;
    }
    expect(seen).toEqual(['something else', 'after']);
  });
});
