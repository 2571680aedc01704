// The viewer's address (issue 35), built by the chat, the console and the server alike; no imports, so
// browser bundles may use it at run time.

/** The passage is named by its first and last characters: a reference's whole text is too long for a URL. */
export const VIEW_ANCHOR_CHARS = 48;

/** The id of the passage's first mark on the page. */
export const PASSAGE_MARK_ID = 'passage';

/** The viewer's address for a page and, optionally, the passage quoted from it. */
export function viewerPath(documentId: string, page: number, quote?: string | null): string {
  const q = new URLSearchParams({ page: String(Math.max(1, Math.floor(page) || 1)) });
  const text = (quote ?? '').replace(/\s+/g, ' ').trim();
  if (text) {
    const chars = [...text];
    q.set('from', chars.slice(0, VIEW_ANCHOR_CHARS).join(''));
    if (chars.length > VIEW_ANCHOR_CHARS) q.set('to', chars.slice(-VIEW_ANCHOR_CHARS).join(''));
  }
  // the fragment scrolls the page (and its scrolling image) to the first mark, with no script
  return `/documents/${encodeURIComponent(documentId)}/view?${q}${text ? `#${PASSAGE_MARK_ID}` : ''}`;
}
