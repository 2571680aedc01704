import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { PreferenceIdParams, PreferenceUpdateBody } from './model';
import { ensurePreferences, getPreferenceById, getPreferences, toPref, updatePreferences } from './service';

export function preferencesModule(ctx: AppContext) {
  ensurePreferences(ctx);
  return new Elysia({ name: 'preferences', seed: ctx.id })
    .use(guards(ctx))
    .get('/api/preferences/get', () => ({ status: 'success' as const, data: { data: toPref(getPreferences(ctx)) } }), { access: 'public' })
    .get('/api/preferences', () => ({ status: 'success' as const, data: toPref(getPreferences(ctx)) }), { access: 'public' })
    .get('/api/preferences/:id', ({ params }) => ({ status: 'success' as const, data: toPref(getPreferenceById(ctx, params.id)) }), {
      access: 'public',
      params: PreferenceIdParams,
    })
    .patch(
      '/api/preferences/:id/update',
      ({ params, body, me }) => {
        const name = `${me!.user.firstname} ${me!.user.lastname}`.trim() || me!.user.email;
        const row = updatePreferences(ctx, params.id, body, { id: me!.user.id, name });
        return { status: 'success' as const, data: toPref(row) };
      },
      { access: 'admin', params: PreferenceIdParams, body: PreferenceUpdateBody },
    );
}
