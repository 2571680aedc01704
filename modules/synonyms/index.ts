// GET/POST /api/synonyms, DELETE /api/synonyms/{id}: the admin's synonym groups (settings page).
import { Elysia, t } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { SynonymResponses as R, SYNONYM_TERM_MAX_CHARS } from '../../contracts/synonyms';
import { applySynonyms, createSynonymGroup, deleteSynonymGroup, followSynonymChanges, listSynonymGroups } from './service';

// Loose bounds (the service says what is wrong, in Thai); they only keep an absurd body out.
const createBody = t.Object({ terms: t.Array(t.String({ maxLength: SYNONYM_TERM_MAX_CHARS * 4 }), { maxItems: 200 }) });
const listQuery = t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })), cursor: t.Optional(t.String({ maxLength: 200 })) });
const idParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });

export function synonymsModule(ctx: AppContext) {
  // the stored groups are read now, so the first question does not wait for their matchers (startServer awaits
  // the same read before it listens; a failure here is logged, and the next change reads them again)
  applySynonyms(ctx).catch((e) => ctx.log.error('synonyms not read', { error: e as Error }));
  // issue 36: another instance's change is read here too (nothing to follow on SQLite)
  followSynonymChanges(ctx).catch((e) => ctx.log.error('synonym changes of other instances not followed', { error: e as Error }));
  return new Elysia({ name: 'synonyms', seed: ctx.id })
    .use(guards(ctx))
    .get('/api/synonyms', async ({ query }) => ({ status: 'success' as const, ...(await listSynonymGroups(ctx, query)) }), {
      access: 'admin',
      query: listQuery,
      response: { 200: R.list },
    })
    .post('/api/synonyms', async ({ body }) => ({ status: 'success' as const, data: await createSynonymGroup(ctx, body.terms) }), {
      access: 'admin',
      body: createBody,
      response: { 200: R.created },
    })
    .delete(
      '/api/synonyms/:id',
      async ({ params }) => {
        await deleteSynonymGroup(ctx, params.id);
        return { status: 'success' as const, data: { id: params.id } };
      },
      { access: 'admin', params: idParams, response: { 200: R.deleted } },
    );
}
