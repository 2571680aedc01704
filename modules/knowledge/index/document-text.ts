// The whole text of an indexed document, for evidence that should be measured against the document a
// passage comes from rather than against whatever else was retrieved with it (evidence.ts, "foreign"):
// what else was retrieved changes as the library grows, the document does not. Read from the index's own
// rows (one query per document), folded as evidence compares text, and kept for the documents asked about
// recently; a re-index or removal of a document forgets it.
import type * as lancedb from '@lancedb/lancedb';
import type { HitPayload } from './index-schema.ts';
import { sqlString } from './index-schema.ts';
import { fold } from './tokens.ts';

// The documents of the last questions are kept up to a budget of memory, not a count: a library larger than the count
// read its documents again and again. On the chat bench's 100 documents (scripts/bench/chat.ts), with 64 kept, reading
// a document's rows from LanceDB, parsing and folding them took ~40 % of the server's busy time (16.3 ms of CPU a turn,
// 7.6 ms with every document kept). A document costs ~10–200 KB of folded text and as much again as its passages. A
// read takes 6.6 ms (p50, 13.8 ms max) in a 100k-chunk index (scripts/bench/retrieval.ts --keep, 500 chunks per
// document), a kept one 0.005 ms. 64 MB holds ~30 million characters of folded text: the chat bench's library whole,
// and more than the largest real library of the evals indexes (5.9 million characters of tokens in its passages).
// Hand-written, a Map in use order as the project's other caches are: a document's size is known only once its read
// resolves, and a read in flight is shared by the questions asking for it meanwhile.
export const KEEP_BYTES = 64 * 1024 * 1024;
// what a kept document holds in memory for each character of its folded text: the folded string and its passages'
// texts, headings and objects (measured: 2.24 bytes of heap a character, 20 documents of 200 passages of Thai text)
const BYTES_PER_FOLDED_CHAR = 2.25;

export interface DocumentTexts {
  /** The document's headings and text, folded; '' for a document without rows. */
  get(documentId: string): Promise<string>;
  /** The document's passages as indexed, in their order (the same read as `get`, kept with it). */
  passages(documentId: string): Promise<readonly HitPayload[]>;
  forget(documentId: string): void;
}

interface Read {
  folded: string;
  passages: readonly HitPayload[];
}

export function documentTexts(table: lancedb.Table, keepBytes = KEEP_BYTES): DocumentTexts {
  // most recent last; a document's bytes are known once read (0 until then)
  const cache = new Map<string, { read: Promise<Read>; bytes: number }>();
  let kept = 0;
  async function read(documentId: string): Promise<Read> {
    const rows = (await table
      .query()
      .where(`\`documentId\` = ${sqlString(documentId)}`)
      .select(['hit'])
      .toArray()) as Array<{ hit: string }>;
    const chunks = rows.map((r) => JSON.parse(r.hit) as HitPayload).sort((a, b) => a.ordinal - b.ordinal);
    return { folded: fold(chunks.map((c) => `${c.headingPath.join(' ')}\n${c.text}`).join('\n')), passages: chunks };
  }
  const drop = (documentId: string) => {
    const entry = cache.get(documentId);
    if (!entry) return;
    cache.delete(documentId);
    kept -= entry.bytes;
  };
  // the least recent go first; the one asked for last stays, however large
  const trim = () => {
    while (kept > keepBytes && cache.size > 1) drop(cache.keys().next().value!);
  };
  function recent(documentId: string): Promise<Read> {
    const entry = cache.get(documentId);
    if (entry) {
      cache.delete(documentId);
      cache.set(documentId, entry);
      return entry.read;
    }
    const added = {
      bytes: 0,
      read: read(documentId).then(
        (r) => {
          if (cache.get(documentId) === added) {
            added.bytes = r.folded.length * BYTES_PER_FOLDED_CHAR;
            kept += added.bytes;
            trim();
          }
          return r;
        },
        (e) => {
          if (cache.get(documentId) === added) drop(documentId); // a failed read is not kept: the next question reads again
          throw e;
        },
      ),
    };
    cache.set(documentId, added);
    return added.read;
  }
  return {
    get: (documentId) => recent(documentId).then((r) => r.folded),
    passages: (documentId) => recent(documentId).then((r) => r.passages),
    forget: drop,
  };
}
