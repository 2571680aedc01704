import { afterAll, expect, test } from 'bun:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBm25, charTrigrams, reciprocalRankFusion, segmenterWords } from './reference-rankers';

test('trigrams stay inside runs, map Thai digits and drop digit commas; short runs are kept whole', () => {
  expect(charTrigrams('ค่าปรับ ๒๕,๐๐๐ บาท')).toEqual(['ค่า', '่าป', 'าปร', 'ปรั', 'รับ', '250', '500', '000', 'บาท']);
  expect(charTrigrams('ข้อ 5')).toEqual(['ข้อ', '5']);
  expect(charTrigrams('  ,, ')).toEqual([]);
});

test('segmenter words are dictionary words without spaces or punctuation', () => {
  const words = segmenterWords('นักศึกษาต้องส่งโครงการ (ล่วงหน้า) ๓๐ วัน');
  expect(words).toContain('นักศึกษา');
  expect(words).toContain('30');
  expect(words.some((w) => /[\s()]/.test(w))).toBe(false);
});

const docs = [
  { id: 'fee', text: 'นักศึกษาที่ชำระค่าธรรมเนียมการศึกษาล่าช้าต้องเสียค่าปรับวันละห้าสิบบาท' },
  { id: 'grad', text: 'การยื่นคำร้องขอสำเร็จการศึกษาต้องยื่นภายในสองสัปดาห์แรกของภาคการศึกษาสุดท้าย' },
  { id: 'lib', text: 'ห้องสมุดเปิดให้บริการวันจันทร์ถึงวันศุกร์ เวลาแปดนาฬิกาถึงยี่สิบนาฬิกา' },
  { id: 'dorm', text: 'หอพักนักศึกษาปิดประตูเวลายี่สิบสองนาฬิกา นักศึกษาที่กลับหลังเวลาต้องแจ้งผู้ดูแลหอพัก' },
];

test.each([
  ['trigram', charTrigrams],
  ['word', segmenterWords],
] as const)('BM25 over %s ranks the document sharing the rare words first', (_, tokenise) => {
  const ranker = buildBm25('x', tokenise, docs);
  expect(ranker.search('ค่าปรับจ่ายค่าธรรมเนียมช้า', 3)[0]).toBe('fee');
  expect(ranker.search('ห้องสมุดเปิดกี่โมง', 3)[0]).toBe('lib');
  expect(ranker.search('หอพักปิดกี่ทุ่ม', 3)[0]).toBe('dorm');
  expect(ranker.search('ภูเขาไฟฟูจิ', 3)).toEqual([]);
});

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('eval-retrieval reports both reference rankers beside the product, with the same metrics', async () => {
  dir = await mkdtemp(join(tmpdir(), 'askreg-refrank-'));
  const queries = [
    { id: 'q1', text: 'จ่ายค่าธรรมเนียมล่าช้าเสียค่าปรับเท่าไร', gold: ['fee'] },
    { id: 'q2', text: 'ยื่นคำร้องขอสำเร็จการศึกษาเมื่อไร', gold: ['grad'] },
    { id: 'q3', text: 'หอพักปิดประตูกี่โมง', gold: ['dorm'] },
  ];
  const write = (f: string, rows: object[]) => writeFile(join(dir, f), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await Promise.all([write('c.jsonl', docs), write('q.jsonl', queries)]);
  const script = join(import.meta.dir, '..', 'eval-retrieval.ts');
  const proc = Bun.spawn([process.execPath, script, '--corpus', join(dir, 'c.jsonl'), '--queries', join(dir, 'q.jsonl'), '--k', '3'], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  const lines = out.trim().split('\n');
  const summary = JSON.parse(lines.at(-1)!);
  expect(summary.hit1).toBe(1);
  for (const name of ['bm25_trigram', 'bm25_word']) {
    expect(summary.reference[name]).toMatchObject({ n: 3, hit1: 1, mrr10: 1 });
    expect(lines.some((l) => l.startsWith(name))).toBe(true);
  }
  expect(lines.some((l) => l.startsWith('product'))).toBe(true);
});

test('reciprocal-rank fusion: a document ranked high by both lists beats one first in a single list', () => {
  expect(
    reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
    ]),
  ).toEqual(['b', 'a', 'c']);
  expect(reciprocalRankFusion([['x'], ['y', 'x']])[0]).toBe('x');
  expect(reciprocalRankFusion([])).toEqual([]);
});
