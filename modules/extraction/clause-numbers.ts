// The document's own structure as a check on OCR digits: a regulation's clauses run ข้อ ๑, ๒, ๓… and a
// clause's items run (๑), (๒), (๓)…, each heading a paragraph. A heading whose number breaks the run
// while the next heading continues it (๓, ๕, ๕ → ๓, ๔, ๕) was misread and takes the number the run
// demands. Anything less certain is left alone (the admin reviews every OCR number anyway).
import { repairClauseWords, splitGluedClauses } from './clause-words.ts';
import { type Heading, headingsOf, toThai } from './headings.ts';

/** The existing one-step rule: a strong heading between two that differ by two takes the middle number. */
function oneStepEdits(found: Heading[]): Array<Heading & { to: number }> {
  const strong = found.filter((h) => !h.weak);
  const edits: Array<Heading & { to: number }> = [];
  for (let i = 1; i < strong.length - 1; i++) {
    const [prev, cur, next] = [strong[i - 1], strong[i], strong[i + 1]];
    // Items restart at (๑) in every clause: only a run of consecutive numbers is judged.
    if (next.value === prev.value + 2 && cur.value !== prev.value + 1) edits.push({ ...cur, to: prev.value + 1 });
  }
  return edits;
}

const isAnchor = (h: Heading) => !h.weak && !Number.isNaN(h.value);

// Several markers in a row lost to OCR ((๒) (en) (@) (๕), or "(๙ ใส่ความ" without its parenthesis, or
// "- (@)" behind a speck): between two readable headings whose numbers differ by exactly the number of
// steps, every garbled marker is the number its place demands, and a readable one that lost its
// parenthesis or gained a speck is the heading it looks like. A readable number is never changed here.
// On the 200-dpi G4 conduct scan this restores (๓)(๔)(๗)(๘)(๙)(๑๐) of ข้อ ๘ and ข้อ ๗ / ๙ / ๑๕.
function gapEdits(found: Heading[]): Array<Heading & { to: number }> {
  const edits: Array<Heading & { to: number }> = [];
  const anchors = found.flatMap((h, i) => (isAnchor(h) ? [i] : []));
  for (let a = 0; a < anchors.length - 1; a++) {
    const [i, j] = [anchors[a], anchors[a + 1]];
    if (j - i < 2 || found[j].value - found[i].value !== j - i) continue;
    const between = found.slice(i + 1, j);
    // A readable number out of place means the run is not what it seems: leave the whole gap.
    if (between.some((h, k) => !Number.isNaN(h.value) && h.value !== found[i].value + k + 1)) continue;
    between.forEach((h, k) => h.rewrite && edits.push({ ...h, to: found[i].value + k + 1 }));
  }
  return edits;
}

// Several clause numbers misread in a row, readable ones among them (SUT's Angsana-like TA regulation read ข้อ ๖ to ๙
// as "ข้อ»", "ข้อ ๑", "ข้อ ๕", "ข้อ #"): a readable number out of place is left by gapEdits, since a run it breaks may
// not be the run it seems. Where the run holds on both sides of the gap (the heading before it continues its own
// predecessor, the one after it is continued by its successor) and the gap has exactly as many headings as the numbers
// between, every heading in it is the number its place demands. Clauses only: items restart in every clause.
function confirmedRunEdits(found: Heading[]): Array<Heading & { to: number }> {
  const edits: Array<Heading & { to: number }> = [];
  const continues = (a: Heading | undefined, b: Heading | undefined) => !!a && !!b && isAnchor(a) && isAnchor(b) && b.value === a.value + 1;
  for (let i = 1; i < found.length; i++) {
    if (!continues(found[i - 1], found[i])) continue;
    for (let j = i + 2; j < found.length - 1; j++) {
      if (!continues(found[j], found[j + 1]) || found[j].value - found[i].value !== j - i) continue;
      found.slice(i + 1, j).forEach((h, k) => h.rewrite && h.value !== found[i].value + k + 1 && edits.push({ ...h, to: found[i].value + k + 1 }));
      break;
    }
  }
  return edits;
}

