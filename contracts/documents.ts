// The document library's API shapes (console.md §2, §3, §9): what /api/files/* answers and the console reads.
// Browser code imports the types only (`import type`), so Elysia stays out of the bundles.
import { t } from 'elysia';
import { cursorPage, success } from './envelope';

export const DocumentStatus = t.Union([t.Literal('indexing'), t.Literal('ready'), t.Literal('failed')]);
export type DocumentStatus = typeof DocumentStatus.static;

export const FileType = t.Union([t.Literal('pdf'), t.Literal('docx'), t.Literal('txt')]);

/** One row of the library list. */
export const DocumentListItem = t.Object({
  fileId: t.String(),
  fileName: t.String(),
  fileType: FileType,
  fileSize: t.Number(),
  category: t.Nullable(t.String()),
  categoryId: t.Nullable(t.String()),
  uploadedAt: t.String(),
  isActive: t.Boolean(),
  status: DocumentStatus,
  description: t.String(),
});
export type DocumentListItem = typeof DocumentListItem.static;

/** GET /api/files/get/all: the page's rows in `data`, keyset pagination beside it. */
export const DocumentListResponse = cursorPage(DocumentListItem, {
  cursor: t.Nullable(t.String()),
  totalPages: t.Number(),
  total: t.Number(),
});
export type DocumentListResponse = typeof DocumentListResponse.static;

/** GET /api/files/{id}/get: the document with its reviewed pages. */
export const DocumentDetail = t.Object({
  ...DocumentListItem.properties,
  rawFileName: t.String(),
  version: t.String(),
  fallbackContact: t.String(),
  statusError: t.Nullable(t.String()),
  usedOcr: t.Boolean(),
  extractionMethod: t.Nullable(t.String()),
  updatedAt: t.String(),
  downloadUrl: t.String(),
  page: t.Array(t.Object({ pageNumber: t.Number(), pageContent: t.String() })),
});
export type DocumentDetail = typeof DocumentDetail.static;

export const DocumentQueued = t.Object({ fileId: t.String(), status: t.Literal('indexing') });
export const DocumentResponses = {
  list: DocumentListResponse,
  detail: success(DocumentDetail),
  uploaded: success(t.Object({ fileId: t.String(), id: t.String(), status: t.Literal('indexing') })),
  queued: success(DocumentQueued),
  active: success(t.Object({ fileId: t.String(), isActive: t.Boolean() })),
  deleted: success(t.Object({ steps: t.Array(t.String()) })),
  /** GET /api/files/demo: how many demo-library documents are in the library */
  demo: success(t.Object({ count: t.Number() })),
  /** DELETE /api/files/demo */
  demoRemoved: success(t.Object({ removed: t.Number() })),
};

/** Versions of a document (issue 17 item 6): POST /api/files/{id}/replace, GET /api/files/{id}/versions, POST /api/files/similar. */
export const DocumentVersion = t.Object({
  number: t.Number(),
  fileName: t.String(),
  fileType: FileType,
  fileSize: t.Number(),
  uploadedAt: t.String(),
  /** the uploader's name as the user list has it; null when unknown */
  uploadedBy: t.Nullable(t.String()),
  current: t.Boolean(),
  downloadUrl: t.String(),
});
export type DocumentVersion = typeof DocumentVersion.static;
export const SimilarDocument = t.Object({ fileId: t.String(), fileName: t.String(), similarity: t.Number() });
export type SimilarDocument = typeof SimilarDocument.static;
export const VersionResponses = {
  replaced: success(t.Object({ fileId: t.String(), id: t.String(), version: t.Number(), status: t.Literal('indexing') })),
  list: t.Object({ status: t.Literal('success'), data: t.Array(DocumentVersion), hasNext: t.Boolean(), nextCursor: t.Nullable(t.String()) }),
  similar: success(t.Array(SimilarDocument)),
};
