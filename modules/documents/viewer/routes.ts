// GET /api/files/{id}/view (the page's data, as the chat's side panel reads it) and
// GET /api/files/{id}/pages/{page}/image (the page image). Public like downloads: a guest may open the
// pages of active documents; inactive or deleted ones answer 404 to all but admins.
import { Elysia, t } from 'elysia';
import type { AppContext } from '../../../src/context';
import { guards } from '../../../src/http/guards';
import { checkLimit, clientIp } from '../../../src/http/rate-limit';
import { ViewerResponses } from '../../../contracts/viewer';
import { idParams } from '../model';
import { pageImagePath, pageViewData, viewableDocument } from './service';

// A page is a few requests (page, image, perhaps its neighbour): per client IP, enough to leaf through a
// document quickly, not to have the workers render a whole library.
export const VIEW_REQUESTS_PER_MINUTE = 240;

/** Benches may raise the limit for their own app (scripts/bench/viewer.ts opens hundreds of pages a minute). */
export const viewRateOverride = new WeakMap<AppContext, number>();

type Server = { requestIP(req: Request): { address: string } | null } | null;
export const limitViews = (ctx: AppContext, request: Request, server: Server) =>
  checkLimit(ctx, `view:${clientIp(ctx, request, server?.requestIP(request)?.address ?? null)}`, viewRateOverride.get(ctx) ?? VIEW_REQUESTS_PER_MINUTE);

export const viewQuery = t.Object({
  page: t.Optional(t.Integer({ minimum: 1, maximum: 100_000 })),
  from: t.Optional(t.String({ maxLength: 200 })),
  to: t.Optional(t.String({ maxLength: 200 })),
  zoom: t.Optional(t.Integer({ minimum: 25, maximum: 400 })),
});

export function viewerRoutes(ctx: AppContext) {
  return new Elysia({ name: 'document-viewer', seed: ctx.id })
    .use(guards(ctx))
    .get(
      '/api/files/:id/view',
      async ({ params, query, me, request, server }) => {
        await limitViews(ctx, request, server);
        const found = await viewableDocument(ctx, params.id, me?.role === 'admin');
        return { status: 'success' as const, data: await pageViewData(ctx, found, { page: query.page ?? 1, from: query.from, to: query.to }) };
      },
      { access: 'public', params: idParams, query: viewQuery, response: { 200: ViewerResponses.view } },
    )
    .get(
      '/api/files/:id/pages/:page/image',
      async ({ params, me, request, server }) => {
        await limitViews(ctx, request, server);
        const found = await viewableDocument(ctx, params.id, me?.role === 'admin');
        const file = Bun.file(await pageImagePath(ctx, found, params.page));
        return new Response(file, {
          headers: {
            'content-type': 'image/webp',
            'content-length': String(file.size),
            'x-content-type-options': 'nosniff',
            // the address names the file's version (?v=); a document made inactive must stop showing at once
            'cache-control': 'private, max-age=300',
          },
        });
      },
      { access: 'public', params: t.Object({ id: idParams.properties.id, page: t.Integer({ minimum: 1, maximum: 100_000 }) }) },
    );
}
