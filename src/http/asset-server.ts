// Hashed, immutable client files under /assets/: from web/dist, or from the executable in single-binary mode.
// A browser that accepts gzip gets the `.gz` twin the build wrote beside each text file (342 KB of chat
// JavaScript travels as ~113 KB); anyone else gets the file as is.
import { Elysia } from 'elysia';
import { staticPlugin } from '@elysiajs/static';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { acceptsGzip } from './compression';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function walk(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  } catch {
    return [];
  }
}

/** URL path (/assets/…) → { the file, its gzip twin } for every file the build compressed. */
function gzipTwins(files: Record<string, string>): Map<string, { file: string; gz: string }> {
  const twins = new Map<string, { file: string; gz: string }>();
  for (const [url, gz] of Object.entries(files)) {
    if (!url.endsWith('.gz')) continue;
    const file = files[url.slice(0, -3)];
    if (file) twins.set(url.slice(0, -3), { file, gz });
  }
  return twins;
}

export function assetServer(opts: { dir: string; embedded?: Record<string, string> }) {
  const files = opts.embedded ?? Object.fromEntries(walk(opts.dir).map((f) => ['/assets/' + relative(opts.dir, f), f]));
  const twins = gzipTwins(files);
  const compressed = new Elysia({ name: 'assets-gzip' }).onRequest(({ request }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    const path = url.slice(url.indexOf('/', url.indexOf('//') + 2)).split('?')[0]!;
    if (!path.startsWith('/assets/')) return;
    const twin = twins.get(path);
    if (!twin || !acceptsGzip(request.headers.get('accept-encoding'))) return;
    return new Response(Bun.file(twin.gz), {
      headers: { 'content-type': Bun.file(twin.file).type, 'content-encoding': 'gzip', vary: 'accept-encoding', 'cache-control': IMMUTABLE },
    });
  });
  const embedded = opts.embedded;
  const plain = embedded
    ? new Elysia({ name: 'embedded-assets' }).get('/assets/*', ({ path, set }) => {
        const file = embedded[path];
        if (!file) return new Response('Not found', { status: 404 });
        set.headers['cache-control'] = IMMUTABLE;
        set.headers.vary = 'accept-encoding';
        return Bun.file(file);
      })
    : staticPlugin({ assets: opts.dir, prefix: '/assets', alwaysStatic: false, directive: 'public', maxAge: 31_536_000, headers: { vary: 'accept-encoding' } });
  return new Elysia({ name: 'assets' }).use(compressed).use(plain);
}
