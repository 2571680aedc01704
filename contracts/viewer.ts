// The document viewer (issue 35): one page of a library document as published, with a quoted passage
// marked. GET /api/files/{id}/view answers it; /documents/{id}/view renders the same data server-side.
import { t } from 'elysia';
import { success } from './envelope';

/** A rectangle on the page, in fractions of the page's width and height (top-left origin). */
export const MarkRect = t.Object({ x: t.Number(), y: t.Number(), w: t.Number(), h: t.Number() });
export type MarkRect = typeof MarkRect.static;

export const PageViewData = t.Object({
  documentId: t.String(),
  title: t.String(),
  version: t.String(),
  category: t.Nullable(t.String()),
  fileType: t.String(),
  page: t.Number(),
  pages: t.Number(),
  /** the page image (PDF) and its size in pixels; null for DOCX and TXT, shown as text */
  image: t.Nullable(t.Object({ url: t.String(), width: t.Number(), height: t.Number() })),
  /** the passage's rectangles on this page's image */
  marks: t.Array(MarkRect),
  /** the stored text of this page (DOCX and TXT) and the passage's character ranges in it */
  text: t.Nullable(t.String()),
  textMarks: t.Array(t.Object({ start: t.Number(), end: t.Number() })),
  /** the whole quoted passage as text (screen readers, copying); null when none was asked for or found */
  passage: t.Nullable(t.String()),
  /** the pages the passage is marked on (a passage may run onto the next page) */
  markedPages: t.Array(t.Number()),
  downloadUrl: t.String(),
});
export type PageViewData = typeof PageViewData.static;

export const ViewerResponses = { view: success(PageViewData) };
