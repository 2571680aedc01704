// Rebuild reading-order text from positioned PDF text items: lines by baseline, words by x gaps,
// table cells by wide gaps, and paragraphs by indentation, line fill and vertical spacing.
// Pure geometry, no pdf.js types, so it is unit-testable with hand-made runs.
import { joinLetterSpacedThai } from './normalize.ts';

export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface Part {
  x0: number;
  x1: number;
  text: string;
} // words between space-sized gaps
export interface Cell {
  x0: number;
  x1: number;
  text: string;
  parts: Part[];
}
/** A positioned line; y grows upwards (PDF space), `size` is the font size in the same unit. */
export interface Line {
  y: number;
  x0: number;
  x1: number;
  size: number;
  cells: Cell[];
  charWidth: number;
}

// Gaps are measured in ems of the font size. Thai fonts put a word space at ~0.2–0.3 em; split
// glyph runs inside a word sit at ≤0.05 em; justified lines stretch spaces to ~1 em; table
// columns are ≥2 em apart (continuation lines are handled per column, not by this threshold).
const SPACE_EM = 0.15;
const TAB_EM = 2;
const BASELINE_EM = 0.4;
const THAI_LETTER = /[\u0E01-\u0E4E]/; // not digits: ๒๘ กุมภาพันธ์ keeps its space

// Thai marks above and below a consonant take no width of their own.
const ZERO_WIDTH = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\s]/gu;
/** Characters that advance the pen: a line's width divided by these is one glyph's width. */
export function spacingGlyphs(s: string): number {
  return s.replace(ZERO_WIDTH, '').length;
}

function lastChar(s: string): string {
  return s.slice(-1);
}

/** Group runs into lines (top to bottom) and split each line into cells at wide gaps. */
function buildLines(runs: TextRun[]): Line[] {
  const sorted = runs.filter((r) => r.text.length > 0).sort((a, b) => b.y - a.y);
  const groups: TextRun[][] = [];
  for (const run of sorted) {
    const g = groups[groups.length - 1];
    if (g && Math.abs(g[0].y - run.y) <= BASELINE_EM * Math.max(g[0].size, run.size)) g.push(run);
    else groups.push([run]);
  }
  return groups.map(toLine).filter((l): l is Line => l !== null);
}

function toLine(group: TextRun[]): Line | null {
  // Stable sort: zero-width marks share x with the glyph after them and must keep stream order.
  const runs = group.filter((r) => r.text.trim() !== '' || r.width > 0).sort((a, b) => a.x - b.x);
  const size = Math.max(most(runs.map((r) => r.size)), 1);
  const cells: Cell[] = [];
  let cell: Cell | null = null;
  let end = -Infinity;
  let pendingSpace = false;
  let visibleChars = 0;
  let visibleWidth = 0;
  for (const r of runs) {
    if (r.text.trim() === '') {
      // A whitespace item is a space only if it is wide; a near-zero one sits inside split ำ.
      pendingSpace ||= r.width > SPACE_EM * size;
      continue;
    }
    const gap = r.x - end;
    const part = { x0: r.x, x1: r.x + r.width, text: r.text };
    if (!cell || gap > TAB_EM * size) {
      cell = { x0: r.x, x1: r.x + r.width, text: '', parts: [part] };
      cells.push(cell);
    } else {
      const last = cell.parts[cell.parts.length - 1];
      if (pendingSpace || gap > SPACE_EM * size) cell.parts.push(part);
      else {
        last.text += r.text;
        last.x1 = Math.max(last.x1, part.x1);
      }
      cell.x1 = Math.max(cell.x1, r.x + r.width);
    }
    end = Math.max(end, r.x + r.width);
    pendingSpace = false;
    visibleChars += spacingGlyphs(r.text);
    visibleWidth += r.width;
  }
  for (const c of cells) c.text = cellText(c.parts.map((p) => p.text).join(' '));
  const kept = cells.filter((c) => c.text !== '');
  if (kept.length === 0) return null;
  return {
    y: group[0].y,
    x0: kept[0].x0,
    x1: kept[kept.length - 1].x1,
    size,
    cells: kept,
    charWidth: visibleChars > 0 ? visibleWidth / visibleChars : size / 2,
  };
}

