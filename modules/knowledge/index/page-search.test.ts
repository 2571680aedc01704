import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { noEmbedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';

const doc = (documentId: string, pages: { page: number; text: string }[]) => ({
  meta: { documentId, title: documentId, category: null, isActive: true, fileType: 'txt', pages },
  chunks: chunkDocument({ title: documentId, pages }),
});
// a law code: one section a document, one page each
const sections = ['มาตรา ๑ ผู้ใดลักทรัพย์ของผู้อื่น ต้องระวางโทษจำคุก', 'มาตรา ๒ ผู้ใดฉ้อโกงผู้อื่น ต้องระวางโทษปรับ', 'มาตรา ๓ ผู้ใดทำร้ายร่างกายผู้อื่น ต้องระวางโทษจำคุก'];
// a regulation: several clauses on each page
const regulation = (n: number) =>
  [1, 2].map((page) => ({
    page,
    text: [1, 2, 3].map((c) => `ข้อ ${n * 10 + page * 3 + c} นักศึกษาต้องชำระค่าธรรมเนียมการศึกษาภายในกำหนด ภาคการศึกษาละ ${c} ครั้ง`).join('\n'),
  }));

describe('the page lists beside the passages', () => {
  let dir: string;
  let index: KnowledgeIndex;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'askreg-page-search-'));
    index = await openKnowledgeIndex(dir, noEmbedder);
  });
  afterAll(async () => {
    await index.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('where most pages are one passage, the pages are the passages: no page list is searched', async () => {
    await index.indexDocuments(sections.map((text, i) => doc(`m${i + 1}`, [{ page: 1, text }])));
    await index.optimize();
    expect((await index.search('ลักทรัพย์ ต้องระวางโทษ', { k: 3 }))[0]!.documentId).toBe('m1');
    expect(await index.searchPages('ลักทรัพย์ ต้องระวางโทษ', { k: 10 })).toEqual([[], []]);
  });

  test('once most pages hold several passages, the pages are ranked by the plain rankers', async () => {
    await index.indexDocuments([doc('reg-a', regulation(1)), doc('reg-b', regulation(2))]);
    await index.optimize();
    const [words, grams] = await index.searchPages('ค่าธรรมเนียมการศึกษา', { k: 10 });
    expect(words.length).toBeGreaterThan(0);
    expect(grams.length).toBeGreaterThan(0);
    expect(words.every((p) => p.documentId.startsWith('reg-'))).toBe(true);
    expect(words[0]!.passages).toBe(3);
  });

  test('a page written while its question is asked again and again is found once the write ends, and after the maintenance that folds it in', async () => {
    let asking = true;
    const asked = (async () => {
      while (asking) {
        await index.searchPages('ค่าปรับการลงทะเบียนล่าช้า', { k: 10 });
        await Bun.sleep(1);
      }
    })();
    const late = [{ page: 1, text: ['ข้อ ๑ นักศึกษาที่ลงทะเบียนล่าช้าต้องเสียค่าปรับ', 'ข้อ ๒ ค่าปรับการลงทะเบียนล่าช้าวันละห้าสิบบาท'].join('\n') }];
    await index.indexDocuments([doc('late-fee', late)]);
    const found = async () => (await index.searchPages('ค่าปรับการลงทะเบียนล่าช้า', { k: 10 })).map((list) => list[0]?.documentId);
    expect(await found()).toEqual(['late-fee', 'late-fee']);
    await index.optimize();
    expect(await found()).toEqual(['late-fee', 'late-fee']);
    asking = false;
    await asked;
    await index.removeDocument('late-fee');
    expect((await found()).includes('late-fee')).toBe(false);
  });
});
