// Composes the one Elysia app from the feature plugins in modules/.
import { Elysia } from 'elysia';
import { join } from 'node:path';
import type { AppContext } from './context';
import type { AssetManifest } from '../web/document';
import { errorPlugin } from './http/error-plugin';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { registerRouteSchemas } from './http/strict-body';
import { csrf } from './http/csrf';
import { bodyLimits } from './http/body-limits';
import { assetServer } from './http/asset-server';
import { guards } from './http/guards';
import { pageRoutes, notFoundPage } from './pages/routes';
import { healthModule } from '../modules/health';
import { preferencesModule } from '../modules/preferences';
import { assistantModule } from '../modules/assistant';
import { categoriesModule } from '../modules/categories';
import { documentsModule } from '../modules/documents';
import { conversationsModule } from '../modules/conversations';
import { authModule } from '../modules/auth';
import { adminsModule } from '../modules/admins';
import { questionsModule } from '../modules/questions';
import { insightsModule } from '../modules/insights';
import { synonymsModule } from '../modules/synonyms';
import { loadManifest, WEB_DIST } from './assets';
import { openApiRoute } from './openapi';

export interface AppOptions {
  assets?: AssetManifest;
  assetsDir?: string;
  /** single-binary mode: /assets/… served from files embedded in the executable */
  embeddedAssets?: Record<string, string>;
}

export function createApp(ctx: AppContext, opts: AppOptions = {}) {
  const assets = opts.assets ?? loadManifest();
  const renderNotFound = notFoundPage(ctx, assets);
  const app = new Elysia({ name: 'ask-reg' })
    .use(requestLog(ctx))
    .use(securityHeaders(ctx))
    .use(errorPlugin(ctx, renderNotFound))
    .use(csrf(ctx))
    .use(bodyLimits(ctx))
    .use(assetServer({ dir: join(opts.assetsDir ?? WEB_DIST, 'assets'), embedded: opts.embeddedAssets }))
    .use(guards(ctx))
    .use(healthModule(ctx))
    .use(authModule(ctx))
    .use(adminsModule(ctx))
    .use(preferencesModule(ctx))
    .use(assistantModule(ctx))
    .use(categoriesModule(ctx))
    .use(documentsModule(ctx))
    .use(conversationsModule(ctx))
    .use(questionsModule(ctx))
    .use(insightsModule(ctx))
    .use(synonymsModule(ctx))
    .use(pageRoutes(ctx, assets));
  // public JSON bodies are checked against their route's fields (read from app.routes at the first request)
  registerRouteSchemas(ctx, app);
  // reads the routes above (and itself) when first asked
  return app.use(openApiRoute(ctx, app));
}

export type App = ReturnType<typeof createApp>;
