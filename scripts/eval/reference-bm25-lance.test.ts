// The index's page lists against the reference rankers (issue #37): given the reference's own tokens, LanceDB's BM25
// (the page table's text index, page-table.ts) scores pages as wink-bm25 does (reference-rankers.ts), page for page.
// So where the index's page order (page-window.ts fusePages) differs from bm25_rrf over the same pages, the cause is
// in the tokens (index-schema.ts's one column of words and marked trigrams, plainTerms' 64 terms, the title field)
// or in the fusion (which list wins a tie of ranks), never in the scoring.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import bm25 from 'wink-bm25-text-search';
import { FTS_OPTIONS } from '../../modules/knowledge/index/index-schema';
import { charTrigrams, segmenterWords, type Tokeniser } from './reference-rankers';

const dir = mkdtempSync(join(tmpdir(), 'askreg-bm25-lance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pages = [
  { id: 'fee', text: 'นักศึกษาที่ชำระค่าธรรมเนียมการศึกษาล่าช้าต้องเสียค่าปรับวันละห้าสิบบาท ค่าปรับไม่เกินห้าร้อยบาท' },
  { id: 'grad', text: 'การยื่นคำร้องขอสำเร็จการศึกษาต้องยื่นภายในสองสัปดาห์แรกของภาคการศึกษาสุดท้าย' },
  { id: 'lib', text: 'ห้องสมุดเปิดให้บริการวันจันทร์ถึงวันศุกร์ เวลาแปดนาฬิกาถึงยี่สิบนาฬิกา' },
  { id: 'dorm', text: 'หอพักนักศึกษาปิดประตูเวลายี่สิบสองนาฬิกา นักศึกษาที่กลับหลังเวลาต้องแจ้งผู้ดูแลหอพัก' },
  { id: 'leave', text: 'นักศึกษาที่ป่วยให้ยื่นใบลาป่วยพร้อมใบรับรองแพทย์ภายในสามวัน การลากิจต้องยื่นล่วงหน้า' },
  { id: 'exam', text: 'นักศึกษาที่ขาดสอบโดยไม่มีเหตุอันควรได้ผลการศึกษา F ในรายวิชานั้น' },
];

const questions = ['ค่าปรับจ่ายค่าธรรมเนียมช้ากี่บาท', 'ห้องสมุดเปิดกี่โมงถึงกี่โมง', 'ลาป่วยต้องใช้ใบรับรองแพทย์ไหม นักศึกษา', 'นักศึกษาขาดสอบได้ F หรือไม่'];

async function lanceRanks(name: string, tokenise: Tokeniser, question: string): Promise<Array<[string, number]>> {
  const db = await lancedb.connect(dir);
  const table = await db.createTable(
    name,
    pages.map((p) => ({ id: p.id, tokens: tokenise(p.text).join(' ') })),
  );
  await table.createIndex('tokens', { config: lancedb.Index.fts({ ...FTS_OPTIONS, withPosition: false }) });
  const rows = (await table
    .query()
    .fullTextSearch(new lancedb.MatchQuery(tokenise(question).join(' '), 'tokens'))
    .select(['id', '_score'])
    .limit(10)
    .toArray()) as Array<{
    id: string;
    _score: number;
  }>;
  return rows.map((r) => [r.id, r._score]);
}

function winkRanks(tokenise: Tokeniser, question: string): Array<[string, number]> {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 1.2, b: 0.75 } });
  engine.definePrepTasks([tokenise]);
  for (const p of pages) engine.addDoc({ text: p.text }, p.id);
  engine.consolidate();
  return engine.search(question, 10).map(([id, score]: [string, number]) => [String(id), score]);
}

test.each([
  ['trigrams', charTrigrams],
  ['words', segmenterWords],
] as const)('BM25 over the reference %s scores every page as wink-bm25 does', async (name, tokenise) => {
  for (const [i, question] of questions.entries()) {
    const lance = await lanceRanks(`${name}${i}`, tokenise, question);
    const wink = winkRanks(tokenise, question);
    expect(lance.map(([id]) => id).sort()).toEqual(wink.map(([id]) => id).sort());
    const winkScore = new Map(wink);
    // wink keeps four decimals of each term's weight
    for (const [id, score] of lance) expect(score).toBeCloseTo(winkScore.get(id)!, 3);
  }
});
