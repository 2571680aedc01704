// The reviewed text arrives as one string; pages are recovered from form feeds or from marker lines such
// as "--- หน้า 3 ---" on their own line. Extraction (/api/extract) and our console's view and edit forms put
// such a marker between pages, so a document saved from the console keeps its page numbers for references.
import { foldThaiDigits } from '../../src/thai/digits';
export interface PageText {
  page: number;
  content: string;
}

/** The line that starts page `n` in reviewed text (web/islands/console/format.ts writes the same). */
export const pageMarker = (n: number) => `--- หน้า ${n} ---`;

// Spaces are read once, each run by one part of the pattern: two runs side by side around an optional part split a long
// line of spaces every way there is (the square of its length), and the reviewed text is an admin's, read on the server.
const MARKER = /^[ \t]*(?:(?:[-=[]{2,}|\[)[ \t]*)?(?:หน้า(?:ที่)?|page)[ \t]*([0-9๐-๙]+)(?:[ \t]*\/[ \t]*[0-9๐-๙]+)?(?:[ \t]*(?:[-=\]]{2,}|\]))?[ \t]*$/gimu;

const toNumber = (digits: string) => Number(foldThaiDigits(digits));
// trimEnd, not /\s+$/: the pattern is tried from every space of a long run that does not end the text
const tidy = (p: string) => p.replace(/^\n+/, '').trimEnd();

export function splitPages(contents: string): PageText[] {
  const text = contents.replace(/\r\n?/g, '\n');
  if (text.includes('\f')) return numbered(text.split('\f'));
  const markers = [...text.matchAll(MARKER)];
  if (!markers.length) return numbered([text]);
  // Text before the first marker is page 1; each marker names the page that follows it. Markers that do
  // not count upwards (page footers such as "หน้า 1" at the end of page 1) only separate pages.
  const pieces = text.split(MARKER).filter((_, i) => i % 2 === 0);
  const named = [1, ...markers.map((m) => toNumber(m[1]!))];
  if (!named.every((n, i) => i === 0 || n > named[i - 1]!)) return numbered(pieces);
  return pieces.map((p, i) => ({ page: named[i]!, content: tidy(p) })).filter((p) => p.content.trim() !== '');
}

function numbered(pieces: string[]): PageText[] {
  return pieces
    .map(tidy)
    .filter((p) => p.trim() !== '')
    .map((content, i) => ({ page: i + 1, content }));
}

/**
 * Extracted pages as one reviewable text: a marker line before every page after the first (none for a
 * one-page document), and `spans` (offsets into the pages joined by "\n\n") moved to the marked text.
 */
export function markPages<S extends { start: number; end: number }>(
  pages: Array<{ page: number; text: string }>,
  spans: S[] = [],
): { text: string; spans: S[] } {
  let text = '';
  const moved: S[] = [];
  let plainStart = 0;
  let next = 0;
  pages.forEach((p, i) => {
    if (i > 0) text += `\n\n${pageMarker(p.page)}\n\n`;
    const shift = text.length - plainStart;
    const plainEnd = plainStart + p.text.length;
    for (; next < spans.length && spans[next]!.start < plainEnd + 2; next++)
      moved.push({ ...spans[next]!, start: spans[next]!.start + shift, end: spans[next]!.end + shift });
    text += p.text;
    plainStart = plainEnd + 2;
  });
  return { text, spans: moved };
}
