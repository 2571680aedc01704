// An announcement, a notice or a flowchart's text without ข้อ or หมวด is chunked by size (knowledge/index/chunker.ts
// proseDrafts): its passages end wherever 800 characters fell, so the sentence that states a figure ("… จำนวน ๑๒ ชุด",
// "ภายใน ๗ วัน") may sit in the passage before or after the one retrieved. Such a passage is cited by its page (it has
// no clause), and a reader reads the page: the quote is chosen from the page's run of such passages, the retrieved one
// with its neighbours, while the reference and the evidence stay the retrieved passage's.
import type { SearchHit } from '../knowledge';
import { ANSWER_CLAUSES } from './extractive';
import type { ReadPassages } from './list-items';
import { sectionsOf } from './sections';

// The run read around a passage: a page of an announcement, not a whole long document packed by size.
export const MAX_PAGE_CHARS = 2400;

/** A passage with neither section nor clause: its heading path is its document's title alone. */
const unstructured = (hit: SearchHit) => sectionsOf(hit).length === 0;

/**
 * For each unstructured passage among the quoted ones (not one already read with its list, `lengthened`), the same
 * passage with its neighbours of the same page in the document's order: the text a quote is chosen from.
 */
export async function pageProse(
  hits: SearchHit[],
  read: ReadPassages,
  lengthened: ReadonlyMap<SearchHit, SearchHit> = new Map(),
): Promise<Map<SearchHit, SearchHit>> {
  const pages = new Map<SearchHit, SearchHit>();
  for (const hit of hits.slice(0, ANSWER_CLAUSES)) {
    if (!unstructured(hit) || lengthened.has(hit)) continue;
    const passages = await read(hit.documentId).catch(() => []);
    const at = new Map(passages.filter((p) => p.page === hit.page && unstructured(p)).map((p) => [p.chunkOrdinal, p]));
    if (!at.has(hit.chunkOrdinal)) continue;
    // outward from the retrieved passage, the nearer neighbour first, while the run fits
    let [first, last] = [hit.chunkOrdinal, hit.chunkOrdinal];
    let size = hit.text.length;
    for (let grew = true; grew; ) {
      grew = false;
      for (const o of [last + 1, first - 1]) {
        const p = at.get(o);
        if (!p || size + p.text.length > MAX_PAGE_CHARS) continue;
        size += p.text.length + 1;
        if (o > last) last = o;
        else first = o;
        grew = true;
      }
    }
    if (first === last) continue;
    const run = Array.from({ length: last - first + 1 }, (_, k) => at.get(first + k)!);
    pages.set(hit, { ...hit, text: run.map((p) => (p.chunkOrdinal === hit.chunkOrdinal ? hit.text : p.text)).join('\n') });
  }
  return pages;
}
