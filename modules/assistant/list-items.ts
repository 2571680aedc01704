// A list whose items the chunker made clauses of their own: a scanned announcement's table "ส่งใบคำร้อง :
// ประกอบด้วย" over "1.ใบคำร้องขอยืมเงินฯ", "2. สำเนาใบแสดงผลการศึกษา", … (each cited as ข้อ N), a form's note
// "การรับรองรายได้ของครอบครัวให้บุคคลดังต่อไปนี้เป็นผู้รับรอง" over "1. ข้าราชการระดับ 5 ขึ้นไป …". The passage that
// announces the list ends with its lead-in and holds none of its items, and retrieval brings back some items, not
// all. That passage is read with the items that follow it under its lead-in, in the document's order, for a question
// asking which things, and for any other once retrieval brought back one of its items: quoted alone, its lead-in says
// the answer follows and shows nothing ("บุคคลดังต่อไปนี้"), while read with them the quote takes the items that
// answer (clause-quote.ts weighs each piece).
import { laterPagesOf, type Question, type SearchHit } from '../knowledge';
import { LEADS_A_LIST } from './clause-pieces';
import { ANSWER_CLAUSES } from './extractive';

export type ReadPassages = (documentId: string) => Promise<SearchHit[]>;

// A list read whole stays a list: a heading that runs over the rest of a long document is not one.
const MAX_ITEMS = 12;
// A line that announces a list (clause-pieces.ts LEADS_A_LIST), or ends with a colon. Only a cheap first test: the
// items are the passages after it that the chunker headed with this very line.
const ANNOUNCES_A_LIST = new RegExp(`${LEADS_A_LIST.source}|:\\s*$`);

/** The chunker's heading for a line (shortened past 80 characters with "…") names that line. */
const names = (heading: string, line: string) => heading === line || (heading.endsWith('…') && line.startsWith(heading.slice(0, -1)));

/**
 * The hits, each lead-in passage among the quoted ones read with its items; `original` maps a lengthened hit
 * back to the retrieved one (its evidence and reference are the retrieved passage's).
 */
export async function withListItems(
  question: Question,
  hits: SearchHit[],
  read: ReadPassages,
): Promise<{ hits: SearchHit[]; original: Map<SearchHit, SearchHit> }> {
  const original = new Map<SearchHit, SearchHit>();
  const out = [...hits];
  for (const [i, hit] of hits.slice(0, ANSWER_CLAUSES).entries()) {
    if (question.steps) {
      const run = await stepRun(hit, read);
      if (run) {
        original.set(run, hit);
        out[i] = run;
        continue;
      }
    }
    const lines = hit.text.split('\n').filter((l) => l.trim());
    const lead = lines[lines.length - 1]?.trim();
    if (!lead || !ANNOUNCES_A_LIST.test(lead)) continue;
    // The document is read for its items when the question asks which things, or when retrieval brought back one of
    // them: for any question, reading every such passage's document cost ~2.5 ms of CPU a turn (scripts/bench/chat.ts).
    const itemRetrieved = hits.some((h) => h.documentId === hit.documentId && h.chunkOrdinal > hit.chunkOrdinal && h.headingPath.some((x) => names(x, lead)));
    if (!question.list && !itemRetrieved) continue;
    const passages = await read(hit.documentId).catch(() => []);
    const items: SearchHit[] = [];
    for (const p of passages.filter((p) => p.chunkOrdinal > hit.chunkOrdinal).sort((a, b) => a.chunkOrdinal - b.chunkOrdinal)) {
      if (!p.headingPath.some((h) => names(h, lead))) break;
      items.push(p);
    }
    if (!items.length || items.length > MAX_ITEMS) continue;
    const whole = joined(hit, [hit, ...items]);
    original.set(whole, hit);
    out[i] = whole;
  }
  return { hits: out, original };
}

// A procedure whose steps the chunker made clauses of their own ("ขั้นตอนการขอสอบโครงร่างวิทยานิพนธ์" over
// "1. นักศึกษากรอก…", "2. สำนักวิชาฯ แต่งตั้ง…", …, each cited as ข้อ N under the line the run follows): a question
// asking for the steps is answered by the run, so a step is read with the other steps of its run, in order. Only
// a run of numbered lines: a regulation's ข้อ clauses under one หมวด are not steps.
const STEP = /^[0-9๐-๙]{1,2}\.\s*\S/;
const STEP_LABEL = /^ข้อ [0-9๐-๙]+$/;
const sameRun = (a: SearchHit, b: SearchHit) =>
  a.documentId === b.documentId && a.headingPath.length === b.headingPath.length && a.headingPath.slice(0, -1).every((h, i) => h === b.headingPath[i]);

async function stepRun(hit: SearchHit, read: ReadPassages): Promise<SearchHit | null> {
  const isStep = (p: SearchHit) => STEP_LABEL.test(p.headingPath.at(-1) ?? '') && STEP.test(p.text.trim());
  if (!isStep(hit) || hit.headingPath.length < 3) return null;
  const passages = (await read(hit.documentId).catch(() => [])).filter((p) => isStep(p) && sameRun(p, hit));
  const at = new Map(passages.map((p) => [p.chunkOrdinal, p]));
  let first = hit.chunkOrdinal;
  while (at.has(first - 1)) first--;
  const steps: SearchHit[] = [];
  for (let o = first; at.has(o); o++) steps.push(at.get(o)!);
  if (steps.length < 2 || steps.length > MAX_ITEMS || !steps.some((p) => p.chunkOrdinal === hit.chunkOrdinal)) return null;
  return joined(hit, steps);
}

/**
 * Passages read as one (`hit`'s, with the text of `parts` in order): where each later page starts in the text is kept
 * (knowledge/index/passage-pages.ts), so an answer quoting an item on the page after its lead-in cites that page.
 */
function joined(hit: SearchHit, parts: SearchHit[]): SearchHit {
  const laterPages = laterPagesOf(parts);
  const { laterPages: _own, ...rest } = hit;
  return { ...rest, page: parts[0]!.page, text: parts.map((p) => p.text).join('\n'), ...(laterPages.length ? { laterPages } : {}) };
}
