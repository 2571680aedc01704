// Composes the one Elysia app from the feature plugins in modules/.
import { Elysia } from 'elysia';
import { staticPlugin } from '@elysiajs/static';
import { join } from 'node:path';
import type { AppContext } from './context';
import type { AssetManifest } from '../web/document';
import { errorPlugin } from './http/error-plugin';
import { requestLog } from './http/request-log';
import { csrf } from './http/csrf';
import { guards } from './http/guards';
import { pageRoutes, notFoundPage } from './pages/routes';
import { healthModule } from '../modules/health';
import { preferencesModule } from '../modules/preferences';
import { loadManifest, WEB_DIST } from './assets';

export interface AppOptions {
  assets?: AssetManifest;
  assetsDir?: string;
}

export function createApp(ctx: AppContext, opts: AppOptions = {}) {
  const assets = opts.assets ?? loadManifest();
  const renderNotFound = notFoundPage(ctx, assets);
  return new Elysia({ name: 'ask-reg' })
    .use(requestLog(ctx))
    .use(errorPlugin(ctx, renderNotFound))
    .use(csrf(ctx))
    .use(
      staticPlugin({
        assets: join(opts.assetsDir ?? WEB_DIST, 'assets'),
        prefix: '/assets',
        alwaysStatic: false,
        directive: 'public',
        maxAge: 31_536_000,
      }),
    )
    .use(guards(ctx))
    .use(healthModule(ctx))
    .use(preferencesModule(ctx))
    .use(pageRoutes(ctx, assets));
}

export type App = ReturnType<typeof createApp>;
