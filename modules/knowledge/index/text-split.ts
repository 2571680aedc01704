// Size-based splitting for text that has no (more) structure to split on.
// Thai marks sentence ends with a space, not a period, so whitespace is the preferred cut;
// long runs without any space fall back to Intl.Segmenter word boundaries so words stay whole.

const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Best cut position in text[min..max]: newline, then whitespace, then a word boundary, else max. */
function cutPoint(text: string, min: number, max: number): number {
  const window = text.slice(min, max);
  const newline = window.lastIndexOf('\n');
  if (newline > 0) return min + newline + 1;
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\t'));
  if (space > 0) return min + space + 1;
  let boundary = -1;
  for (const seg of wordSegmenter.segment(window)) if (seg.index > 0) boundary = seg.index;
  return boundary > 0 ? min + boundary : max;
}

/** Start of the overlap tail: the first whitespace/word boundary at or after `from`. */
function overlapStart(text: string, from: number, end: number): number {
  const window = text.slice(from, end);
  const space = window.search(/\s/);
  if (space >= 0) return from + space + 1;
  for (const seg of wordSegmenter.segment(window)) if (seg.index > 0) return from + seg.index;
  return end;
}

/**
 * Split text into pieces of at most maxChars, aiming for targetChars, each piece after the first
 * starting with about overlapChars of the previous piece so a fact cut in two stays findable.
 */
export function splitBySize(text: string, targetChars: number, maxChars: number, overlapChars: number): string[] {
  const clean = text.trim();
  if (clean.length <= maxChars) return clean ? [clean] : [];
  const pieces: string[] = [];
  let start = 0;
  while (start < clean.length) {
    if (clean.length - start <= maxChars) {
      pieces.push(clean.slice(start).trim());
      break;
    }
    const minEnd = start + Math.floor(targetChars / 2);
    const end = cutPoint(clean, minEnd, start + targetChars);
    pieces.push(clean.slice(start, end).trim());
    const next = overlapChars > 0 ? overlapStart(clean, Math.max(start + 1, end - overlapChars), end) : end;
    start = next > start ? next : end;
  }
  return pieces.filter((p) => p.length > 0);
}

/**
 * Greedily pack consecutive pieces into groups no longer than limit (a single oversized piece stays alone);
 * `apart(prev, next)` says two neighbours never share a group (pieces of two pages).
 */
export function packPieces<T>(items: T[], size: (item: T) => number, limit: number, apart?: (prev: T, next: T) => boolean): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let length = 0;
  for (const item of items) {
    const s = size(item);
    if (current.length > 0 && (length + s > limit || apart?.(current.at(-1)!, item))) {
      groups.push(current);
      current = [];
      length = 0;
    }
    current.push(item);
    length += s + 1;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Consecutive items in runs that share one key (lines by page). */
export function runsBy<T, K>(items: T[], key: (item: T) => K): T[][] {
  const runs: T[][] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && key(last[0]) === key(item)) last.push(item);
    else runs.push([item]);
  }
  return runs;
}
