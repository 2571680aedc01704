// Streams a page with React 19's renderToReadableStream. Used by the server's page routes.
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

export async function renderPage(element: ReactElement, status = 200, onError?: (e: unknown) => void): Promise<Response> {
  const stream = await renderToReadableStream(element, {
    onError(error) {
      onError?.(error);
    },
  });
  return new Response(stream, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS },
  });
}
