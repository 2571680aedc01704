// A clause that fits one passage stays whole across a page break (chunker.ts: a clause is what an answer cites), so
// its passage runs onto the next page: a signature block under the last clause, a clause's last items. Cited at the
// page the clause starts on, a reference opened the source viewer a page before the words it quoted (real_reg rmutp:
// the dean's name under ข้อ ๑๓ on page 3, cited page 2). The passage keeps where each later page starts in its text,
// and an answer cites the page its quoted words are on.

/** Where a passage's later pages start: [offset in its text, page], in order. */
export type LaterPages = ReadonlyArray<readonly [offset: number, page: number]>;

/**
 * For passages (or lines) joined by "\n" into one text: the offset at which each page after the first part's starts,
 * a part's own later pages included (a lead-in read with its items: assistant/list-items.ts).
 */
export function laterPagesOf(parts: ReadonlyArray<{ text: string; page: number; laterPages?: LaterPages }>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let offset = 0;
  let page = parts[0]?.page;
  for (const part of parts) {
    for (const [at, p] of [[0, part.page] as const, ...(part.laterPages ?? [])]) if (p !== page) out.push([offset + at, (page = p)]);
    offset += part.text.length + 1;
  }
  return out;
}

/** A passage's text cut at its page breaks: each page's part of it. */
export function pageParts(passage: { text: string; page: number; laterPages?: LaterPages }): Array<{ page: number; text: string }> {
  const starts = [[0, passage.page] as const, ...(passage.laterPages ?? [])];
  return starts.map(([start, page], i) => ({ page, text: passage.text.slice(start, starts[i + 1]?.[0] ?? passage.text.length) }));
}

// A quote's piece is the passage's text with its line breaks, tabs and spaces rewritten (clause-pieces.ts joins a
// sentence's lines, a table's cells get " | "): it is found with those left out, by its first characters, else
// (a row read with the label put before it) by the longest end of it the passage holds.
const KEY_CHARS = 24;
const LABEL_CHARS = 120;
const IGNORED = /[\s|]/;

/** The page on which `piece`, a sentence quoted from the passage, starts; the passage's own page when not found. */
export function pageOfPiece(passage: { text: string; page: number; laterPages?: LaterPages }, piece: string): number {
  const later = passage.laterPages;
  if (!later?.length) return passage.page;
  const at: number[] = [];
  let squeezed = '';
  for (let i = 0; i < passage.text.length; i++)
    if (!IGNORED.test(passage.text[i]!)) {
      squeezed += passage.text[i];
      at.push(i);
    }
  const key = [...piece].filter((ch) => !IGNORED.test(ch)).join('');
  if (!key) return passage.page;
  let found = squeezed.indexOf(key.slice(0, KEY_CHARS));
  // a label put before a row is a few words: the search gives up past it (and stays linear in the passage)
  for (let from = 1; found < 0 && from <= LABEL_CHARS && key.length - from >= KEY_CHARS; from++) found = squeezed.indexOf(key.slice(from));
  if (found < 0) return passage.page;
  const offset = at[found]!;
  let page = passage.page;
  for (const [start, p] of later) if (start <= offset) page = p;
  return page;
}
