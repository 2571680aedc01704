// The quoted passage, recovered from the document's stored pages by its first and last characters (the
// viewer's address carries only those, contracts/viewer-path.ts). The stored pages are the reviewed text
// the answer quoted, so the anchors are found as written; spacing alone may differ.
import { fold } from './fold';

export interface StoredPage {
  page: number;
  content: string;
}
export interface Passage {
  /** the passage as stored (pages joined by a blank line when it runs onto the next) */
  text: string;
  /** where it lies, per page: character ranges of each page's content */
  ranges: Array<{ page: number; start: number; end: number }>;
}

// A passage is cited on the page it starts on, or on the page its quoted words are on when it runs onto later
// pages (a whole clause over a short page: knowledge/index/passage-pages.ts); it spans at most this many pages,
// and a chunk is never longer than this.
export const PASSAGE_PAGES = 3;
const MAX_PASSAGE_CHARS = 6000;

function indexOf(hay: string[], needle: string[], from: number): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The passage starting with `from` (on page `page`, or running from it onto the next ones) and ending with `to`. */
export function findPassage(pages: StoredPage[], page: number, from: string, to?: string | null): Passage | null {
  const at = pages.findIndex((p) => p.page === page);
  if (at < 0 || !from.trim()) return null;
  const span = pages.slice(at, at + PASSAGE_PAGES);
  const joined = span.map((p) => p.content).join('\n\n');
  const starts: number[] = [];
  let offset = 0;
  for (const p of span) {
    starts.push(offset);
    offset += p.content.length + 2;
  }
  const hay = fold(joined);
  const head = fold(from).chars;
  const begin = indexOf(hay.chars, head, 0);
  // the passage must start on the cited page
  if (begin < 0 || hay.from[begin]! >= (starts[1] ?? Number.POSITIVE_INFINITY)) return null;
  let end = begin + head.length;
  const tail = to ? fold(to).chars : [];
  if (tail.length) {
    const found = indexOf(hay.chars, tail, Math.max(begin, end - tail.length));
    if (found < 0 || hay.from[found]! - hay.from[begin]! > MAX_PASSAGE_CHARS) return null;
    end = found + tail.length;
  }
  const a = hay.from[begin]!;
  const b = hay.from[end - 1]! + 1;
  const ranges = span
    .map((p, i) => ({ page: p.page, start: Math.max(0, a - starts[i]!), end: Math.min(p.content.length, b - starts[i]!) }))
    .filter((r) => r.end > r.start);
  return { text: joined.slice(a, b), ranges };
}
