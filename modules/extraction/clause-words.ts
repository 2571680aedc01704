// Clause headings OCR hid from clause-numbers.ts: the word ข้อ itself misread, or the heading run into
// the paragraph before it. Both are put back only where the neighbouring clauses demand that number.
import { headingsOf, toNumber, toThai } from './headings.ts';

// The word ข้อ misread at a paragraph start (". , บขื้อ๑๖" on a dusty scan, "ซื้อ ๙", "ปื้อ ๑๕", "dp ๑๒" on
// 200-dpi G4 scans): a short run of Thai letters ending in อ, with ข or a letter of its shape (ช ซ บ ป ฆ), or a
// short Latin word, right before a number. Trusted only where that number is the one both neighbouring clauses
// demand, and then spelled ข้อ, so that the clause is found as a clause (leave ข้อ ๙ / ๑๒, conduct ข้อ ๑๕).
const GARBLED_CLAUSE = /(^|\n\n)([ก-ฮ\u0E31-\u0E4E]{1,5}?|[A-Za-z]{1,3}) ?([๐-๙]{1,3})(?=\s)/g;
const looksLikeKho = (w: string) => {
  const bare = w.replace(/[\u0E31-\u0E4E]/g, '');
  return w !== 'ข้อ' && (/^[A-Za-z]+$/.test(w) || (/[ขชซบปฆ]/.test(bare) && bare.endsWith('อ') && bare.length <= 3));
};

interface Found {
  page: number;
  index: number;
  value: number;
  length?: number;
}

function clauseList(out: string[]): Found[] {
  return headingsOf(out, 'clause')
    .filter((h) => !Number.isNaN(h.value))
    .map((h) => ({ page: h.page, index: h.start, value: h.value }));
}

const byPlace = (a: Found, b: Found) => a.page - b.page || a.index - b.index;

export function repairClauseWords(out: string[]): number {
  const found = clauseList(out);
  out.forEach((text, page) => {
    for (const m of text.matchAll(GARBLED_CLAUSE))
      if (looksLikeKho(m[2])) found.push({ page, index: (m.index ?? 0) + m[1].length, value: toNumber(m[3]), length: m[2].length });
  });
  found.sort(byPlace);
  const edits = found.filter((cur, i) => cur.length !== undefined && found[i - 1]?.value === cur.value - 1 && found[i + 1]?.value === cur.value + 1);
  for (const e of edits.reverse()) {
    const text = out[e.page];
    const rest = text.slice(e.index + (e.length ?? 0)).replace(/^ ?/, ' ');
    out[e.page] = `${text.slice(0, e.index)}ข้อ${rest}`;
  }
  return edits.length;
}

// A cross-reference names a clause after a linking word ("ตามข้อ ๘", "ในข้อ ๑๑") or before an item ("ข้อ ๘ (๓)").
const REFERENCE_BEFORE = /(?:ตาม|ใน|แห่ง|และ|หรือ|ถึง|กับ|[๐-๙0-9,(])\s*$/;

/**
 * A clause heading the layout ran into the end of the paragraph before ("…รวมกันก็ได้ข้อ ๑๑ นักศึกษาที่…",
 * conduct scan): where clauses k-1 and k+1 are headings and k is not, the last "ข้อ k" between them that is
 * no cross-reference starts its own paragraph again.
 */
export function splitGluedClauses(out: string[]): number {
  const found = clauseList(out).sort(byPlace);
  const splits: Array<{ page: number; at: number }> = [];
  for (let i = 0; i < found.length - 1; i++) {
    const [a, b] = [found[i], found[i + 1]];
    if (b.value !== a.value + 2 || b.page - a.page > 1) continue;
    const want = new RegExp(`ข้อ ?${toThai(a.value + 1)}(?=[ \\t]+[ก-ฮเ-ไ])`, 'g');
    let last: { page: number; at: number } | undefined;
    for (let page = a.page; page <= b.page; page++) {
      const text = out[page];
      const [from, to] = [page === a.page ? a.index + 1 : 0, page === b.page ? b.index : text.length];
      for (const m of text.slice(from, to).matchAll(want)) {
        const at = from + (m.index ?? 0);
        const before = text.slice(Math.max(0, at - 12), at);
        if (!REFERENCE_BEFORE.test(before) && !/\n\n$/.test(before) && before !== '') last = { page, at };
      }
    }
    if (last) splits.push(last);
  }
  for (const s of splits.reverse()) {
    const text = out[s.page];
    out[s.page] = `${text.slice(0, s.at).trimEnd()}\n\n${text.slice(s.at)}`;
  }
  return splits.length;
}
