// Tests only: a retrieved passage with the fields the evidence and the quote read.
import type { Chunk } from '../index/chunker.ts';
import type { SearchHit } from '../index/index-store.ts';

export const hit = (text: string, score: number, documentId = 'a'): SearchHit => ({
  documentId,
  title: 't',
  category: null,
  fileType: 'txt',
  chunkOrdinal: 0,
  text,
  headingPath: [],
  page: 1,
  score,
});

/** A chunk of a test document as retrieval returns it, on page 1 of a text file. */
export const chunkHit = (chunk: Pick<Chunk, 'ordinal' | 'text' | 'headingPath'>, documentId: string, title: string, score: number): SearchHit => ({
  documentId,
  title,
  category: null,
  fileType: 'txt',
  chunkOrdinal: chunk.ordinal,
  text: chunk.text,
  headingPath: chunk.headingPath,
  page: 1,
  score,
});
