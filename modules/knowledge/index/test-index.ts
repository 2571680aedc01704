// Tests only: a temporary text index (no embedder) of documents chunked as uploads are, written before the
// suite's tests and deleted after them. Call it inside a describe (or at a file's top level).
import { afterAll, beforeAll } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { noEmbedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';

export interface TestDocument {
  documentId: string;
  title: string;
  text: string;
}

/** The index, to read inside tests (it opens in beforeAll). */
export function temporaryIndex(documents: TestDocument[]): () => KnowledgeIndex {
  let dir: string | undefined;
  let index: KnowledgeIndex | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'askreg-test-index-'));
    index = await openKnowledgeIndex(dir, noEmbedder);
    await index.indexDocuments(
      documents.map((d) => ({
        meta: { documentId: d.documentId, title: d.title, category: null, isActive: true, fileType: 'txt' },
        chunks: chunkDocument({ title: d.title, pages: [{ page: 1, text: d.text }] }),
      })),
    );
    await index.optimize();
  });
  afterAll(async () => {
    await index?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (!index) throw new Error('temporaryIndex: read inside a test, after beforeAll');
    return index;
  };
}
