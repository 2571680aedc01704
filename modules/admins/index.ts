// Admin access rights API (admin only). Paths are ours (docs/api.md); payloads are console.md §7's.
import { Elysia, t } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { AdminResponses } from '../../contracts/admins';
import { grantAdmin, listAdmins, revokeAdmin, setAdminActive, setAdminPosition } from './service';

const email = t.String({ maxLength: 320 });
const text = t.String({ maxLength: 200 });

export function adminsModule(ctx: AppContext) {
  return new Elysia({ name: 'admins', seed: ctx.id })
    .use(guards(ctx))
    .get('/api/admins', async ({ query }) => ({ status: 'success' as const, data: await listAdmins(ctx, query.search ?? '') }), {
      access: 'admin',
      query: t.Object({ search: t.Optional(t.String({ maxLength: 200 })) }),
      response: { 200: AdminResponses.list },
    })
    .post('/api/admins', async ({ body }) => ({ status: 'success' as const, data: await grantAdmin(ctx, body.email, body.position) }), {
      access: 'admin',
      body: t.Object({ email, position: text }),
      response: { 200: AdminResponses.one },
    })
    .patch(
      '/api/admins/status',
      async ({ body, me }) => ({ status: 'success' as const, data: await setAdminActive(ctx, me!.user.id, body.email, body.isActive) }),
      {
        access: 'admin',
        body: t.Object({ email, isActive: t.Boolean() }),
        response: { 200: AdminResponses.one },
      },
    )
    .patch('/api/admins/position', async ({ body }) => ({ status: 'success' as const, data: await setAdminPosition(ctx, body.email, body.responsibility) }), {
      access: 'admin',
      body: t.Object({ email, responsibility: text }),
      response: { 200: AdminResponses.one },
    })
    .delete('/api/admins', async ({ body, me }) => ({ status: 'success' as const, data: await revokeAdmin(ctx, me!.user.id, body.email) }), {
      access: 'admin',
      body: t.Object({ email }),
      response: { 200: AdminResponses.one },
    });
}
