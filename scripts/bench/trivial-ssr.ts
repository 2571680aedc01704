// Baseline for scripts/bench/http.ts: the smallest React 19 streaming SSR server on the same runtime.
import { createElement as h } from 'react';
import { renderToReadableStream } from 'react-dom/server';

const port = Number(process.env.PORT ?? 0);
Bun.serve({
  port,
  hostname: '127.0.0.1',
  async fetch(req) {
    if (new URL(req.url).pathname === '/healthz') return new Response('ok');
    const stream = await renderToReadableStream(h('html', { lang: 'th' }, h('body', null, h('h1', null, 'สวัสดี'), h('p', null, 'trivial page'))));
    return new Response(stream, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
});
