import { safeHref } from '../../../lib/safe-href';

// A small Markdown subset for assistant answers, parsed to plain data and rendered as React elements
// (Markdown.tsx). Model text is never turned into HTML: tags stay literal text, links are limited to
// http(s) and same-site paths.

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'strong'; c: Inline[] }
  | { t: 'em'; c: Inline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: Inline[] };

export type Block =
  | { t: 'heading'; level: 1 | 2 | 3 | 4; c: Inline[] }
  | { t: 'p'; lines: Inline[][] }
  | { t: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { t: 'code'; v: string }
  | { t: 'quote'; lines: Inline[][] }
  | { t: 'hr' };

export { safeHref };

// [text](url) | **strong** | `code` | _em_ | bare http(s) URL | bare same-site document path
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+?)\*\*|`([^`\n]+)`|(?<![\w])_([^_\n]+)_(?![\w])|(https?:\/\/[^\s<>()\]]+[^\s<>()\].,;:!?'"])|((?<![\w/])\/(?:ai-)?api\/(?:files|drafts)\/[\w-]+\/download)/g;

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of src.matchAll(INLINE)) {
    if (m.index! > last) out.push({ t: 'text', v: src.slice(last, m.index) });
    last = m.index! + m[0].length;
    if (m[1] !== undefined) {
      const href = safeHref(m[2]!);
      out.push(href ? { t: 'link', href, c: parseInline(m[1]) } : { t: 'text', v: m[1] });
    } else if (m[3] !== undefined) out.push({ t: 'strong', c: parseInline(m[3]) });
    else if (m[4] !== undefined) out.push({ t: 'code', v: m[4] });
    else if (m[5] !== undefined) out.push({ t: 'em', c: parseInline(m[5]) });
    else {
      const url = m[6] ?? m[7]!;
      out.push({ t: 'link', href: url, c: [{ t: 'text', v: url }] });
    }
  }
  if (last < src.length) out.push({ t: 'text', v: src.slice(last) });
  return out;
}

const HEADING = /^(#{1,4})\s+(.*)$/;
const BULLET = /^\s*[-•+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;
const HR = /^\s*(?:-{3,}|_{3,}|={3,})\s*$/;

export function parseMarkdown(src: string): Block[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: Inline[][] = [];
  const flush = () => {
    if (para.length) blocks.push({ t: 'p', lines: para });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      flush();
      const body: string[] = [];
      while (++i < lines.length && !/^\s*```/.test(lines[i]!)) body.push(lines[i]!);
      blocks.push({ t: 'code', v: body.join('\n') });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      blocks.push({ t: 'heading', level: h[1]!.length as 1 | 2 | 3 | 4, c: parseInline(h[2]!.replace(/\s#+\s*$/, '')) });
      continue;
    }
    if (HR.test(line)) {
      flush();
      blocks.push({ t: 'hr' });
      continue;
    }
    const b = BULLET.exec(line);
    const o = b ? null : ORDERED.exec(line);
    if (b || o) {
      flush();
      const ordered = !!o;
      const prev = blocks[blocks.length - 1];
      const item = parseInline((b ? b[1] : o![2])!);
      if (prev?.t === 'list' && prev.ordered === ordered) prev.items.push(item);
      else blocks.push({ t: 'list', ordered, start: o ? Number(o[1]) : 1, items: [item] });
      continue;
    }
    if (/^\s*>\s?/.test(line)) {
      flush();
      const prev = blocks[blocks.length - 1];
      const content = parseInline(line.replace(/^\s*>\s?/, ''));
      if (prev?.t === 'quote') prev.lines.push(content);
      else blocks.push({ t: 'quote', lines: [content] });
      continue;
    }
    // a wrapped line right after a list item continues that item
    const prev = blocks[blocks.length - 1];
    if (!para.length && prev?.t === 'list' && /^\s{2,}\S/.test(line)) {
      prev.items[prev.items.length - 1]!.push({ t: 'text', v: ' ' }, ...parseInline(line.trim()));
      continue;
    }
    para.push(parseInline(line));
  }
  flush();
  return blocks;
}