export function cellText(raw: string): string {
  return joinLetterSpacedThai(raw.replace(/\s+/g, ' ').trim());
}

/** Join two wrapped line fragments: Thai wraps between words without a space. */
export function joinWrapped(prev: string, next: string): string {
  if (prev === '') return next;
  const { drop, sep } = wrapJoint(prev, next);
  return prev.slice(0, prev.length - drop) + sep + next;
}

/**
 * How a wrapped fragment continues the text before it, read from that text's end alone: a wrapped English word's
 * hyphen dropped, nothing between Thai letters (Thai wraps between words without a space), else a space.
 */
function wrapJoint(prev: string, next: string): { drop: number; sep: string } {
  if (/[A-Za-z]-$/.test(prev) && /^[a-z]/.test(next)) return { drop: 1, sep: '' };
  if (THAI_LETTER.test(lastChar(prev)) && THAI_LETTER.test(next[0]) && !/[ๆฯ]$/.test(prev)) return { drop: 0, sep: '' };
  return { drop: 0, sep: ' ' };
}

/**
 * A paragraph's wrapped lines joined as joinWrapped joins them, kept as pieces: joining line after line into one
 * string read its end back each time, which copies the whole paragraph (a page of 100,000 lines took 2 s, and the
 * time grew with the square of the lines).
 */
function appendWrapped(pieces: string[], next: string): void {
  const last = pieces.length - 1;
  const end = pieces[last]!;
  if (last === 0 && end === '') {
    pieces[0] = next;
    return;
  }
  const { drop, sep } = wrapJoint(end, next);
  if (drop) pieces[last] = end.slice(0, end.length - drop);
  pieces.push(sep + next);
}

// The least and the most of many values, by a loop: a page of a million runs or lines spread as arguments into
// Math.min/Math.max overflows the stack.
export const least = (xs: readonly number[]): number => xs.reduce((m, x) => (x < m ? x : m), Infinity);
export const most = (xs: readonly number[]): number => xs.reduce((m, x) => (x > m ? x : m), -Infinity);

/** The middle value (the upper of the two middle ones), 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Column index of x in a table row (by the cell starts), or -1 left of the first column. */
function columnOf(row: Cell[], x: number, tolerance: number): number {
  let col = -1;
  for (let i = 0; i < row.length; i++) if (x >= row[i].x0 - tolerance) col = i;
  return col;
}

/**
 * A line right under a table row, with nothing in the first column, continues the row's cells
 * (wrapped cell text). Returns the merged cells or null if it is not a continuation.
 */
function mergeTableContinuation(row: Cell[], line: Line, right: number): Cell[] | null {
  if (row.length < 2) return null;
  const tol = line.size;
  const firstColEnd = row[1].x0 - tol;
  if (line.x0 < firstColEnd) return null;
  const added = new Map<number, Part[]>();
  for (const part of line.cells.flatMap((c) => c.parts)) {
    const col = columnOf(row, (part.x0 + part.x1) / 2, tol);
    if (col < 1) return null;
    added.set(col, [...(added.get(col) ?? []), part]);
  }
  const merged = row.map((c) => ({ ...c }));
  for (const [col, parts] of added) {
    const cell = merged[col];
    const text = cellText(parts.map((p) => p.text).join(' '));
    // A cell line that stopped well short of the next column ended deliberately (a list of
    // names, an address): keep a space. Otherwise it wrapped like prose.
    const columnEnd = merged[col + 1]?.x0 ?? right;
    const wrapped = columnEnd - cell.x1 < 3 * line.size;
    cell.text = wrapped ? joinWrapped(cell.text, text) : `${cell.text} ${text}`;
    cell.x1 = most(parts.map((p) => p.x1));
  }
  return merged;
}

interface Block {
  kind: 'para' | 'table';
  /** a table's rows; a paragraph's wrapped lines as appendWrapped joins them (its pieces, joined with nothing) */
  lines: string[];
  last: Line;
  /** where the text of the paragraph's list item starts, right of its marker (its hanging indent) */
  itemText?: number;
  row?: Cell[];
}

/** Rebuild one page's text: paragraphs separated by a blank line, table rows tab-separated. */
export function layoutPageText(runs: TextRun[]): string {
  return layoutLines(buildLines(runs));
}

