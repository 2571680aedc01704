// The chat island's JavaScript budget (issue 6: ≤ 120 KB gzip, issue 22: lower once the router left it): its entry plus every chunk it imports,
// from a fresh production build into a temp dir (the shared web/dist is left alone).
import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../../scripts/build-web';

setDefaultTimeout(60_000);
// 110 KB: the Markdown parser (marked, tables and nested lists; issue 20) adds ~13 KB to the ~90 KB the router's removal left.
const BUDGET_GZIP = 110 * 1024;
const out = mkdtempSync(join(tmpdir(), 'askreg-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The file and everything it imports, statically or dynamically, by relative path. */
function closure(assets: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g)) closure(assets, m[1]!, seen);
  return seen;
}

test('the chat island (entry + shared chunks) is at most 110 KB gzip and carries no router', async () => {
  await buildWeb(out);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { islands: Record<string, string> };
  const entry = manifest.islands.chat!.replace(/^\/assets\//, '');
  const assets = join(out, 'assets');
  const files = [...closure(assets, entry)];
  expect(files.length).toBeGreaterThan(1); // React lives in a shared chunk: it must be counted
  const raw = files.reduce((n, f) => n + readFileSync(join(assets, f)).length, 0);
  const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  console.log(`chat island JS: ${files.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip (budget 110 KB)`);
  expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP);
  // TanStack Router (its invariant's message marks it) is the console's alone: the chat page loads only what it uses
  const marker = 'Invariant failed';
  const consoleFiles = [...closure(assets, manifest.islands.console!.replace(/^\/assets\//, ''))];
  expect(consoleFiles.some((f) => readFileSync(join(assets, f), 'utf8').includes(marker))).toBe(true);
  expect(files.filter((f) => readFileSync(join(assets, f), 'utf8').includes(marker))).toEqual([]);
});

test("no island carries Elysia's schema builder (TypeBox): the browser imports only plain constants and types from contracts/", async () => {
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { islands: Record<string, string> };
  const assets = join(out, 'assets');
  for (const [island, entry] of Object.entries(manifest.islands)) {
    const files = [...closure(assets, entry.replace(/^\/assets\//, ''))];
    const withTypeBox = files.filter((f) => readFileSync(join(assets, f), 'utf8').includes('TypeBox.Kind'));
    expect({ island, withTypeBox }).toEqual({ island, withTypeBox: [] });
  }
});
