// Builds the browser side: island bundles (minified, production React, shared chunks), one CSS file
// with the self-hosted Sarabun fonts, and a manifest the server reads. Output: web/dist/.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, basename } from 'node:path';
import { COMPRESSIBLE } from '../src/http/compression';

const root = join(import.meta.dir, '..');
let builds = 0;

/**
 * `out`: web/dist by default; tests build into a temp dir so they never race the shared bundle. The build is written
 * beside `out` and swapped in whole, so a server or test process reading `out` meanwhile (a second `npm start`, the test
 * runner's own tests, which build as `npm test` does while other test files serve pages) finds the old build or the
 * new one, never a half-written one, and a missing one only between two renames.
 */
export async function buildWeb(out = join(root, 'web', 'dist')): Promise<{ ms: number; files: number }> {
  const t0 = performance.now();
  const tag = `${process.pid}-${++builds}`;
  const staging = `${out}.building-${tag}`;
  const old = `${out}.old-${tag}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const files = await buildInto(staging);
    rmSync(old, { recursive: true, force: true });
    ignoring(['ENOENT'], () => renameSync(out, old));
    // another process's build took the place first: the same sources make the same build, so it stands
    ignoring(['ENOTEMPTY', 'EEXIST'], () => renameSync(staging, out));
    rmSync(old, { recursive: true, force: true });
    return { ms: Math.round(performance.now() - t0), files };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function ignoring(codes: string[], act: () => void): void {
  try {
    act();
  } catch (err) {
    if (!codes.includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  }
}

async function buildInto(out: string): Promise<number> {
  const assetsOut = join(out, 'assets');
  mkdirSync(join(assetsOut, 'fonts'), { recursive: true });

  const islandsDir = join(root, 'web', 'islands');
  const entries = readdirSync(islandsDir)
    .filter((f) => f.endsWith('.client.tsx'))
    .map((f) => join(islandsDir, f));
  const result = await Bun.build({
    entrypoints: entries,
    outdir: assetsOut,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'none',
    naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('client build failed');
  }
  const islands: Record<string, string> = {};
  for (const o of result.outputs) {
    if (o.kind !== 'entry-point') continue;
    const file = basename(o.path);
    islands[file.replace(/\.client-[^.]+\.js$/, '')] = `/assets/${file}`;
  }

  // Fonts: Thai + Latin subsets of Sarabun, served as files (never inlined).
  const fontSrc = join(root, 'node_modules', '@fontsource', 'sarabun', 'files');
  const faces: string[] = [];
  const preload: string[] = [];
  for (const weight of [400, 500, 600, 700]) {
    for (const [subset, range] of [
      ['thai', 'U+0E01-0E5B, U+200C-200D, U+25CC'],
      [
        'latin',
        'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
      ],
    ] as const) {
      const name = `sarabun-${subset}-${weight}-normal.woff2`;
      copyFileSync(join(fontSrc, name), join(assetsOut, 'fonts', name));
      faces.push(
        `@font-face{font-family:'Sarabun';font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/fonts/${name}) format('woff2');unicode-range:${range};}`,
      );
      if (weight === 400) preload.push(`/assets/fonts/${name}`);
    }
  }
  const stylesDir = join(root, 'web', 'styles');
  const css = [
    faces.join('\n'),
    ...readdirSync(stylesDir)
      .filter((f) => f.endsWith('.css'))
      .sort()
      .map((f) => readFileSync(join(stylesDir, f), 'utf8')),
  ].join('\n');
  const cssName = `app-${Bun.hash(css).toString(36)}.css`;
  writeFileSync(join(assetsOut, cssName), minifyCss(css));
  copyFileSync(join(root, 'web', 'favicon.svg'), join(assetsOut, 'favicon.svg'));

  // gzip twins, served to browsers that accept them (src/http/asset-server.ts): compressed once here, never per request
  for (const file of readdirSync(assetsOut)) {
    if (!COMPRESSIBLE.test(file)) continue;
    writeFileSync(join(assetsOut, `${file}.gz`), Bun.gzipSync(readFileSync(join(assetsOut, file)), { level: 9 }));
  }

  writeFileSync(join(out, 'manifest.json'), JSON.stringify({ css: [`/assets/${cssName}`], islands, preload }, null, 2));
  return result.outputs.length;
}

function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

if (import.meta.main) {
  const r = await buildWeb();
  console.log(`web build: ${r.files} bundles in ${r.ms} ms → web/dist`);
}
