// Turn mammoth's HTML into plain text: one line per paragraph, tables as tab-separated rows,
// list items keep a number (mammoth drops Word's own numbering text).

const BLOCK = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'div']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

interface ListState {
  ordered: boolean;
  next: number;
}
interface TableState {
  rows: string[][];
  cell: string[] | null;
}

/** Convert HTML (as produced by mammoth.convertToHtml) to text. */
export function htmlToText(html: string): string {
  const out: string[] = []; // finished lines
  let line = '';
  const lists: ListState[] = [];
  const tables: TableState[] = [];
  const cellParts = () => tables[tables.length - 1]?.cell ?? null;

  const endLine = () => {
    const text = line.replace(/[ \t\u00A0]+/g, ' ').trim();
    line = '';
    if (text === '') return;
    const cell = cellParts();
    if (cell) cell.push(text);
    else out.push(text);
  };

  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      line += decodeEntities(m[4]).replace(/[\r\n]+/g, ' ');
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (tag === 'br') {
      if (cellParts()) line += ' ';
      else endLine();
    } else if (tag === 'ol' || tag === 'ul') {
      endLine();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', next: 1 });
    } else if (tag === 'table') {
      endLine();
      if (!closing) tables.push({ rows: [], cell: null });
      else {
        const t = tables.pop();
        const rows = (t?.rows ?? []).filter((r) => r.some((c) => c !== '')).map((r) => r.join('\t'));
        const parent = cellParts();
        if (parent) parent.push(rows.join(' '));
        else out.push(...rows);
      }
    } else if (tag === 'tr') {
      endLine();
      if (!closing) tables[tables.length - 1]?.rows.push([]);
    } else if (tag === 'td' || tag === 'th') {
      endLine();
      const t = tables[tables.length - 1];
      if (!t) continue;
      if (!closing) t.cell = [];
      else if (t.cell) {
        t.rows[t.rows.length - 1]?.push(t.cell.join(' ').replace(/\t/g, ' '));
        t.cell = null;
      }
    } else if (BLOCK.has(tag)) {
      // <li><p>…</p></li>: keep the item number on the paragraph's line.
      if (!closing && tag !== 'li' && /^(\d+\. |- )$/.test(line)) continue;
      endLine();
      if (tag === 'li' && !closing) {
        const list = lists[lists.length - 1];
        if (list) line = list.ordered ? `${list.next++}. ` : '- ';
      }
    }
  }
  endLine();
  return out.join('\n');
}
