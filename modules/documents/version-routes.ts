// Versions of a document (issue 17 item 6): replace a document's file and text, list its versions, and
// find the active documents an upload's text largely matches. Admin only; old files download through
// GET /api/files/{id}/download?version=N (index.ts).
import { Elysia, t } from 'elysia';
import { rm } from 'node:fs/promises';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { badRequest } from '../../src/http/errors';
import { VersionResponses as R } from '../../contracts/documents';
import { idParams, parseUploadData } from './model';
import { limitUploads, readUpload, streamedBody } from './upload-body';
import { listVersions, replaceDocument } from './versions';
import { similarToBody } from './similar';

const versionsQuery = t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })), cursor: t.Optional(t.String({ maxLength: 20 })) });

export function versionRoutes(ctx: AppContext) {
  return new Elysia({ name: 'document-versions', seed: ctx.id })
    .use(guards(ctx))
    .post(
      '/api/files/:id/replace',
      async ({ params, request, me }) => {
        await limitUploads(ctx, me!.user.id);
        const { file, fields } = await readUpload(ctx, request);
        try {
          if (!file) throw badRequest('กรุณาเลือกไฟล์ที่จะอัปโหลด');
          const data = parseUploadData(fields.data);
          const done = await replaceDocument(ctx, params.id, file, data, { uploadedBy: me!.user.id, signal: request.signal });
          return { status: 'success' as const, data: { ...done, id: done.fileId } };
        } finally {
          if (file) await rm(file.tmpPath, { force: true });
        }
      },
      { access: 'admin', params: idParams, parse: streamedBody, response: { 200: R.replaced } },
    )
    .get('/api/files/:id/versions', async ({ params, query }) => ({ status: 'success' as const, ...(await listVersions(ctx, params.id, query)) }), {
      access: 'admin',
      params: idParams,
      query: versionsQuery,
      response: { 200: R.list },
    })
    .post(
      '/api/files/similar',
      // {contents (at most 20 M characters), except?}: streamed to disk, read in a parse worker (similar.ts)
      async ({ me, request }) => ({ status: 'success' as const, data: await similarToBody(ctx, request, ['admin', `user:${me!.user.id}`]) }),
      { access: 'admin', parse: streamedBody, response: { 200: R.similar } },
    );
}
