import { expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('the brief-facts eval counts each listed fact right or missed, and names the misses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brief-facts-'));
  const set = join(dir, 'set.jsonl');
  writeFileSync(
    set,
    [
      JSON.stringify({ id: 'x-1', brief: 'ค่ายอาสา 15-17 ม.ค. 68 ที่น่าน 100 คน งบ 30,000', facts: { participants: 100, budget: 30000, province: 'น่าน' } }),
      JSON.stringify({ id: 'x-2', brief: 'ค่ายอาสา 40 คน', facts: { participants: 41 } }),
    ].join('\n'),
  );
  const run = Bun.spawnSync([process.execPath, join(import.meta.dir, 'brief-facts.ts'), '--set', set]);
  const out = run.stdout.toString();
  expect(run.exitCode).toBe(0);
  expect(out).toContain('participants  1/2');
  expect(out).toContain('budget        1/1');
  expect(out).toContain('all facts     3/4 (75.0 %)');
  expect(out).toContain('x-2 participants: 40 (want 41)');
});
