// scripts/eval-answers.ts end to end on a tiny library: ingested through the pipeline into the cache,
// answered through answer(), scored, and served from the cache on the second run.
import { afterAll, expect, test } from 'bun:test';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = mkdtempSync(join(tmpdir(), 'askreg-evalanswers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const data = join(import.meta.dir, 'data', 'dorm');
const docs = join(root, 'docs');
const queries = [
  {
    id: 'q-a',
    text: 'ตัดคะแนนความประพฤติผู้พักได้ครั้งละไม่เกินกี่คะแนน',
    kind: 'answer',
    gold_file: 'dorm-regulation.txt',
    gold_clause: 'ข้อ 10',
    gold_page: 1,
    answer_keywords: ['20 คะแนน'],
    paraphrase: 'close',
  },
  { id: 'q-n', text: 'หอพักมีไวไฟให้ใช้ฟรีไหมครับ', kind: 'near_miss' },
  { id: 'q-o', text: 'ใครชนะฟุตบอลโลกปี 2022', kind: 'off_topic' },
];

async function run(...extra: string[]): Promise<{ out: string; summary: any }> {
  const script = join(import.meta.dir, '..', 'eval-answers.ts');
  const env = { ...process.env, EVAL_CACHE_DIR: join(root, 'cache'), LOG_LEVEL: 'silent' };
  const proc = Bun.spawn([process.execPath, script, '--docs', docs, '--queries', join(root, 'q.jsonl'), '--library', 'A', ...extra], {
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  return { out, summary: JSON.parse(out.trim().split('\n').at(-1)!) };
}

test('scores every kind, ranks retrieval beside the reference rankers, and reuses the ingested library', async () => {
  rmSync(docs, { recursive: true, force: true });
  mkdirSync(docs);
  for (const f of ['dorm-regulation.txt', 'scholarship-2568.txt']) copyFileSync(join(data, f), join(docs, f));
  writeFileSync(join(root, 'q.jsonl'), queries.map((q) => JSON.stringify(q)).join('\n') + '\n');

  const first = await run('--out', join(root, 'out.jsonl'));
  expect(first.out).toContain('library A: ingested');
  const a = first.summary.libraries.A;
  expect(first.summary.provider).toBe('extractive');
  expect([a.answer.n, a.nearMiss.n, a.offTopic.n]).toEqual([1, 1, 1]);
  expect(a.reliability).toHaveLength(10);
  // The reference rankers are plain BM25 over the same passages: the clause's own words put it first.
  expect(a.retrieval.bm25_trigram).toMatchObject({ n: 1, hit1: 1 });
  expect(a.retrieval.bm25_word).toMatchObject({ n: 1, hit1: 1 });
  expect(a.retrieval.product.n).toBe(1);
  // Whatever the product answers, wrong ids come from the set and the rates agree with them.
  for (const id of first.summary.wrong.A) expect(queries.map((q) => q.id)).toContain(id);
  expect(first.summary.wrong.A.includes('q-a')).toBe(a.answer.right === 0);
  const lines = readFileSync(join(root, 'out.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.library, l.id])).toEqual([
    ['A', 'q-a'],
    ['A', 'q-n'],
    ['A', 'q-o'],
  ]);
  expect(lines.every((l) => typeof l.confidence === 'number' && typeof l.right === 'boolean')).toBe(true);

  const second = await run();
  expect(second.out).toContain('library A: from cache');
  expect(second.summary.libraries.A.answer).toEqual(a.answer);
  expect(readdirSync(join(root, 'cache')).filter((d) => d.startsWith('extracted-'))).toHaveLength(1);
});

test('a held run prints aggregates only: counts instead of question ids, and no switch that prints single answers', async () => {
  // Reuses the library the first test ingested (same docs and questions).
  const held = await run('--held');
  expect(typeof held.summary.wrong.A).toBe('number');
  // One question of each kind: the rates are 0 or 1, so the wrong count is three less the right ones.
  const a = held.summary.libraries.A;
  expect(held.summary.wrong.A).toBe(3 - (a.answer.right + a.nearMiss.right + a.offTopic.right));
  for (const q of queries) expect(held.out).not.toContain(q.id);
  const script = join(import.meta.dir, '..', 'eval-answers.ts');
  const refused = Bun.spawn([process.execPath, script, '--docs', docs, '--queries', join(root, 'q.jsonl'), '--library', 'A', '--held', '--verbose'], {
    env: { ...process.env, EVAL_CACHE_DIR: join(root, 'cache'), LOG_LEVEL: 'silent' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  expect(await refused.exited).not.toBe(0);
  expect(await new Response(refused.stderr).text()).toContain('aggregates only');
});
