// Composes the one Elysia app from the feature plugins in modules/.
import { Elysia, type AnyElysia } from 'elysia';
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
  // The app is composed as any Elysia: nothing reads the merged type of its routes (there is no typed client; each
  // module's routes are checked in the module), and merging the plugins' types took most of the project's typecheck
  // (tsc --generateTrace: src/app.ts 52 of the 70 s spent checking files).
  const base: AnyElysia = new Elysia({ name: 'ask-reg' });
  const app = base
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
