// Documents in the conformance table (issue 36 step 6, the part converted): the row and its pages, what a download
// may reach, the versions of a never-replaced document; on SQLite and on Postgres. (Uploads, edits and indexing need
// the index and the files: their own tests run them on SQLite.)
import { expect } from 'bun:test';
import { downloadTarget, getDocumentDetail, getDocumentRow } from '../../modules/documents/service';
import { listVersions, versionFile } from '../../modules/documents/versions';
import { errorCode, type ServiceCase } from './service-cases';

export const documentCases: ServiceCase[] = [
  {
    name: 'documents: a row with its pages in order; an inactive one is downloadable by admins only; one version',
    async run(ctx) {
      const id = crypto.randomUUID();
      const now = new Date();
      const { documents, documentPages } = ctx.tables;
      await ctx.db.insert(documents).values({
        id,
        fileName: 'ระเบียบการลา',
        rawFileName: 'leave.pdf',
        fileType: 'pdf',
        mimeType: 'application/pdf',
        fileSize: 1234,
        storagePath: `${id}/leave.pdf`,
        sha256: 'x',
        isActive: false,
        status: 'ready',
        createdAt: now,
        updatedAt: now,
      });
      await ctx.db.insert(documentPages).values([
        { documentId: id, page: 2, content: 'หน้าสอง' },
        { documentId: id, page: 1, content: 'หน้าหนึ่ง' },
      ]);
      expect((await getDocumentRow(ctx, id)).fileName).toBe('ระเบียบการลา');
      expect(await errorCode(getDocumentRow(ctx, 'missing'))).toBe('not_found');
      const detail = await getDocumentDetail(ctx, id);
      expect(detail.page.map((p) => p.pageContent)).toEqual(['หน้าหนึ่ง', 'หน้าสอง']);
      expect(detail.category).toBeNull();
      expect(await errorCode(downloadTarget(ctx, id, false))).toBe('not_found');
      expect((await downloadTarget(ctx, id, true)).name).toBe('ระเบียบการลา.pdf');
      const versions = await listVersions(ctx, id);
      expect(versions.data.map((v) => [v.number, v.current])).toEqual([[1, true]]);
      expect((await versionFile(ctx, id, 1)).name).toBe('leave.pdf');
      expect(await errorCode(versionFile(ctx, id, 2))).toBe('not_found');
    },
  },
];
