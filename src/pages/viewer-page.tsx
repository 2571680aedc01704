// /documents/{id}/view (issue 35): the document viewer as a page of its own, what a reference's link opens
// when JavaScript is off or the link is opened in a new tab. Guests may view active documents; anything else
// is the site's 404 page, as for a missing document.
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import type { AssetManifest } from '../../web/document';
import { renderPage } from '../../web/render';
import { ViewerPage } from '../../web/pages/ViewerPage';
import { NotFoundPage } from '../../web/pages/NotFoundPage';
import { guards } from '../http/guards';
import { AppError } from '../http/errors';
import { compressHtml } from '../http/compression';
import { limitViews, viewQuery } from '../../modules/documents/viewer/routes';
import { pageViewData, viewableDocument } from '../../modules/documents/viewer/service';
import { idParams } from '../../modules/documents/model';

export function viewerPageRoutes(ctx: AppContext, assets: AssetManifest) {
  const onError = (e: unknown) => ctx.log.error('render failed', { error: e as Error });
  return new Elysia({ name: 'viewer-page', seed: ctx.id }).use(guards(ctx)).get(
    '/documents/:id/view',
    async ({ params, query, me, request, server }) => {
      limitViews(ctx, request, server);
      try {
        const found = await viewableDocument(ctx, params.id, me?.role === 'admin');
        const data = await pageViewData(ctx, found, { page: query.page ?? 1, from: query.from, to: query.to });
        return compressHtml(request, await renderPage(<ViewerPage assets={assets} data={data} zoom={query.zoom ?? 100} query={query} />, 200, onError));
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 404) throw e;
        return compressHtml(request, await renderPage(<NotFoundPage assets={assets} />, 404, onError));
      }
    },
    { pageAccess: 'public', params: idParams, query: viewQuery },
  );
}
