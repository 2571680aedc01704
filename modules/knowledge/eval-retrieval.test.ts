// End-to-end run of scripts/eval-retrieval.ts on a tiny corpus (the script lives outside this folder).
import { afterAll, expect, test } from 'bun:test';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('eval-retrieval prints the JSON summary last and writes per-query lines', async () => {
  dir = await mkdtemp(join(tmpdir(), 'askreg-evalscript-'));
  const corpus = [
    { id: 'd1', title: 'ค่าธรรมเนียม', text: 'นักศึกษาที่ชำระค่าธรรมเนียมการศึกษาล่าช้าต้องเสียค่าปรับวันละห้าสิบบาท' },
    { id: 'd2', text: 'การยื่นคำร้องขอสำเร็จการศึกษาต้องยื่นภายในสองสัปดาห์แรกของภาคการศึกษาสุดท้าย' },
    { id: 'd3', text: 'ห้องสมุดเปิดให้บริการวันจันทร์ถึงวันศุกร์ เวลาแปดนาฬิกาถึงยี่สิบนาฬิกา' },
  ];
  const queries = [
    { id: 'q1', text: 'จ่ายค่าธรรมเนียมล่าช้าเสียค่าปรับเท่าไร', gold: ['d1'] },
    { id: 'q2', text: 'ยื่นคำร้องขอสำเร็จการศึกษาเมื่อไร', gold: ['d2'] },
    { id: 'q3', text: 'ห้องสมุดเปิดกี่โมง', gold: ['d3'] },
  ];
  const oos = [{ id: 'o1', text: 'ภูเขาไฟฟูจิสูงกี่เมตร' }];
  const write = (f: string, rows: object[]) => writeFile(join(dir, f), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await Promise.all([write('c.jsonl', corpus), write('q.jsonl', queries), write('o.jsonl', oos)]);
  const script = join(import.meta.dir, '../../scripts/eval-retrieval.ts');
  const proc = Bun.spawn(
    [
      process.execPath,
      script,
      '--corpus',
      join(dir, 'c.jsonl'),
      '--queries',
      join(dir, 'q.jsonl'),
      '--oos',
      join(dir, 'o.jsonl'),
      '--k',
      '3',
      '--out',
      join(dir, 'r.jsonl'),
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  );
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  const summary = JSON.parse(out.trim().split('\n').at(-1)!);
  expect(summary.n).toBe(3);
  expect(summary.hit1).toBe(1);
  expect(summary.mrr10).toBe(1);
  for (const key of ['hit5', 'hit10', 'p50_ms', 'p95_ms', 'index_s', 'auroc', 'answer_fallback_at30', 'refuse_fallback_at30'])
    expect(typeof summary[key]).toBe('number');
  const lines = (await readFile(join(dir, 'r.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => l.id)).toEqual(['q1', 'q2', 'q3', 'o1']);
  expect(lines[0].ranked[0]).toBe('d1');
  expect(lines[0].scores.length).toBe(lines[0].ranked.length);
  expect(typeof lines[0].confidence).toBe('number');
});
