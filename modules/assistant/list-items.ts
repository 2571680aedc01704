// A list whose items the chunker made clauses of their own: a scanned announcement's table "ส่งใบคำร้อง :
// ประกอบด้วย" over "1.ใบคำร้องขอยืมเงินฯ", "2. สำเนาใบแสดงผลการศึกษา", … (each cited as ข้อ N). The passage
// that announces the list ends with its lead-in and holds none of its items, and retrieval brings back some
// items, not all. For a question asking which things, that passage is read with the items that follow it
// under its lead-in, in the document's order.
import type { Question, SearchHit } from '../knowledge';
import { LEADS_A_LIST } from './clause-pieces';
import { ANSWER_CLAUSES } from './extractive';

export type ReadPassages = (documentId: string) => Promise<SearchHit[]>;

// A list read whole stays a list: a heading that runs over the rest of a long document is not one.
const MAX_ITEMS = 12;

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
  if (!question.list) return { hits, original };
  const out = [...hits];
  for (const [i, hit] of hits.slice(0, ANSWER_CLAUSES).entries()) {
    const lines = hit.text.split('\n').filter((l) => l.trim());
    const lead = lines[lines.length - 1]?.trim();
    if (!lead || !LEADS_A_LIST.test(lead)) continue;
    const passages = await read(hit.documentId).catch(() => []);
    const items: SearchHit[] = [];
    for (const p of passages.filter((p) => p.chunkOrdinal > hit.chunkOrdinal).sort((a, b) => a.chunkOrdinal - b.chunkOrdinal)) {
      if (!p.headingPath.some((h) => names(h, lead))) break;
      items.push(p);
    }
    if (!items.length || items.length > MAX_ITEMS) continue;
    const whole = { ...hit, text: [hit.text, ...items.map((p) => p.text)].join('\n') };
    original.set(whole, hit);
    out[i] = whole;
  }
  return { hits: out, original };
}
