// An upload's pages, read alike for a new document (pipeline.ts) and a new version of one (versions.ts): the reviewed
// text the upload carries (the console's extraction step; its stored PDF must still be readable), else the file's own
// extraction, OCR where its quality signal asks for it.
import { extractPages, type ExtractPagesOptions } from './extraction';
import { splitPages, type PageText } from './pages';
import { checkPdfReadable } from './pdf-check';
import type { FileType } from './storage';

export interface UploadPages {
  pages: PageText[];
  /** how the text was extracted; null for reviewed text */
  method: string | null;
  usedOcr: boolean;
  ocrWords: Awaited<ReturnType<typeof extractPages>>['ocrWords'];
}

export async function uploadPages(path: string, kind: FileType, reviewed: string, opts: ExtractPagesOptions = {}): Promise<UploadPages> {
  const pages = splitPages(reviewed);
  if (pages.length === 0) return extractPages(path, kind, opts);
  if (kind === 'pdf') await checkPdfReadable(path);
  return { pages, method: null, usedOcr: false, ocrWords: undefined };
}
