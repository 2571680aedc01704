// The whole text of an indexed document, for evidence that should be measured against the document a
// passage comes from rather than against whatever else was retrieved with it (evidence.ts, "foreign"):
// what else was retrieved changes as the library grows, the document does not. Read from the index's own
// rows (one query per document), folded as evidence compares text, and kept for the documents asked about
// recently; a re-index or removal of a document forgets it.
import type * as lancedb from '@lancedb/lancedb';
import type { HitPayload } from './index-schema.ts';
import { sqlString } from './index-schema.ts';
import { fold } from './tokens.ts';

// ~10–200 KB each (twice that with the passages as indexed, which a quote reads for a list chunked apart): a few MB for the documents of the last questions. Measured in a 100k-chunk index
// (scripts/bench/retrieval.ts --keep, 500 chunks per document): a read takes 6.6 ms (p50, 13.8 ms max), a
// kept one 0.005 ms; a library of dozens of regulations stays read after its first questions.
const KEEP = 64;

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

export function documentTexts(table: lancedb.Table): DocumentTexts {
  const cache = new Map<string, Promise<Read>>();
  async function read(documentId: string): Promise<Read> {
    const rows = (await table
      .query()
      .where(`\`documentId\` = ${sqlString(documentId)}`)
      .select(['hit'])
      .toArray()) as Array<{ hit: string }>;
    const chunks = rows.map((r) => JSON.parse(r.hit) as HitPayload).sort((a, b) => a.ordinal - b.ordinal);
    return { folded: fold(chunks.map((c) => `${c.headingPath.join(' ')}\n${c.text}`).join('\n')), passages: chunks };
  }
  function kept(documentId: string): Promise<Read> {
    let text = cache.get(documentId);
    if (text)
      cache.delete(documentId); // most recent last
    else
      text = read(documentId).catch((e) => {
        cache.delete(documentId); // a failed read is not kept: the next question reads again
        throw e;
      });
    cache.set(documentId, text);
    if (cache.size > KEEP) cache.delete(cache.keys().next().value!);
    return text;
  }
  return {
    get: (documentId) => kept(documentId).then((r) => r.folded),
    passages: (documentId) => kept(documentId).then((r) => r.passages),
    forget: (documentId) => void cache.delete(documentId),
  };
}
