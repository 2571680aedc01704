// Tests only: a retrieved passage with the fields the evidence and the quote read.
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
