import { Elysia } from 'elysia';
import { rm } from 'node:fs/promises';
import { viewerRoutes } from './viewer/routes';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { DocumentResponses as R } from '../../contracts/documents';
import { badRequest, notFound, MESSAGES } from '../../src/http/errors';
import { readUpload, streamedBody } from './upload-body';
import { extractModule } from './extract-routes';
import { createDocument } from './pipeline';
import { listDocuments } from './list';
import { deleteDocument, downloadTarget, getDocumentDetail, getDocumentRow, setDocumentActive, updateDocument } from './service';
import { queueIndexing } from './indexer';
import { progressResponse } from './progress';
import { contentDisposition } from './storage';
import { downloadQuery, idParams, listQuery, parseUploadData, statusBody, updateBody } from './model';
import { limitUploads } from './upload-body';
import { versionRoutes } from './version-routes';
import { versionFile } from './versions';
import { demoDocumentCount, removeDemoLibrary } from './demo';

export function documentsModule(ctx: AppContext) {
  return (
    new Elysia({ name: 'documents', seed: ctx.id })
      .use(guards(ctx))
      .use(extractModule(ctx))
      .use(versionRoutes(ctx))
      .use(viewerRoutes(ctx))
      .post(
        '/api/files/upload',
        async ({ request, me }) => {
          await limitUploads(ctx, me!.user.id);
          const { file, fields } = await readUpload(ctx, request);
          try {
            if (!file) throw badRequest('กรุณาเลือกไฟล์ที่จะอัปโหลด');
            const data = parseUploadData(fields.data);
            const { id } = await createDocument(ctx, file, data, { uploadedBy: me!.user.id, signal: request.signal });
            return { status: 'success' as const, data: { fileId: id, id, status: 'indexing' as const } };
          } finally {
            if (file) await rm(file.tmpPath, { force: true });
          }
        },
        { access: 'admin', parse: streamedBody, response: { 200: R.uploaded } },
      )
      .get('/api/files/get/all', async ({ query }) => ({ status: 'success' as const, ...(await listDocuments(ctx, query)) }), {
        access: 'admin',
        query: listQuery,
        response: { 200: R.list },
      })
      .get('/api/files/:id/get', async ({ params }) => ({ status: 'success' as const, data: await getDocumentDetail(ctx, params.id) }), {
        access: 'admin',
        params: idParams,
        response: { 200: R.detail },
      })
      .get('/api/files/:id/progress', ({ params, request }) => progressResponse(ctx, params.id, request.signal), { access: 'admin', params: idParams })
      .patch('/api/files/:id/update', async ({ params, body }) => ({ status: 'success' as const, data: await updateDocument(ctx, params.id, body) }), {
        access: 'admin',
        params: idParams,
        body: updateBody,
        response: { 200: R.queued },
      })
      // Ours: run indexing again for a saved document (e.g. after a failure), without a second upload.
      .post(
        '/api/files/:id/reindex',
        async ({ params }) => {
          await getDocumentRow(ctx, params.id);
          await queueIndexing(ctx, params.id);
          return { status: 'success' as const, data: { fileId: params.id, status: 'indexing' as const } };
        },
        { access: 'admin', params: idParams, response: { 200: R.queued } },
      )
      .patch(
        '/api/files/:id/status',
        async ({ params, body }) => ({ status: 'success' as const, data: await setDocumentActive(ctx, params.id, body.isActive) }),
        { access: 'admin', params: idParams, body: statusBody, response: { 200: R.active } },
      )
      .get('/api/files/demo', async () => ({ status: 'success' as const, data: { count: await demoDocumentCount(ctx) } }), {
        access: 'admin',
        response: { 200: R.demo },
      })
      .delete('/api/files/demo', async () => ({ status: 'success' as const, data: await removeDemoLibrary(ctx) }), {
        access: 'admin',
        response: { 200: R.demoRemoved },
      })
      .delete('/api/files/:id/delete', async ({ params }) => ({ status: 'success' as const, data: await deleteDocument(ctx, params.id) }), {
        access: 'admin',
        params: idParams,
        response: { 200: R.deleted },
      })
      .get(
        '/api/files/:id/download',
        async ({ params, query, me }) => {
          // an earlier version (?version=N) is for admins only; anyone else is told it does not exist
          if (query.version !== undefined && me?.role !== 'admin') throw notFound(MESSAGES.documentNotFound);
          const target =
            query.version === undefined ? await downloadTarget(ctx, params.id, me?.role === 'admin') : await versionFile(ctx, params.id, query.version);
          const file = Bun.file(target.path);
          if (!(await file.exists())) throw notFound(MESSAGES.documentNotFound);
          return new Response(file, {
            headers: {
              'content-type': target.mimeType,
              'content-length': String(file.size),
              'content-disposition': contentDisposition(target.name),
              'x-content-type-options': 'nosniff',
              'cache-control': 'private, no-store',
            },
          });
        },
        { access: 'public', params: idParams, query: downloadQuery },
      )
  );
}
