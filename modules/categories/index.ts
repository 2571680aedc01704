import { Elysia, status, t } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { CategoryResponses as R, type Category } from '../../contracts/categories';
import { AppError, errorBody } from '../../src/http/errors';
import { CATEGORY_ADMIN_ONLY, CATEGORY_NAME_MAX, createCategory, deleteCategory, listCategories, renameCategory } from './service';

const nameBody = t.Object({ categoryName: t.String({ maxLength: CATEGORY_NAME_MAX * 4 }) });
const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** A duplicate answers 409 with the existing category in `data.existing` so the editor can select it (console.md §5). */
async function withExisting(fn: () => Promise<Category>) {
  try {
    return { status: 'success' as const, data: await fn() };
  } catch (e) {
    if (e instanceof AppError && e.code === 'conflict' && e.details?.existing) {
      return status(409, { ...errorBody(e), data: { existing: e.details.existing as Category } });
    }
    throw e;
  }
}

export function categoriesModule(ctx: AppContext) {
  return new Elysia({ name: 'categories', seed: ctx.id })
    .use(guards(ctx))
    .post(
      '/api/categories/create',
      ({ body }) => withExisting(() => createCategory(ctx, body.categoryName)),
      // Spec: creating without rights gets a Thai message (the other writes use the generic 403 text).
      { access: { level: 'admin', denied: CATEGORY_ADMIN_ONLY }, body: nameBody, response: { 200: R.one, 409: R.duplicate } },
    )
    .get('/api/categories/get/all', async () => ({ status: 'success' as const, data: await listCategories(ctx) }), {
      access: 'admin',
      response: { 200: R.list },
    })
    .patch('/api/categories/:id', ({ params, body }) => withExisting(() => renameCategory(ctx, params.id, body.categoryName)), {
      access: 'admin',
      params: idParams,
      body: nameBody,
      response: { 200: R.one, 409: R.duplicate },
    })
    .delete(
      '/api/categories/:id',
      async ({ params }) => {
        await deleteCategory(ctx, params.id);
        return { status: 'success' as const, data: { id: params.id } };
      },
      { access: 'admin', params: idParams, response: { 200: R.deleted } },
    );
}
