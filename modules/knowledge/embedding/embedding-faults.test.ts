// A hung or stopped embedding server: embedding calls end at their deadline, searches go on over the
// text index, and an index built with the server keeps opening (and answering) while it is down.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createEmbedder } from './index.ts';
import { embeddingPrefixes, localModelPrefixes } from './prefixes.ts';
import { startFakeOllama, type FakeOllama } from '../../../tests/helpers/fake-ollama';
import { createTestApp } from '../../../tests/helpers/server';
import { addRegulation } from '../../assistant/test-corpus';
import { knowledgeIndex } from '../service';

describe('embedding prefixes follow the model family', () => {
  const none = { query: '', passage: '' };
  test('bge-m3 gets none, e5 query/passage, nomic search_query/search_document, an explicit setting wins', () => {
    expect(embeddingPrefixes('bge-m3', {}, none)).toEqual({ query: '', passage: '' });
    expect(embeddingPrefixes('jeffh/intfloat-multilingual-e5-large:f16', {}, none)).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(embeddingPrefixes('/models/multilingual-e5-small', {}, none)).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(embeddingPrefixes('nomic-embed-text', {}, none)).toEqual({ query: 'search_query: ', passage: 'search_document: ' });
    expect(embeddingPrefixes('mxbai-embed-large', {}, none).passage).toBe('');
    expect(embeddingPrefixes('bge-m3', { query: 'q: ', passage: '' }, none)).toEqual({ query: 'q: ', passage: '' });
    expect(embeddingPrefixes('some-unknown-model', {}, { query: 'query: ', passage: 'passage: ' }).query).toBe('query: ');
    // a local model's family is its folder's name, not its path's: a temporary folder's random name may spell "gte"
    expect(localModelPrefixes('/tmp/ask-reg-test-run-a1GtE2/askreg-embed-xbge9q/models/tiny-bert', {})).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(localModelPrefixes('/srv/models/bge-m3/', {})).toEqual({ query: '', passage: '' });
    expect(localModelPrefixes('/srv/gte-cache/multilingual-e5-small', { passage: '' })).toEqual({ query: 'query: ', passage: '' });
  });
});

describe('embedding server faults', () => {
  let ollama: FakeOllama;
  beforeAll(() => {
    ollama = startFakeOllama({ reply: 'ตามข้อ ๕ ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม' });
  });
  afterAll(() => ollama.close());

  test('the Ollama embedder sends no e5 prefix to bge-m3 by default', async () => {
    ollama.reset();
    const e = await createEmbedder({ provider: 'ollama', ollamaHost: ollama.url, ollamaModel: 'bge-m3' });
    await e.embedQueries(['ค่าปรับ']);
    expect(ollama.requests.at(-1)!.body.input).toEqual(['ค่าปรับ']);
  });

  test('a hung server: the call ends at its deadline with a clear error', async () => {
    ollama.reset();
    const e = await createEmbedder({ provider: 'ollama', ollamaHost: ollama.url, ollamaModel: 'bge-m3', timeoutMs: 300 });
    ollama.behave({ embedDelayMs: 30_000 });
    const t0 = performance.now();
    await expect(e.embedQueries(['ค่าปรับ'])).rejects.toThrow('did not answer within 300 ms');
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  test('hung, then stopped: search and chat answer from the text index; the index still opens at the next start', async () => {
    ollama.reset();
    const env = { EMBEDDING_PROVIDER: 'ollama', OLLAMA_HOST: ollama.url, EMBEDDING_TIMEOUT_MS: '300' };
    const app = await createTestApp(env);
    try {
      await addRegulation(app.ctx);
      ollama.behave({ embedDelayMs: 30_000 });
      const t0 = performance.now();
      const res = await app.request('/api/chat', {
        json: { message: 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน', show_regulation: false, connection_id: crypto.randomUUID() },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { text: string; references: unknown[] };
      expect(body.text).toContain('๓๐ วัน');
      expect(body.references.length).toBeGreaterThan(0); // grounded in the clause the text index found
      expect(performance.now() - t0).toBeLessThan(10_000);
    } finally {
      await app.ctx.close();
    }
    // the same data directory, the embedding server now refusing every call
    ollama.behave({ embedDelayMs: 0, embedStatus: 500 });
    const again = await createTestApp({ ...env, DATA_DIR: app.ctx.config.dataDir });
    try {
      const index = await knowledgeIndex(again.ctx);
      expect(index.needsReindex).toBe(false); // the recorded vector size is kept, nothing is thrown away
      const hits = await index.search('เสนอโครงการล่วงหน้ากี่วัน', { k: 3 });
      expect(hits.length).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  }, 60_000);
});
