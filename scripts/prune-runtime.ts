// Trims the production node_modules of the Docker build stage to what the server loads (Dockerfile, after
// `npm prune --omit=dev`). npm cannot leave these out itself:
// - @huggingface/transformers (with onnxruntime-node/-web and sharp, about 470 MB) only serves
//   EMBEDDING_PROVIDER=transformers, and LanceDB also lists it as an optional dependency, so every install
//   has it. The default image leaves it out; `--build-arg WITH_LOCAL_EMBEDDER=1` keeps it.
// - typescript is a required peer of @elysiajs/openapi, but only that package's type generator loads it, and
//   the server imports only its schema converter (@elysiajs/openapi/openapi).
// The packages are read from package-lock.json: what the root's production dependencies reach without
// passing through a left-out package stays, every other installed package goes. Then files no package loads at
// run time go (UNUSED_FILES): about 60 MB, which keeps the default image under 600 MB.
//
//   bun scripts/prune-runtime.ts [--with-local-embedder] [--dry-run]
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, posix } from 'node:path';

export interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** The lockfile key a package at `from` finds `name` under, as Node resolves it (nearest node_modules up). */
function resolveKey(packages: Lockfile['packages'], from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/** Lockfile keys (node_modules/…) of the packages the root's production dependencies reach, not through `leaveOut`. */
export function runtimePackages(lock: Lockfile, leaveOut: readonly string[]): Set<string> {
  const { packages } = lock;
  const root = packages[''];
  const kept = new Set<string>();
  const queue: Array<[from: string, names: string[]]> = [['', Object.keys({ ...root.dependencies, ...root.optionalDependencies })]];
  while (queue.length > 0) {
    const [from, names] = queue.pop() as [string, string[]];
    for (const name of names) {
      if (leaveOut.includes(name)) continue;
      const key = resolveKey(packages, from, name);
      if (!key || kept.has(key)) continue; // an optional dependency for another platform has no entry
      kept.add(key);
      const e = packages[key];
      queue.push([key, Object.keys({ ...e.dependencies, ...e.optionalDependencies, ...e.peerDependencies })]);
    }
  }
  return kept;
}

export function leftOut(withLocalEmbedder: boolean): string[] {
  return withLocalEmbedder ? ['typescript'] : ['@huggingface/transformers', 'typescript'];
}

/** Files under node_modules nothing loads when the server runs, by path relative to node_modules. */
export const UNUSED_FILES: readonly RegExp[] = [
  /\.map$/, // source maps
  /\.d\.[cm]?ts$/, // type declarations
  // tesseract.js in Node requires the tesseract-core*.js glue, which reads the .wasm beside it; the .wasm.js
  // builds carry the wasm inline for browsers (and scripts/build-ocr-worker.ts, which the image does not run)
  /^tesseract\.js-core\/[^/]+\.wasm\.js$/,
];

function unusedFiles(base: string, dir: string, out: string[]): string[] {
  for (const e of readdirSync(join(base, dir), { withFileTypes: true })) {
    const p = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) unusedFiles(base, p, out);
    else if (e.isFile() && UNUSED_FILES.some((r) => r.test(p))) out.push(p);
  }
  return out;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const root = process.cwd();
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const keep = runtimePackages(lock, leftOut(args.includes('--with-local-embedder')));
  const remove = Object.keys(lock.packages)
    .filter((k) => k.startsWith('node_modules/') && !keep.has(k) && existsSync(join(root, k)))
    // a nested package goes with its parent
    .filter((k, _, all) => !all.some((p) => p !== k && k.startsWith(`${p}/`)));
  for (const k of remove) {
    console.log(`${dryRun ? 'would remove' : 'removed'} ${posix.relative('node_modules', k)}`);
    if (!dryRun) rmSync(join(root, k), { recursive: true, force: true });
  }
  if (!dryRun) {
    const files = unusedFiles(join(root, 'node_modules'), '', []);
    for (const f of files) rmSync(join(root, 'node_modules', f));
    console.log(`removed ${files.length} files no package loads at run time (source maps, type declarations, browser builds)`);
    // onnxruntime-node (kept with --with-local-embedder) carries every platform's addon, ~290 MB; its
    // dist/binding.js loads bin/napi-v6/<platform>/<arch> only
    const ort = join(root, 'node_modules/onnxruntime-node/bin/napi-v6');
    for (const platform of existsSync(ort) ? readdirSync(ort) : []) {
      for (const arch of readdirSync(join(ort, platform)))
        if (platform !== process.platform || arch !== process.arch) rmSync(join(ort, platform, arch), { recursive: true, force: true });
      if (readdirSync(join(ort, platform)).length === 0) rmSync(join(ort, platform), { recursive: true });
    }
    // commands of removed packages (tsc, …) would be dangling links
    const bin = join(root, 'node_modules/.bin');
    for (const name of existsSync(bin) ? readdirSync(bin) : []) if (!existsSync(join(bin, name))) rmSync(join(bin, name));
    // bun's install script hard-links bunx.exe to bun.exe; an image layer may store both in full (+100 MB)
    const bunx = join(root, 'node_modules/bun/bin/bunx.exe');
    if (existsSync(bunx) && !lstatSync(bunx).isSymbolicLink()) {
      rmSync(bunx);
      symlinkSync('bun.exe', bunx);
    }
  }
}
