// How much of one text another one repeats, for "this upload looks like a document you already have"
// (issue 17 item 6). Texts are compared by character shingles: extraction from a PDF and from the same
// regulation's DOCX differ in spaces, line breaks and page furniture, so words are compared with all
// whitespace and punctuation removed, Thai digits folded, 8 characters at a time (Thai has no spaces to
// split words reliably). Each text keeps a bottom-k sketch (the k smallest shingle hashes), so a library
// of any size is compared from a few kilobytes per document and the Jaccard similarity of two texts is
// estimated from their sketches alone (Broder's estimator: of the k smallest hashes of the union, the
// share found in both). Here with extraction: a 20 M-character text is sketched in a parse worker (issue 34
// finding 12: on the server's thread it blocked every request for 17 s).
import { foldThaiDigits } from '../../src/thai/digits';

const SHINGLE = 8;
const SKETCH_SIZE = 512;

export type Sketch = Uint32Array;

function normalise(text: string): string {
  return foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

/** 32-bit FNV-1a over UTF-16 code units, finished with a mixer so nearby shingles spread evenly. */
function hash(s: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The k smallest distinct shingle hashes of the text, ascending (only those k are ever held). */
export function sketchOf(text: string): Sketch {
  const s = normalise(text);
  const kept = new Uint32Array(SKETCH_SIZE);
  let size = 0;
  const add = (h: number) => {
    if (size === SKETCH_SIZE && h >= kept[size - 1]!) return;
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (kept[mid]! < h) lo = mid + 1;
      else hi = mid;
    }
    if (lo < size && kept[lo] === h) return;
    if (size < SKETCH_SIZE) size++;
    kept.copyWithin(lo + 1, lo, size - 1);
    kept[lo] = h;
  };
  for (let i = 0; i + SHINGLE <= s.length; i++) add(hash(s, i, i + SHINGLE));
  if (s.length > 0 && s.length < SHINGLE) add(hash(s, 0, s.length));
  return kept.slice(0, size);
}

/** Estimated Jaccard similarity of the two texts (0–1) from their sketches. */
export function similarity(a: Sketch, b: Sketch): number {
  if (a.length === 0 || b.length === 0) return 0;
  // Walk both sorted sketches: the union's smallest k, counting the hashes both hold.
  const k = Math.min(SKETCH_SIZE, new Set([...a, ...b]).size);
  let i = 0;
  let j = 0;
  let taken = 0;
  let shared = 0;
  while (taken < k && (i < a.length || j < b.length)) {
    const x = i < a.length ? a[i]! : Number.POSITIVE_INFINITY;
    const y = j < b.length ? b[j]! : Number.POSITIVE_INFINITY;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
    taken++;
  }
  return taken ? shared / taken : 0;
}
