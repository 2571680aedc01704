// Finding the synonym list's members in a question without one big regular expression. The members (the
// built-in list and an admin's groups) go into a trie that is walked from each offset of the text, so a
// question costs its length times the longest member at most, whatever the list holds, and building the
// trie costs the list's length once. One alternation of an admin's thousands of long members was a
// regular expression too large to compile (every answer failed until the groups were deleted), and its
// backtracking over members sharing a long prefix held the server for seconds on a long question.
// Hand-written rather than an npm Aho–Corasick package: those find literal strings, and here a member also
// matches with an abbreviation dot between two of its letters ("ป.ตรี" for ปตรี), and which member wins at
// an offset is the synonym code's own rule (synonyms.ts); a walk bounded by the longest member keeps the
// cost linear without failure links.

const DOT = 46; // '.'
/** keys inserted between two yields of a stepwise build (~100 code units each at most: well under a millisecond) */
const KEYS_PER_STEP = 32;

export class MemberTrie {
  // The edges in one open-addressing hash table over typed arrays (a Map of thousands of members' letters
  // took half a second to build): slot → parent node, the edge's code unit, the child node.
  private readonly parent: Int32Array;
  private readonly unit: Uint16Array;
  private readonly child: Int32Array;
  private readonly mask: number;
  /** the key id ending at a node, -1 where none does (the root is node 0) */
  private readonly ends: Int32Array;
  /** the keys, by id: the position each was given in the constructor */
  readonly keys: readonly string[];

  private nodes = 1;

  /**
   * A trie of `keys`; a key listed twice keeps its first id. `stepwise`: the keys are not inserted yet
   * (MemberTrie.building inserts them a slice at a time).
   */
  constructor(keys: readonly string[], stepwise = false) {
    this.keys = keys;
    let units = 0;
    for (const key of keys) units += key.length;
    let size = 16;
    while (size < 2 * units) size *= 2;
    this.mask = size - 1;
    this.parent = new Int32Array(size).fill(-1);
    this.unit = new Uint16Array(size);
    this.child = new Int32Array(size);
    this.ends = new Int32Array(units + 1).fill(-1);
    if (!stepwise) for (const _ of this.inserting());
  }

  /**
   * Builds the trie of `keys` in slices (a yield between two, every KEYS_PER_STEP keys): an admin's largest
   * list is ~300,000 code units, 100 ms to 1 s of work in one go (synonyms.ts adminSynonymGroupsInSteps).
   */
  static *building(keys: readonly string[]): Generator<void, MemberTrie> {
    const trie = new MemberTrie(keys, true);
    yield* trie.inserting();
    return trie;
  }

  private *inserting(): Generator<void, void> {
    for (let id = 0; id < this.keys.length; id++) {
      if (id % KEYS_PER_STEP === KEYS_PER_STEP - 1) yield;
      const key = this.keys[id]!;
      let node = 0;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        let slot = this.slot(node, c);
        while (this.parent[slot] !== -1 && (this.parent[slot] !== node || this.unit[slot] !== c)) slot = (slot + 1) & this.mask;
        if (this.parent[slot] === -1) {
          this.parent[slot] = node;
          this.unit[slot] = c;
          this.child[slot] = this.nodes++;
        }
        node = this.child[slot]!;
      }
      if (key && this.ends[node] === -1) this.ends[node] = id;
    }
  }

  private slot(node: number, c: number): number {
    const h = Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b);
    return (h ^ (h >>> 15)) & this.mask;
  }

  /** The child of `node` by code unit `c`, or -1. */
  private next(node: number, c: number): number {
    for (let slot = this.slot(node, c); this.parent[slot] !== -1; slot = (slot + 1) & this.mask)
      if (this.parent[slot] === node && this.unit[slot] === c) return this.child[slot]!;
    return -1;
  }

  /**
   * Each key that starts at `at` in `text`, shortest first, as visit(id, end). `loose`: one dot may stand
   * between two letters of a key (a key holds no dots), as abbreviations are written.
   */
  walk(text: string, at: number, visit: (id: number, end: number) => void, loose = false): void {
    let node = 0;
    for (let j = at; j < text.length; ) {
      let c = text.charCodeAt(j);
      if (loose && c === DOT && j > at) c = text.charCodeAt(++j);
      node = j < text.length ? this.next(node, c) : -1;
      if (node < 0) return;
      j++;
      const id = this.ends[node]!;
      if (id >= 0) visit(id, j);
    }
  }

  /** Where each key occurs in `text` (overlaps included): start offsets by key id, ascending. */
  occurrences(text: string): Map<number, number[]> {
    const found = new Map<number, number[]>();
    for (let at = 0; at < text.length; at++)
      this.walk(text, at, (id) => {
        const list = found.get(id);
        if (list) list.push(at);
        else found.set(id, [at]);
      });
    return found;
  }
}

/**
 * The offsets of a text that keys have claimed: what `rest.split(key).join(blank)` over keys taken longest
 * first did, without rebuilding the text per key. A Fenwick tree counts claimed offsets, so asking whether
 * an occurrence is still whole costs a logarithm, not its length.
 */
export class Claims {
  private readonly tree: Int32Array;
  /** the claimed occurrences as [start, length], in the order claimed */
  private readonly runs: Array<readonly [number, number]> = [];

  constructor(readonly length: number) {
    this.tree = new Int32Array(length + 1);
  }

  private before(i: number): number {
    let sum = 0;
    for (; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  /** Whether no offset of [at, at + length) has been claimed. */
  whole(at: number, length: number): boolean {
    return this.before(at + length) === this.before(at);
  }

  /** Claims every whole occurrence among `starts` (ascending), left to right and none overlapping, as split does. */
  claim(starts: readonly number[], length: number): void {
    let free = 0;
    for (const at of starts) {
      if (at < free || !this.whole(at, length)) continue;
      for (let i = at + 1; i <= at + length; i++) for (let k = i; k <= this.length; k += k & -k) this.tree[k]!++;
      this.runs.push([at, length]);
      free = at + length;
    }
  }

  /** `text` (the text claimed over) with each claimed occurrence written as `blank(its length)`. */
  blanked(text: string, blank: (length: number) => string): string {
    let out = '';
    let from = 0;
    for (const [at, length] of [...this.runs].sort((a, b) => a[0] - b[0])) {
      out += text.slice(from, at) + blank(length);
      from = at + length;
    }
    return out + text.slice(from);
  }
}

/** Runs a stepwise build to its end at once (the synchronous path: tests, scripts, a list read on demand). */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs a stepwise build about `sliceMs` at a time, with a turn of the event loop between two slices. */
export async function runStepsAsync<T>(steps: Generator<void, T>, sliceMs = 4): Promise<T> {
  for (;;) {
    const until = performance.now() + sliceMs;
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      if (performance.now() >= until) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
