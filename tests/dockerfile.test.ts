// The Docker image is read, not built (no container engine runs on these machines): what the runtime
// stage holds must be everything the server imports, owned by root, and the install reproducible.
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));

describe('Dockerfile', () => {
  test('every top-level code folder the server imports is copied into the runtime image', () => {
    // folders holding .ts the server loads at run time (tests and docs are not needed)
    const codeDirs = ['src', 'modules', 'web', 'contracts'].filter((d) => existsSync(join(root, d)));
    for (const d of codeDirs) expect(runtime).toMatch(new RegExp(`^COPY --from=build /app/${d} \\./${d}$`, 'm'));
    // and nothing new appeared at the top level with server code in it that the list above misses
    const topLevelTs = readdirSync(root, { withFileTypes: true }).filter(
      (e) =>
        e.isDirectory() && !['node_modules', 'tests', 'docs', 'data', 'dist', 'scripts', '.git', '.ci', 'backups'].includes(e.name) && !e.name.startsWith('.'),
    );
    for (const e of topLevelTs)
      if (readdirSync(join(root, e.name), { recursive: true }).some((f) => String(f).endsWith('.ts'))) expect(codeDirs).toContain(e.name);
  });

  test("the code is root-owned (read-only to the runtime user); only /data is the runtime user's", () => {
    expect(runtime).not.toMatch(/COPY[^\n]*--chown/);
    expect(runtime).toMatch(/^USER askreg$/m);
    expect(runtime).toContain('chown askreg /data');
  });

  test('a current Node LTS builds it with package-lock.json, without a project .npmrc', () => {
    expect(dockerfile).toMatch(/^FROM node:2[2-9][^\s]* AS build$/m);
    expect(dockerfile).toMatch(/COPY package\.json package-lock\.json \.\//);
    expect(dockerfile).not.toContain('.npmrc');
    expect(existsSync(join(root, '.npmrc'))).toBe(false); // its only setting made every npm command warn
  });
});
