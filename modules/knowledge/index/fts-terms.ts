// The terms of a table's index tokens, numbered, read without a string for each token. Reading a library into the
// process (memory-bm25.ts) spent most of its time hashing a fresh string per token: ~0.55 µs a token, 2 of the 3.8 s it
// took to read 10,000 synthetic chunks (3.7 million tokens), against 0.1 µs for a string already hashed. Most index
// tokens are short (a character trigram is "#" and three letters: four of five tokens), so a token of at most five
// ASCII or Thai characters is numbered by its characters packed into one number, as it is scanned; a longer or
// other token is cut out and lower-cased as ftsTokens does. Hand-written because it must read exactly what ftsTokens
// reads (memory-bm25.ts): white space as /\s+/ does, ASCII lower-cased, a token of 64 bytes or more dropped
// (fts-terms.test.ts compares the two on mixed texts).
import { FTS_OPTIONS } from './index-schema.ts';

const PACKED_MAX = 5;
const encoder = new TextEncoder();

/** The index tokens of a text as LanceDB's whitespace tokenizer with FTS_OPTIONS reads them. */
export function ftsTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t.length > 0 && (t.length * 3 < FTS_OPTIONS.maxTokenLength || encoder.encode(t).length < FTS_OPTIONS.maxTokenLength));
}

/** A character's code in a packed term (1–128 ASCII lower-cased, 129–256 the Thai block), 0 if it has none. */
function packed(c: number): number {
  if (c < 0x80) return (c >= 65 && c <= 90 ? c + 32 : c) + 1;
  if (c >= 0x0e00 && c <= 0x0e7f) return c - 0x0e00 + 129;
  return 0;
}

/** White space as a regular expression's \s reads it (what ftsTokens splits on). */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Packed key of a lower-cased token, or -1 when it does not pack. */
function keyOf(token: string): number {
  if (token.length > PACKED_MAX) return -1;
  let key = 0;
  for (let i = 0; i < token.length; i++) {
    const p = packed(token.charCodeAt(i));
    if (p === 0) return -1;
    key = key * 512 + p;
  }
  return key;
}

export class TermIds {
  private readonly short = new Map<number, number>();
  private readonly long = new Map<string, number>();
  size = 0;

  /** The id of a token as ftsTokens gives it (lower-cased, kept); -1 when unknown and `add` is false. */
  idOf(token: string, add: boolean): number {
    const key = keyOf(token);
    const known = key >= 0 ? this.short.get(key) : this.long.get(token);
    if (known !== undefined || !add) return known ?? -1;
    if (key >= 0) this.short.set(key, this.size);
    else this.long.set(token, this.size);
    return this.size++;
  }

  /** Calls `each` with the id of every index token of `text`, in order, numbering new terms; returns how many. */
  eachToken(text: string, each: (id: number) => void): number {
    let count = 0;
    let start = -1;
    let key = 0;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      if (!isSpace(c)) {
        if (start < 0) {
          start = i;
          key = 0;
        }
        if (key >= 0) {
          const p = i - start < PACKED_MAX ? packed(c) : 0;
          key = p === 0 ? -1 : key * 512 + p;
        }
        continue;
      }
      if (start < 0) continue;
      let id: number;
      if (key >= 0) {
        id = this.short.get(key) ?? -1;
        if (id < 0) this.short.set(key, (id = this.size++));
      } else {
        const [token] = ftsTokens(text.slice(start, i));
        id = token === undefined ? -1 : this.idOf(token, true);
      }
      start = -1;
      if (id < 0) continue;
      each(id);
      count++;
    }
    return count;
  }
}
