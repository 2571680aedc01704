import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from '../index/chunker.ts';
import { openKnowledgeIndex } from '../index/index-store.ts';
import { createEmbedder, type Embedder } from './index.ts';
import { dot } from './normalize.ts';
import { writeTinyBertModel } from './tiny-bert-fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askreg-embed-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('transformers provider (tiny hand-built ONNX BERT)', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    await writeTinyBertModel(join(dir, 'models', 'tiny-bert'), 16);
    embedder = await createEmbedder({ provider: 'transformers', modelDir: join(dir, 'models', 'tiny-bert') });
  });

  test('reports id and dimensions; vectors are normalised and deterministic', async () => {
    expect(embedder.id).toBe(`transformers:${join(dir, 'models', 'tiny-bert')}`);
    expect(embedder.dimensions).toBe(16);
    const [a] = await embedder.embedPassages(['ค่าปรับล่าช้า']);
    const [again] = await embedder.embedPassages(['ค่าปรับล่าช้า']);
    expect(a).toHaveLength(16);
    expect(dot(a, a)).toBeCloseTo(1, 5);
    expect(again).toEqual(a);
  });

  test('similar texts are closer than unrelated ones; prefixes change the input', async () => {
    const [a, b, c] = await embedder.embedPassages(['ค่าปรับล่าช้า', 'ค่าปรับ ล่าช้า วันละ', 'football stadium']);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
    const [q] = await embedder.embedQueries(['ค่าปรับล่าช้า']);
    expect(q).not.toEqual(a);
  });

  test('hybrid search (vector + FTS, RRF) finds the clause and keeps inactive documents out', async () => {
    const index = await openKnowledgeIndex(join(dir, 'index-tf'), embedder);
    const text =
      'ข้อ ๑ ค่าธรรมเนียมการลงทะเบียนหน่วยกิตละ ๕๐๐ บาท สำหรับนักศึกษาภาคปกติ และหน่วยกิตละ ๖๐๐ บาท สำหรับนักศึกษาภาคพิเศษ\nข้อ ๒ ผู้ชำระล่าช้าต้องเสียค่าปรับวันละ ๕๐ บาท นับแต่วันครบกำหนดชำระ แต่รวมแล้วไม่เกิน ๑,๕๐๐ บาทต่อภาคการศึกษา';
    await index.indexDocument(
      { documentId: 'fees', title: 'ค่าธรรมเนียม', category: null, isActive: true, fileType: 'txt' },
      chunkDocument({ title: 'ค่าธรรมเนียม', pages: [{ page: 1, text }] }),
    );
    await index.indexDocument(
      { documentId: 'other', title: 'กีฬา', category: null, isActive: true, fileType: 'txt' },
      chunkDocument({ title: 'กีฬา', pages: [{ page: 1, text: 'ข้อ ๑ การแข่งขันฟุตบอลประจำปี' }] }),
    );
    const hits = await index.search('ชำระล่าช้าเสียค่าปรับเท่าไร');
    expect(hits[0].headingPath.at(-1)).toBe('ข้อ ๒');
    expect(hits[0].vectorScore).toBeGreaterThan(0);
    await index.setActive('fees', false);
    expect((await index.search('ชำระล่าช้าเสียค่าปรับเท่าไร', { k: 20 })).every((h) => h.documentId !== 'fees')).toBe(true);
    await index.close();
  });
});

describe('ollama provider (fake /api/embed server)', () => {
  const requests: Array<{ model: string; input: string[] }> = [];
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname !== '/api/embed') return new Response('not found', { status: 404 });
      const body = (await req.json()) as { model: string; input: string | string[] };
      const input = Array.isArray(body.input) ? body.input : [body.input];
      requests.push({ model: body.model, input });
      if (body.model !== 'bge-m3') return Response.json({ error: `model "${body.model}" not found` }, { status: 404 });
      // Unnormalised 3-d vectors: length, Thai-character count, 1.
      const embeddings = input.map((t) => [t.length, [...t].filter((c) => c >= '\u0e00' && c <= '\u0e7f').length, 1]);
      return Response.json({ model: body.model, embeddings });
    },
  });
  afterAll(() => server.stop(true));

  test('embeds in batches through /api/embed, normalises, applies prefixes', async () => {
    const embedder = await createEmbedder({ provider: 'ollama', ollamaHost: `http://127.0.0.1:${server.port}`, ollamaModel: 'bge-m3', queryPrefix: 'q: ' });
    expect(embedder.id).toBe('ollama:bge-m3');
    expect(embedder.dimensions).toBe(3);
    const texts = Array.from({ length: 70 }, (_, i) => `ข้อ ${i}`);
    const vectors = await embedder.embedPassages(texts);
    expect(vectors).toHaveLength(70);
    for (const v of vectors) expect(dot(v, v)).toBeCloseTo(1, 6);
    await embedder.embedQueries(['ค่าปรับ']);
    expect(requests.at(-1)!.input).toEqual(['q: ค่าปรับ']);
    expect(requests.filter((r) => r.input.length > 1).length).toBeGreaterThanOrEqual(3);
  });

  test('a missing model fails at creation', async () => {
    await expect(createEmbedder({ provider: 'ollama', ollamaHost: `http://127.0.0.1:${server.port}`, ollamaModel: 'nope' })).rejects.toThrow();
  });
});