// A list's first or last marker has one readable neighbour only; it is judged when a clause heading closes
// the list on its open side (the next clause's items restart at (๑)), and the other side is a run of two.
// Exam ข้อ ๘ "(๓) … («) กระเป๋า … ข้อ ๙" and leave ข้อ ๕ "(๒) (en) (๔ (©) … ข้อ ๖" end this way.
function edgeEdits(found: Heading[], clauses: Heading[]): Array<Heading & { to: number }> {
  const after = (c: Heading, h: Heading) => c.page > h.page || (c.page === h.page && c.start > h.start);
  const clauseBetween = (a: Heading | undefined, b: Heading | undefined) => clauses.some((c) => (!a || after(c, a)) && (!b || after(b, c)));
  // A marker that fits place k of the list: garbled, or readable as exactly that number.
  const fits = (h: Heading, want: number) => (Number.isNaN(h.value) || (h.weak && h.value === want)) && want > 0;
  const edits: Array<Heading & { to: number }> = [];
  const fill = (from: number, to: number, first: number) => found.slice(from, to).forEach((h, k) => h.rewrite && edits.push({ ...h, to: first + k }));
  for (let i = 1; i < found.length; i++) {
    // Trailing: … (k-1) (k) ?… | ข้อ
    const [prev, last] = [found[i - 1], found[i]];
    if (!isAnchor(prev) || !isAnchor(last) || last.value !== prev.value + 1) continue;
    let j = i + 1;
    while (j < found.length && !clauseBetween(found[j - 1], found[j]) && fits(found[j], last.value + j - i)) j++;
    if (j > i + 1 && j - i - 1 <= 3 && clauseBetween(found[j - 1], found[j])) fill(i + 1, j, last.value + 1);
  }
  for (let i = found.length - 2; i >= 0; i--) {
    // Leading: ข้อ | ?… (k) (k+1), where k is one more than the number of markers before it.
    const [first, next] = [found[i], found[i + 1]];
    if (!isAnchor(first) || !isAnchor(next) || next.value !== first.value + 1) continue;
    let j = i - 1;
    while (j >= 0 && !clauseBetween(found[j], found[j + 1]) && fits(found[j], first.value - (i - j))) j--;
    if (j < i - 1 && first.value === i - j && clauseBetween(found[j], found[j + 1])) fill(j + 1, i, 1);
  }
  return edits;
}

function apply(out: string[], edits: Array<Heading & { to: number }>): number {
  // Right to left within a page, so earlier indexes stay valid; a heading edited twice is edited once.
  const seen = new Set<string>();
  let n = 0;
  for (const e of edits.sort((a, b) => b.page - a.page || b.start - a.start)) {
    const key = `${e.page}:${e.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = out[e.page];
    const to = e.kind === 'item' ? `(${toThai(e.to)})` : `ข้อ ${toThai(e.to)}`;
    if (text.slice(e.start, e.end) === to) continue;
    out[e.page] = text.slice(0, e.start) + to + text.slice(e.end);
    n++;
  }
  return n;
}

/** Fix clause and item numbers that break their run, across the given pages in order. */
export function fixClauseNumbers(pages: string[]): { pages: string[]; fixed: number } {
  const out = [...pages];
  let fixed = repairClauseWords(out) + splitGluedClauses(out);
  const learnt = new Map<string, number>();
  for (const kind of ['clause', 'item'] as const) {
    const oneStep = oneStepEdits(headingsOf(out, kind));
    if (kind === 'item') garbleMap(oneStep, headingsOf(out, 'clause'), learnt);
    fixed += apply(out, oneStep);
    const found = headingsOf(out, kind);
    const edits = gapEdits(found);
    if (kind === 'clause') edits.push(...confirmedRunEdits(found));
    if (kind === 'item') {
      const clauses = headingsOf(out, 'clause');
      edits.push(...edgeEdits(found, clauses));
      garbleMap(edits, clauses, learnt);
    }
    fixed += apply(out, edits);
  }
  return { pages: out, fixed: fixed + fixReferences(out, learnt) };
}

// The same glyph misreads the same way on one scan: an item marker restored from its run ((ov) → (๗) in
// ข้อ ๘) tells what that garble means where the text cites it: "ตามข้อ ๘ (ov)" is ข้อ ๘ (๗) (conduct G4 scan).
// Only a citation of that same clause, with the very same garble, is changed.
function garbleMap(edits: Array<Heading & { to: number }>, clauses: Heading[], map: Map<string, number>): void {
  for (const e of edits) {
    if (e.garble === undefined) continue;
    const clause = clauses.filter((c) => c.page < e.page || (c.page === e.page && c.start < e.start)).at(-1);
    if (clause && !Number.isNaN(clause.value)) map.set(`${toThai(clause.value)}:${e.garble}`, e.to);
  }
}

function fixReferences(out: string[], learnt: Map<string, number>): number {
  if (learnt.size === 0) return 0;
  let n = 0;
  out.forEach((text, page) => {
    out[page] = text.replace(/(ข้อ ?([๐-๙]{1,3}) ?)\(([^()\s]{1,2})\)/g, (all, head: string, clause: string, garble: string) => {
      const to = learnt.get(`${clause}:${garble}`);
      if (to === undefined) return all;
      n++;
      return `${head}(${toThai(to)})`;
    });
  });
  return n;
}
