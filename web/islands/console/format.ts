// Display helpers of the console (pure: unit tested, identical on server and browser).

const ELLIPSIS = '…';

/**
 * Names longer than `max` are cut at the last word boundary before it (console.md §2). Thai has no
 * spaces between words, so boundaries come from Intl.Segmenter; a cut never lands mid-word unless one
 * word alone is longer than `max`.
 */
export function truncateName(name: string, max = 60): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  let cut = 0;
  const seg = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('th', { granularity: 'word' }) : null;
  if (seg) {
    let pos = 0;
    for (const s of seg.segment(name)) {
      const len = Array.from(s.segment).length;
      if (pos + len > max) break;
      pos += len;
      cut = pos;
    }
  } else {
    const space = chars.slice(0, max + 1).lastIndexOf(' ');
    cut = space > 0 ? space : 0;
  }
  if (cut < max / 2) cut = max; // one very long word: a hard cut reads better than a stub
  return chars.slice(0, cut).join('').trimEnd() + ELLIPSIS;
}

export type FileKind = 'pdf' | 'docx' | 'doc' | 'other';

/** List rows show pdf when the type or the name says PDF, otherwise docx (console.md §3). */
export function listFileType(fileType: string | null | undefined, fileName: string | null | undefined): 'pdf' | 'docx' | 'txt' {
  const t = (fileType ?? '').toLowerCase();
  const n = (fileName ?? '').toLowerCase();
  // Plain text comes from the CLI and the demo library (uploads are PDF or DOCX): say so rather than DOCX.
  if (t === 'txt') return 'txt';
  return t.includes('pdf') || n.endsWith('.pdf') ? 'pdf' : 'docx';
}

/** The view page's badge: PDF red, DOCX/DOC blue, anything else grey. */
export function fileKind(fileType: string | null | undefined, fileName?: string | null): FileKind {
  const t = `${fileType ?? ''} ${fileName ?? ''}`.toLowerCase();
  if (/pdf/.test(t)) return 'pdf';
  if (/docx|wordprocessingml/.test(t)) return 'docx';
  if (/\bdoc\b|\.doc$|msword/.test(t)) return 'doc';
  return 'other';
}

/**
 * The badge's text: PDF, DOCX, DOC, or for anything else the file's extension (a .txt reads TXT), else the MIME
 * subtype for the few plain types, else FILE. Never a cut MIME type ("text/plain" once read "TEXT/").
 */
export function fileBadgeLabel(fileType: string | null | undefined, fileName?: string | null): string {
  const kind = fileKind(fileType, fileName);
  if (kind !== 'other') return kind.toUpperCase();
  const ext = /\.([a-z0-9]{1,5})$/i.exec(fileName ?? '')?.[1];
  if (ext) return ext.toUpperCase();
  const mime = (fileType ?? '').toLowerCase();
  if (mime === 'text/plain') return 'TXT';
  if (/^[a-z0-9]{1,5}$/.test(mime)) return mime.toUpperCase();
  return 'FILE';
}

/** Fixed chip colours for the well-known categories (English or Thai names), hashed for the rest. */
const FIXED: Array<[RegExp, string]> = [
  [/^(finance|การเงิน|งบประมาณ)/i, 'finance'],
  [/^(project|โครงการ)/i, 'project'],
  [/^(template|แม่แบบ|แบบฟอร์ม|เทมเพลต)/i, 'template'],
];
const HASHED = ['violet', 'teal', 'rose', 'sky', 'lime', 'orange'] as const;

export function categoryTone(name: string | null | undefined): string {
  const n = (name ?? '').trim();
  if (!n) return 'none';
  for (const [re, tone] of FIXED) if (re.test(n)) return tone;
  let h = 0;
  for (const ch of n.toLowerCase()) h = (Math.imul(h, 31) + ch.codePointAt(0)!) | 0;
  return HASHED[Math.abs(h) % HASHED.length]!;
}

/**
 * The stored pages joined by blank lines: the editable text of the view and edit forms. Each page after
 * the first starts with a marker line ("--- หน้า 2 ---", as /api/extract writes), so saving keeps the pages.
 */
export function joinPages(pages: Array<{ pageNumber?: number; pageContent: string }> | null | undefined): string {
  if (!pages?.length) return '';
  return [...pages]
    .sort((a, b) => (a.pageNumber ?? 0) - (b.pageNumber ?? 0))
    .map((p, i) => (i === 0 ? '' : `--- หน้า ${p.pageNumber ?? i + 1} ---\n\n`) + p.pageContent.trim())
    .join('\n\n');
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

export interface CheckSpan {
  start: number;
  end: number;
  kind: string;
}

export interface TextPart {
  text: string;
  kind?: string;
}

/**
 * Splits `text` into plain and highlighted parts. Spans are offsets into the text as extracted; once the
 * admin edits it the offsets drift, so each span's original substring is searched for in order instead.
 */
export function highlightParts(text: string, original: string, spans: CheckSpan[]): TextPart[] {
  const wanted = [...spans]
    .sort((a, b) => a.start - b.start)
    .map((s) => ({ needle: original.slice(s.start, s.end), kind: s.kind }))
    .filter((s) => s.needle.trim());
  const parts: TextPart[] = [];
  let pos = 0;
  for (const w of wanted) {
    const at = text.indexOf(w.needle, pos);
    if (at < 0) continue;
    if (at > pos) parts.push({ text: text.slice(pos, at) });
    parts.push({ text: w.needle, kind: w.kind });
    pos = at + w.needle.length;
  }
  if (pos < text.length) parts.push({ text: text.slice(pos) });
  return parts;
}
