import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { AppError, errorBody, isStorageFull, MESSAGES, storageFull } from './errors';

/** Maps every thrown error to `{status:'error', message, code}`; stacks go to the log, never the client. */
export function errorPlugin(ctx: AppContext, renderNotFound?: (request: Request) => Promise<Response>) {
  return new Elysia({ name: 'errors', seed: ctx.id }).onError({ as: 'global' }, ({ error: thrown, code, set, request }) => {
    // Elysia wraps what a body parser throws (guards.ts checks the caller and the size there) in a ParseError.
    const cause = code === 'PARSE' ? (thrown as { cause?: unknown }).cause : undefined;
    const error = cause instanceof AppError ? cause : thrown;
    // Unknown pages get the HTML 404 page; unknown API paths get the JSON envelope.
    if (code === 'NOT_FOUND' && renderNotFound && !isApiPath(new URL(request.url).pathname)) return renderNotFound(request);
    let err: AppError;
    if (error instanceof AppError) err = error;
    else if (code === 'VALIDATION') err = new AppError('validation', validationMessage(error));
    else if (code === 'NOT_FOUND') err = new AppError('not_found', MESSAGES.notFound);
    else if (code === 'PARSE') err = new AppError('bad_request', 'Malformed request body');
    else if (code === 'INVALID_COOKIE_SIGNATURE') err = new AppError('unauthorized', MESSAGES.unauthorized);
    else if (isStorageFull(error)) {
      ctx.log.error('storage full', { path: new URL(request.url).pathname, error: error as Error });
      err = storageFull();
    } else {
      ctx.log.error('unhandled error', { path: new URL(request.url).pathname, error: error as Error, stack: (error as Error)?.stack });
      err = new AppError('internal', MESSAGES.internal);
    }
    set.status = err.status;
    if (err.code === 'rate_limited' && err.details?.retryAfter) set.headers['retry-after'] = String(err.details.retryAfter);
    set.headers['content-type'] = 'application/json; charset=utf-8';
    return errorBody(err);
  });
}

function validationMessage(error: unknown): string {
  // Elysia's ValidationError carries the failing property path; keep the message short and stack-free.
  const e = error as { all?: Array<{ path?: string; message?: string; summary?: string }> };
  const first = e.all?.[0];
  if (first) {
    const field = first.path?.replace(/^\//, '').replace(/\//g, '.') || 'body';
    return `Invalid request: ${field} ${first.summary ?? first.message ?? 'is invalid'}`.slice(0, 300);
  }
  return 'Invalid request';
}

export function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/api' || path.startsWith('/ai-api/');
}
