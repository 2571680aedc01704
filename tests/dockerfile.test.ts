// The Docker image is checked by reading, not built: no container engine runs on these machines (the docker
// client is installed, no daemon). What is checked: the runtime stage holds everything the server imports,
// owned by root; the install is lockfile-exact and npm ci accepts the lockfile; base images are pinned; the
// default image leaves out the local embedder and still has every package the shipped code imports; and
// package.json engines, the Docker builder and the README say the same Node and npm.
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Lockfile, leftOut, runtimePackages, UNUSED_FILES } from '../scripts/prune-runtime.ts';

const root = join(import.meta.dir, '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const build = dockerfile.slice(dockerfile.indexOf('AS build'), dockerfile.indexOf('AS runtime'));
const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile & {
  packages: Record<string, { engines?: { node?: string }; dev?: boolean; os?: string[]; cpu?: string[]; version?: string }>;
};
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The lowest version a range like ">=22.13" allows. */
const floor = (range: string) => {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`engines range not of the form >=x.y: ${range}`);
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`;
};

/** Package names the shipped code imports for its value (type-only imports vanish at run time). */
function importedPackages(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string, recurse: boolean) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (recurse && e.name !== 'node_modules' && e.name !== 'testing') walk(p, true);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/^test-/.test(e.name)) files.push(p);
    }
  };
  for (const d of ['src', 'modules', 'web', 'contracts']) walk(d, true);
  walk('scripts', false); // the maintainer commands run inside the container (README, Docker)
  const found = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(join(root, f), 'utf8');
    const specs = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...text.matchAll(/(?<!typeof )import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
    ];
    for (const s of specs) {
      if (s.startsWith('.') || s.startsWith('/') || /^(node|bun):/.test(s) || s === 'bun') continue;
      const name = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0];
      found.set(name, [...(found.get(name) ?? []), f]);
    }
  }
  return found;
}

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

  test("the code is root-owned and not writable by the runtime user; only /data is the runtime user's", () => {
    expect(runtime).not.toMatch(/COPY[^\n]*--chown/);
    expect(runtime).toMatch(/^USER askreg$/m);
    expect(runtime).toContain('chown askreg /data');
    // group and others lose write on everything copied into the runtime stage (whatever the build context's modes)
    const copied = [...runtime.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((m) => m[1]);
    const chmod = /chmod -R (\S+) ([^\n]+)$/m.exec(build);
    expect(chmod?.[1]).toContain('go-w');
    for (const c of copied) expect(chmod?.[2].split(/\s+/)).toContain(c);
  });

  test('base images are pinned by exact version tag and digest', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms).toEqual(['NODE_IMAGE', 'RUNTIME_IMAGE'].map((arg) => `\${${arg}}`)); // every stage starts from a pinned ARG
    const images = Object.fromEntries([...dockerfile.matchAll(/^ARG (NODE_IMAGE|RUNTIME_IMAGE)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(images.NODE_IMAGE).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/);
    expect(images.RUNTIME_IMAGE).toMatch(/^debian:bookworm-\d{8}-slim@sha256:[0-9a-f]{64}$/);
  });

  test('the build installs exactly package-lock.json (npm ci), without a project .npmrc', () => {
    expect(build).toMatch(/COPY package\.json package-lock\.json \.\/\nRUN npm ci /);
    // the only other npm install is npm itself, at one exact version
    for (const m of build.matchAll(/npm install ([^\n]*)/g)) expect(m[1]).toMatch(/--global .*npm@\d+\.\d+\.\d+$/);
    expect(dockerfile).not.toContain('.npmrc');
    expect(existsSync(join(root, '.npmrc'))).toBe(false); // its only setting made every npm command warn
  });

  test('npm ci accepts the lockfile: every optional platform package a dependency lists has an entry', () => {
    // the local npm mirror lacks some of them (404); without their entries `npm ci` stops with "Missing: … from lock file"
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys((entry as { optionalDependencies?: object }).optionalDependencies ?? {})) {
        const candidates = [`${key ? `${key}/` : ''}node_modules/${name}`, `node_modules/${name}`];
        if (!candidates.some((c) => lock.packages[c])) missing.push(`${name} (of ${key || 'root'})`);
      }
    }
    expect(missing).toEqual([]);
    // and the platforms the image is built for have their native builds
    for (const arch of ['x64', 'arm64']) {
      for (const native of ['@lancedb/lancedb-linux', '@napi-rs/canvas-linux', '@oven/bun-linux']) {
        const hit = Object.entries(lock.packages).find(
          ([k, e]) => k.startsWith(`node_modules/${native}`) && e.os?.includes('linux') && e.cpu?.includes(arch) && !k.includes('musl'),
        );
        expect(hit, `${native} for linux/${arch}`).toBeDefined();
      }
    }
  });

  test('the default image leaves out the local embedder and typescript; the build argument brings the embedder back', () => {
    expect(build).toMatch(/^ARG WITH_LOCAL_EMBEDDER=0$/m);
    expect(build).toContain('scripts/prune-runtime.ts $([ "$WITH_LOCAL_EMBEDDER" = 1 ] && echo --with-local-embedder)');
    const lean = runtimePackages(lock, leftOut(false));
    for (const gone of ['@huggingface/transformers', 'onnxruntime-node', 'onnxruntime-web', 'sharp', 'typescript'])
      expect(lean.has(`node_modules/${gone}`), gone).toBe(false);
    const full = runtimePackages(lock, leftOut(true));
    for (const kept of ['@huggingface/transformers', 'onnxruntime-node', 'sharp']) expect(full.has(`node_modules/${kept}`), kept).toBe(true);
    expect(full.has('node_modules/typescript')).toBe(false);
  });

  test('every package the shipped code imports stays in the default image (the embedder only behind its guarded import)', () => {
    const lean = runtimePackages(lock, leftOut(false));
    const imported = importedPackages();
    expect(imported.get('@huggingface/transformers')).toEqual(['modules/knowledge/embedding/transformers.ts']);
    imported.delete('@huggingface/transformers');
    expect(imported.size).toBeGreaterThan(15); // the scan does find the imports
    const absent = [...imported].filter(([name]) => !lean.has(`node_modules/${name}`)).map(([name, files]) => `${name} (${files[0]})`);
    expect(absent).toEqual([]);
  });

  test('the files trimmed from node_modules are ones nothing loads at run time', () => {
    const trimmed = (p: string) => UNUSED_FILES.some((r) => r.test(p));
    for (const p of ['pdfjs-dist/build/pdf.mjs.map', 'docx/dist/index.d.ts', 'drizzle-orm/index.d.cts', 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js'])
      expect(trimmed(p), p).toBe(true);
    // what tesseract.js loads in Node (the glue and its .wasm), and what the server imports from pdfjs-dist
    for (const p of [
      'tesseract.js-core/tesseract-core-simd-lstm.js',
      'tesseract.js-core/tesseract-core-simd-lstm.wasm',
      'pdfjs-dist/wasm/jbig2.wasm',
      'pdfjs-dist/cmaps/Adobe-Japan1-UCS2.bcmap',
      'pdfjs-dist/legacy/build/pdf.mjs',
    ])
      expect(trimmed(p), p).toBe(false);
  });
});

describe('runtime requirements', () => {
  test('engines.node is the highest Node floor a production dependency declares', () => {
    const nodeFloor = floor(pkg.engines.node);
    const unmet = Object.entries(lock.packages)
      // packages for other systems (a Windows sharp build asks for ^20.9) are never installed here
      .filter(([k, e]) => k && !e.dev && (!e.os || e.os.includes('linux')) && e.engines?.node && !Bun.semver.satisfies(nodeFloor, e.engines.node))
      .map(([k, e]) => `${k} ${e.engines?.node}`);
    expect(unmet).toEqual([]);
    // not lower than needed: pdfjs-dist asks for 22.13
    expect(Bun.semver.satisfies('22.12.0', lock.packages['node_modules/pdfjs-dist'].engines?.node ?? '')).toBe(false);
    expect(lock.packages[''].engines).toEqual(pkg.engines); // the lockfile's copy agrees
  });

  test("npm 11.16 or newer: it honours allowScripts, which keeps onnxruntime-node's CUDA download from running", () => {
    expect(pkg.allowScripts['onnxruntime-node']).toBe(false);
    expect(pkg.engines.npm).toBe('>=11.16');
  });

  test('the Docker builder and the README ask for the same Node and npm as engines', () => {
    const nodeVersion = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(dockerfile)?.[1] ?? '';
    const npmVersion = /npm@(\d+\.\d+\.\d+)/.exec(build)?.[1] ?? '';
    expect(Bun.semver.satisfies(nodeVersion, pkg.engines.node)).toBe(true);
    expect(Bun.semver.satisfies(npmVersion, pkg.engines.npm)).toBe(true);
    const nodeFloor = floor(pkg.engines.node).replace(/\.0$/, '');
    const npmFloor = floor(pkg.engines.npm).replace(/\.0$/, '');
    const twoCommands = readme.slice(readme.indexOf('## Two commands'), readme.indexOf('## Configuration'));
    expect(twoCommands).toContain(`Node.js ${nodeFloor}`);
    expect(twoCommands).toContain(`npm ${npmFloor}`);
    // Older Node (and npm) install with the README's commands, which .ci/run uses for them too.
    const run = readFileSync(join(root, '.ci', 'run'), 'utf8');
    const nodeMajor = nodeFloor.split('.')[0];
    const npmMajor = npmFloor.split('.')[0];
    for (const command of [`npx -y -p node@${nodeMajor} --`, `npx -y -p node@${nodeMajor} -p npm@${npmMajor} --`]) {
      expect(twoCommands).toContain(`${command} npm install`);
      expect(run).toContain(command.replace(/ --$/, ' -- "${install[@]}"'));
    }
  });
});
