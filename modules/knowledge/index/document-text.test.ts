import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { documentTexts } from './document-text.ts';
import type { HitPayload } from './index-schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'askreg-document-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// one row per document: ข้อ ๑ of regulation N, `chars` characters long (read back folded: ข้อ 1)
async function library(documents: number, chars: number) {
  const db = await lancedb.connect(dir);
  const rows = Array.from({ length: documents }, (_, n) => {
    const hit: HitPayload = { documentId: `d${n}`, title: `ระเบียบ ${n}`, fileType: 'pdf', ordinal: 0, page: 1, headingPath: ['ข้อ ๑'], text: 'ก'.repeat(chars) };
    return { documentId: `d${n}`, hit: JSON.stringify(hit) };
  });
  const table = await db.createTable(`t${documents}x${chars}`, rows);
  // the same table, counting the reads made of it
  let reads = 0;
  const counted = new Proxy(table, {
    get(target, key) {
      if (key === 'query')
        return () => {
          reads++;
          return target.query();
        };
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { table: counted, reads: () => reads };
}

test('a library of more documents than a count keeps every one read while they fit in memory', async () => {
  const { table, reads } = await library(100, 200);
  const texts = documentTexts(table);
  for (let n = 0; n < 100; n++) expect(await texts.get(`d${n}`)).toStartWith('ข้อ 1');
  expect(reads()).toBe(100);
  for (let n = 0; n < 100; n++) await texts.passages(`d${n}`);
  expect(reads()).toBe(100);
});

test('over its memory the least recently asked document is read again, the others are not; a forgotten one is read again', async () => {
  const { table, reads } = await library(4, 1000);
  // room for about two documents of 1,000 characters
  const texts = documentTexts(table, 5_000);
  await texts.get('d0');
  await texts.get('d1');
  await texts.get('d0'); // d0 is now the more recent
  await texts.get('d2'); // over the budget: d1 goes
  expect(reads()).toBe(3);
  await texts.get('d0');
  await texts.get('d2');
  expect(reads()).toBe(3);
  await texts.get('d1');
  expect(reads()).toBe(4);
  texts.forget('d1');
  expect((await texts.passages('d1'))[0]!.text).toHaveLength(1000);
  expect(reads()).toBe(5);
});

test('a document larger than the whole budget is still kept while it is the last asked', async () => {
  const { table, reads } = await library(2, 5000);
  const texts = documentTexts(table, 100);
  await texts.get('d0');
  await texts.get('d0');
  expect(reads()).toBe(1);
  await texts.get('d1');
  await texts.get('d0');
  expect(reads()).toBe(3);
});