/** Paragraphs and tables from lines in reading order (also used for OCR lines). */
export function layoutLines(lines: Line[]): string {
  if (lines.length === 0) return '';
  const prose = lines.filter((l) => l.cells.length === 1);
  const measured = prose.length ? prose : lines;
  const left = least(measured.map((l) => l.x0));
  const right = most(measured.map((l) => l.x1));
  const gaps = lines
    .slice(1)
    .map((l, i) => lines[i].y - l.y)
    .filter((g) => g > 0);
  const lineStep = median(gaps) || lines[0].size * 1.3;

  const blocks: Block[] = [];
  for (const line of lines) {
    const block = blocks[blocks.length - 1];
    const prev = block?.last;
    const step = prev ? prev.y - line.y : 0;
    const close = prev !== undefined && step > 0 && step <= lineStep * 1.45 + 0.5;
    if (block?.kind === 'table' && close && block.row) {
      const merged = mergeTableContinuation(block.row, line, right);
      if (merged) {
        block.row = merged;
        block.lines[block.lines.length - 1] = merged.map((c) => c.text).join('\t');
        block.last = line;
        continue;
      }
    }
    if (line.cells.length > 1) {
      const text = line.cells.map((c) => c.text).join('\t');
      if (block?.kind === 'table' && close) {
        block.lines.push(text);
        block.row = line.cells;
        block.last = line;
      } else blocks.push({ kind: 'table', lines: [text], last: line, row: line.cells });
      continue;
    }
    const text = line.cells[0].text;
    if (block?.kind === 'para' && prev && close && continuesParagraph(prev, line, { left, right, itemText: block.itemText })) {
      appendWrapped(block.lines, text);
      block.last = line;
    } else blocks.push({ kind: 'para', lines: [text], last: line, itemText: itemTextOf(line) });
  }
  return blocks.map((b) => b.lines.join(b.kind === 'para' ? '' : '\n')).join('\n\n');
}

/** Does `next` wrap on from `prev` within one paragraph? */
function continuesParagraph(prev: Line, next: Line, page: { left: number; right: number; itemText?: number }): boolean {
  if (Math.abs(prev.size - next.size) > 0.15 * prev.size) return false; // heading vs body
  // A wrapped line under a hanging indent starts where the item's text does, right of the item's marker.
  const hanging = page.itemText !== undefined && Math.abs(next.x0 - page.itemText) <= next.size * 0.5;
  if (next.x0 > prev.x0 + prev.size * 0.75 && !hanging) return false; // first-line indent starts a paragraph
  // An item indented from the margin heads its own paragraph (a wrapped reference "(๑)" starts at the margin).
  // Two ems: a skewed scan's margin drifts about one across the page.
  if (itemTextOf(next) !== undefined && next.x0 > page.left + 2 * next.size) return false;
  const width = Math.max(1, page.right - page.left);
  const room = page.right - prev.x1;
  if (room > 0.15 * width) return false; // clearly short line: the paragraph ended
  // Would the next line's first word have fitted in the room left? Then the break was deliberate. Its width
  // counts only glyphs that advance: marks above and below a consonant take none, and counting them made
  // ตลอด (4 glyphs) look narrow enough to have fitted. The word is the run up to the first space: the Thai
  // segmenter's first word (การ of การต่างประเทศ) broke a caption's phrase on the bulletin and mended
  // nothing on the scans.
  const firstWordWidth = spacingGlyphs(next.cells[0].text.split(' ')[0]) * next.charWidth;
  return room <= firstWordWidth + prev.size * 0.3;
}

// A numbered item's marker: "(๑)", "๑.", "(ก)", "1)"; a bracket of one or two glyphs is one the OCR misread
// ("(@)" for (๕), "(ๆ" for (๔)), which the layout checks against the lines' positions.
const ITEM_MARKER = /^(?:\([^()\s]{1,2}\)?|[๐-๙0-9]{1,3}[.)]|[ก-ฮ]\))$/;

/** Where a line's item text starts, if the line starts with an item marker followed by a space. */
function itemTextOf(line: Line): number | undefined {
  const [marker, text] = line.cells[0].parts;
  return marker && text && ITEM_MARKER.test(marker.text) ? text.x0 : undefined;
}
