import { afterEach, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevLoop } from './dev-loop';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function harness(failBuild = () => false) {
  const dir = mkdtempSync(join(tmpdir(), 'askreg-dev-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'dist'));
  mkdirSync(join(dir, 'islands'));
  const events: string[] = [];
  let servers = 0;
  return {
    dir,
    events,
    parts: {
      watchDir: dir,
      ignore: ['dist'],
      debounceMs: 50,
      async build() {
        if (failBuild()) throw new Error('syntax error in islands/x.tsx');
        events.push('build');
      },
      async startServer() {
        const n = ++servers;
        events.push(`start ${n}`);
        return async () => void events.push(`stop ${n}`);
      },
      log: (line: string) => events.push(`log ${line.split(' ')[0]} ${line.split(' ')[1]}`),
    },
  };
}

describe('npm run dev', () => {
  test('builds the client before serving, and a change under web/ rebuilds it and restarts the server', async () => {
    const h = harness();
    const loop = await startDevLoop(h.parts);
    expect(h.events).toEqual(['build', 'start 1']);
    const rebuilt = loop.rebuilt();
    writeFileSync(join(h.dir, 'islands', 'chat.tsx'), 'export {}');
    await rebuilt;
    expect(h.events.slice(2)).toEqual(['build', 'log client rebuilt,', 'stop 1', 'start 2']);
    await loop.stop();
    expect(h.events.at(-1)).toBe('stop 2');
  });

  test("the build's own output never triggers a rebuild; a failed build keeps the running server", async () => {
    let fail = false;
    const h = harness(() => fail);
    const loop = await startDevLoop(h.parts);
    writeFileSync(join(h.dir, 'dist', 'app.js'), 'x');
    await Bun.sleep(300);
    expect(h.events).toEqual(['build', 'start 1']);
    fail = true;
    const rebuilt = loop.rebuilt();
    writeFileSync(join(h.dir, 'islands', 'broken.tsx'), 'export {');
    await rebuilt;
    expect(h.events.slice(2)).toEqual(['log client build']);
    expect(h.events).not.toContain('stop 1');
    await loop.stop();
  });
});
