import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { PreferenceResponses as R } from '../../contracts/preferences';
import type { Caller } from '../../src/http/auth-context';
import { PreferenceIdParams, PreferenceUpdateBody } from './model';
import { ensurePreferences, getPreferenceById, getPreferences, toPref, updatePreferences } from './service';

/** Anyone may read the bot's behaviour (the chat needs the fallback text); who changed it is for admins only. */
function visiblePref(row: Parameters<typeof toPref>[0], me: Caller | null) {
  const pref = toPref(row);
  return me?.role === 'admin' ? pref : { ...pref, updated_by: '', updated_by_name: '' };
}

export function preferencesModule(ctx: AppContext) {
  // Seeded at start-up (awaited by the app's ready step); a request before that creates it itself.
  void ensurePreferences(ctx).catch((e: Error) => ctx.log.error('could not seed the preferences', { error: e }));
  return new Elysia({ name: 'preferences', seed: ctx.id })
    .use(guards(ctx))
    .get('/api/preferences/get', async ({ me }) => ({ status: 'success' as const, data: { data: visiblePref(await getPreferences(ctx), me) } }), {
      access: 'public',
      response: { 200: R.wrapped },
    })
    .get('/api/preferences', async ({ me }) => ({ status: 'success' as const, data: visiblePref(await getPreferences(ctx), me) }), {
      access: 'public',
      response: { 200: R.one },
    })
    .get('/api/preferences/:id', async ({ params, me }) => ({ status: 'success' as const, data: visiblePref(await getPreferenceById(ctx, params.id), me) }), {
      access: 'public',
      params: PreferenceIdParams,
      response: { 200: R.one },
    })
    .patch(
      '/api/preferences/:id/update',
      async ({ params, body, me }) => {
        const name = `${me!.user.firstname} ${me!.user.lastname}`.trim() || me!.user.email;
        const row = await updatePreferences(ctx, params.id, body, { id: me!.user.id, name });
        return { status: 'success' as const, data: toPref(row) };
      },
      { access: 'admin', params: PreferenceIdParams, body: PreferenceUpdateBody, response: { 200: R.one } },
    );
}
