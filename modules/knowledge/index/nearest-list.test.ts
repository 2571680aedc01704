// With an embedder, the passages nearest the question's vector are one more list of the first stage's fusion
// (plain-fusion.ts): they bring in what shares no word with the question, but cannot outvote the text lists, and the
// scores the evidence reads stay on the text search's scale.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { noEmbedder, type Embedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';

// One clause a document, so each passage's vector is the one given for its text below.
const CLAUSES: Array<{ id: string; text: string; vector: number[] }> = [
  // what the question's words name: the late-registration fine
  { id: 'fine', text: 'ข้อ ๕ นักศึกษาที่ลงทะเบียนเรียนล่าช้า ต้องเสียค่าปรับการลงทะเบียนล่าช้าวันละ ๕๐ บาท', vector: [0, 0, 1] },
  // shares a word with the question (การลงทะเบียน), and is what the embedder puts nearest
  { id: 'football', text: 'ข้อ ๒ การแข่งขันฟุตบอลประจำปี การลงทะเบียนทีมทำที่กองกิจการนักศึกษา', vector: [1, 0, 0] },
  { id: 'dress', text: 'ข้อ ๓ นักศึกษาต้องแต่งกายสุภาพเมื่อมาติดต่อราชการ', vector: [0.8, 0.6, 0] },
  // shares no word with the questions below; only its vector finds it
  { id: 'tuition', text: 'ข้อ ๑ อัตราธรรมเนียมการศึกษาภาคปกติ ภาคละ ๘,๐๐๐ บาท', vector: [0, 1, 0] },
];

/** The passage's vector by its text; a question's: [0, 1, 0] for one about tuition, else [1, 0, 0]. */
const tableEmbedder: Embedder = {
  id: 'table:3',
  dimensions: 3,
  embedPassages: async (texts) => texts.map((t) => CLAUSES.find((c) => t.includes(c.text.slice(6, 20)))?.vector ?? [0, 0, 1]),
  embedQueries: async (texts) => texts.map((t) => (t.includes('tuition') ? [0, 1, 0] : [1, 0, 0])),
};

let dirs: string[] = [];
let withVectors: KnowledgeIndex;
let textOnly: KnowledgeIndex;

async function build(embedder: Embedder): Promise<KnowledgeIndex> {
  const dir = await mkdtemp(join(tmpdir(), 'askreg-nearest-'));
  dirs.push(dir);
  const index = await openKnowledgeIndex(dir, embedder);
  for (const c of CLAUSES)
    await index.indexDocument(
      { documentId: c.id, title: 'ประกาศมหาวิทยาลัย', category: null, isActive: true, fileType: 'txt' },
      chunkDocument({ title: 'ประกาศมหาวิทยาลัย', pages: [{ page: 1, text: c.text }] }),
    );
  return index;
}

beforeAll(async () => {
  withVectors = await build(tableEmbedder);
  textOnly = await build(noEmbedder);
});
afterAll(async () => {
  await withVectors.close();
  await textOnly.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  dirs = [];
});

const QUESTION = 'ค่าปรับการลงทะเบียนล่าช้าเท่าไร';

describe('the nearest passages as a list of the fusion', () => {
  test('the clause the text searches put first stays first when the embedder puts another nearest', async () => {
    expect((await textOnly.search(QUESTION))[0]!.documentId).toBe('fine');
    const hits = await withVectors.search(QUESTION);
    expect(hits[0]!.documentId).toBe('fine');
    // the embedder's nearest is still among the candidates, with its similarity
    const football = hits.find((h) => h.documentId === 'football');
    expect(football?.vectorScore).toBeCloseTo(1, 5);
  });

  test('the order carries the text search scores the evidence was fitted on, as without an embedder', async () => {
    const [a, b] = [(await withVectors.search(QUESTION))[0]!, (await textOnly.search(QUESTION))[0]!];
    expect(a.score).toBe(b.score);
    expect(a.retrievalScore).toBe(b.retrievalScore);
    expect(a.lexicalScore).toBe(b.lexicalScore);
  });

  test('a passage sharing no word with the question (asked in English) is brought in by its vector alone', async () => {
    const question = 'How much is the tuition per semester?';
    expect((await textOnly.search(question)).some((h) => h.documentId === 'tuition')).toBe(false);
    const tuition = (await withVectors.search(question)).find((h) => h.documentId === 'tuition');
    expect(tuition?.vectorScore).toBeCloseTo(1, 5);
    expect(tuition?.lexicalScore).toBeUndefined();
  });

  test('a question with no searchable words is ranked by the vector alone', async () => {
    const hits = await withVectors.search('?');
    expect(hits[0]!.documentId).toBe('football');
    expect(hits[0]!.score).toBeCloseTo(1, 5);
  });
});
