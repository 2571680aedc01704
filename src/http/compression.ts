// Gzip for what the server sends many times unchanged: the hashed client files (compressed once at build,
// scripts/build-web.ts) and the cached landing page (compressed once per catalogue change). The other pages
// carry the caller or the path, so their HTML is gzipped as it streams (compressHtml); nothing else is
// compressed per request (JSON answers are small, SSE must not be buffered).

/** Whether an Accept-Encoding header allows gzip (`gzip` or `*`, unless given q=0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (coding === '*') wildcard = allowed;
    else return allowed;
  }
  return wildcard;
}

/** Worth sending compressed: text formats (fonts and images are compressed already). */
export const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;

/** A rendered page, gzipped as it streams when the client accepts gzip; `vary` either way (shared caches). */
export function compressHtml(request: Request, res: Response): Response {
  const headers = new Headers(res.headers);
  headers.set('vary', 'accept-encoding');
  if (!res.body || !acceptsGzip(request.headers.get('accept-encoding'))) return new Response(res.body, { status: res.status, headers });
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  return new Response(res.body.pipeThrough(new CompressionStream('gzip')), { status: res.status, headers });
}
