import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { assetServer } from './asset-server';

const dir = mkdtempSync(join(tmpdir(), 'assets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const js = 'export const greeting = "สวัสดี";\n'.repeat(200);
writeFileSync(join(dir, 'app-1.js'), js);
writeFileSync(join(dir, 'app-1.js.gz'), Bun.gzipSync(Buffer.from(js)));
writeFileSync(join(dir, 'plain-1.css'), 'body{color:red}');
mkdirSync(join(dir, 'fonts'));
writeFileSync(join(dir, 'fonts', 'f.woff2'), 'wOF2');

const browser = { 'accept-encoding': 'gzip, deflate, br' };

function suite(name: string, opts: Parameters<typeof assetServer>[0]) {
  describe(name, () => {
    const app = new Elysia().use(assetServer(opts));
    const get = async (path: string, headers: Record<string, string> = {}) => {
      await app.modules; // @elysiajs/static registers its routes asynchronously
      return app.handle(new Request(`http://localhost${path}`, { headers }));
    };

    test('a browser that accepts gzip gets the build’s gzip twin, with the original type', async () => {
      const res = await get('/assets/app-1.js', browser);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('vary')).toBe('accept-encoding');
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))).toBe(js);
    });

    test('a client without gzip (or refusing it) gets the file as is', async () => {
      for (const headers of [{}, { 'accept-encoding': 'gzip;q=0' }] as Record<string, string>[]) {
        const res = await get('/assets/app-1.js', headers);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(res.headers.get('vary')).toBe('accept-encoding'); // a shared cache keeps both variants apart
        expect(await res.text()).toBe(js);
      }
    });

    test('files without a twin, nested files and unknown files', async () => {
      const css = await get('/assets/plain-1.css', browser);
      expect(css.headers.get('content-encoding')).toBeNull();
      expect(await css.text()).toBe('body{color:red}');
      expect(await (await get('/assets/fonts/f.woff2', browser)).text()).toBe('wOF2');
      expect((await get('/assets/nope.js', browser)).status).toBe(404);
      // the twin lookup reads the path, not the query string or another route's query
      expect((await get('/api/x?next=/assets/app-1.js', browser)).headers.get('content-encoding')).toBeNull();
    });
  });
}

suite('from a directory (web/dist)', { dir });
const embedded = {
  '/assets/app-1.js': join(dir, 'app-1.js'),
  '/assets/app-1.js.gz': join(dir, 'app-1.js.gz'),
  '/assets/plain-1.css': join(dir, 'plain-1.css'),
  '/assets/fonts/f.woff2': join(dir, 'fonts', 'f.woff2'),
};
suite('embedded in the executable', { dir: '/nonexistent', embedded });
