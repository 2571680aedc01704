// The document's own structure as a check on OCR digits: a regulation's clauses run ข้อ ๑, ๒, ๓… and a
// clause's items run (๑), (๒), (๓)…, each heading a paragraph. A heading whose number breaks the run
// while the next heading continues it (๓, ๕, ๕ → ๓, ๔, ๕) was misread and takes the number the run
// demands. Anything less certain is left alone (the admin reviews every OCR number anyway).
const THAI = '๐๑๒๓๔๕๖๗๘๙';
// A number tesseract's English model made letters of ("ข้อ f" for ข้อ ๗) counts as no number (NaN): it can
// only take the one its neighbours demand, never serve as a neighbour.
const toNumber = (s: string) => (/^[๐-๙]+$/.test(s) ? Number([...s].map((c) => THAI.indexOf(c)).join('')) : Number.NaN);
const toThai = (n: number) => [...String(n)].map((d) => THAI[Number(d)]).join('');

// A paragraph that starts with a clause or item number in Thai digits (or the letters OCR made of one). Four
// digits are no clause of a regulation but are what OCR makes of one with a digit of the next row (๒๓ → ๑๒๗๓).
const HEADINGS: RegExp[] = [/(^|\n\n)(ข้อ\s*)([๐-๙]{1,4}|[A-Za-z@«»©°]{1,2})(?=[\s)])/g, /(^|\n\n)(\()([๐-๙]{1,2}|[A-Za-z@«»©°]{1,2})(?=\))/g];

interface Heading {
  page: number;
  index: number;
  length: number;
  value: number;
}

// The word ข้อ itself misread at a paragraph start (". , บขื้อ๑๖" on a dusty scan): a short run of Thai letters
// with ข and อ in it, right before a number. Trusted only where that number is the one both neighbouring
// clauses demand, and then spelled ข้อ, so that the clause is found as a clause.
const GARBLED_CLAUSE = /(^|\n\n)([ก-ฮ\u0E31-\u0E4E]{1,5}?) ?([๐-๙]{1,3})(?=\s)/g;
const looksLikeKho = (w: string) => w !== 'ข้อ' && w.includes('ข') && w.replace(/[\u0E31-\u0E4E]/g, '').endsWith('อ');

function repairClauseWords(out: string[]): number {
  const found: Array<{ page: number; index: number; value: number; length?: number }> = [];
  out.forEach((text, page) => {
    for (const m of text.matchAll(HEADINGS[0])) found.push({ page, index: m.index ?? 0, value: toNumber(m[3]) });
    for (const m of text.matchAll(GARBLED_CLAUSE))
      if (looksLikeKho(m[2])) found.push({ page, index: (m.index ?? 0) + m[1].length, value: toNumber(m[3]), length: m[2].length });
  });
  found.sort((a, b) => a.page - b.page || a.index - b.index);
  const edits = found.filter((cur, i) => cur.length !== undefined && found[i - 1]?.value === cur.value - 1 && found[i + 1]?.value === cur.value + 1);
  for (const e of edits.reverse()) {
    const text = out[e.page];
    const rest = text.slice(e.index + (e.length ?? 0)).replace(/^ ?/, ' ');
    out[e.page] = `${text.slice(0, e.index)}ข้อ${rest}`;
  }
  return edits.length;
}

/** Fix clause and item numbers that break their run, across the given pages in order. */
export function fixClauseNumbers(pages: string[]): { pages: string[]; fixed: number } {
  const out = [...pages];
  let fixed = repairClauseWords(out);
  for (const pattern of HEADINGS) {
    const found: Heading[] = [];
    out.forEach((text, page) => {
      for (const m of text.matchAll(pattern)) {
        found.push({ page, index: (m.index ?? 0) + m[1].length + m[2].length, length: m[3].length, value: toNumber(m[3]) });
      }
    });
    const edits: Array<Heading & { to: number }> = [];
    for (let i = 1; i < found.length - 1; i++) {
      const [prev, cur, next] = [found[i - 1], found[i], found[i + 1]];
      // Items restart at (๑) in every clause: only a run of consecutive numbers is judged.
      if (next.value === prev.value + 2 && cur.value !== prev.value + 1) edits.push({ ...cur, to: prev.value + 1 });
    }
    // Right to left within a page, so earlier indexes stay valid.
    for (const e of edits.sort((a, b) => b.page - a.page || b.index - a.index)) {
      const text = out[e.page];
      out[e.page] = text.slice(0, e.index) + toThai(e.to) + text.slice(e.index + e.length);
      fixed++;
    }
  }
  return { pages: out, fixed };
}
