// Our plain-text dev documents laid out as a Thai government office prints them (ระเบียบสารบรรณ style):
// A4, Sarabun (the TH Sarabun New design), centred title block with a short rule under it, centred หมวด
// headings, first-line indents, bordered tables, a signature block in the right half and "- n -" page
// numbers at the top. Only the layout an office would produce; no words are added or changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FONT_DIR = join(import.meta.dir, '..', '..', 'node_modules', '@fontsource', 'sarabun', 'files');

const fontFace = (subset: string, weight: number) => {
  const data = readFileSync(join(FONT_DIR, `sarabun-${subset}-${weight}-normal.woff2`)).toString('base64');
  return `@font-face { font-family: 'Sarabun'; font-weight: ${weight}; src: url(data:font/woff2;base64,${data}) format('woff2'); }`;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface LayoutOptions {
  /** Body size in points: 16 in regulations; announcements squeeze to 12–13.5 to stay on one page. */
  fontPt: number;
}

// Title lines are the short lines before the first paragraph (the name, "ว่าด้วย…", "พ.ศ. …", "เรื่อง …").
const TITLE_MAX = 110;
const SIGNATURE_START = /^ประกาศ ณ วันที่/;

export function documentHtml(text: string, opts: LayoutOptions): string {
  const lines = text.trimEnd().split('\n');
  const out: string[] = [];
  let i = 0;
  for (; i < lines.length && lines[i]!.length < TITLE_MAX && !/^ข้อ /.test(lines[i]!); i++) out.push(`<p class="title">${esc(lines[i]!)}</p>`);
  out.push('<div class="rule"></div>');
  while (i < lines.length) {
    const line = lines[i]!;
    if (SIGNATURE_START.test(line)) {
      out.push(`<div class="sign"><p class="date">${esc(line)}</p><br><br>`);
      for (i++; i < lines.length; i++) out.push(`<p>${esc(lines[i]!)}</p>`);
      out.push('</div>');
      break;
    }
    if (line.includes('\t')) {
      const rows: string[] = [];
      for (; i < lines.length && lines[i]!.includes('\t'); i++) {
        const tag = rows.length === 0 ? 'th' : 'td';
        rows.push(
          `<tr>${lines[i]!.split('\t')
            .map((c) => `<${tag}>${esc(c)}</${tag}>`)
            .join('')}</tr>`,
        );
      }
      out.push(`<table>${rows.join('')}</table>`);
      continue;
    }
    if (/^หมวด [๐-๙0-9]+$/.test(line)) {
      // The chapter number and its name on the next line are one centred heading.
      out.push(`<p class="chapter">${esc(line)}</p><p class="chapter">${esc(lines[i + 1] ?? '')}</p>`);
      i += 2;
      continue;
    }
    const cls = /^\([๐-๙0-9]+\)/.test(line) ? 'item' : /^[๐-๙0-9]+\. /.test(line) && line.length < 60 ? 'section' : 'para';
    out.push(`<p class="${cls}">${esc(line)}</p>`);
    i++;
  }
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>
${fontFace('thai', 400)} ${fontFace('latin', 400)} ${fontFace('thai', 700)} ${fontFace('latin', 700)}
body { font-family: 'Sarabun', 'Laksaman', serif; font-size: ${opts.fontPt}pt; line-height: 1.3; margin: 0; }
p { margin: 0; }
.title { text-align: center; font-weight: 700; }
.rule { width: 30%; margin: 0.3em auto 0.6em; border-top: 1px solid #000; }
.chapter { text-align: center; font-weight: 700; }
.chapter + .chapter { margin-bottom: 0.3em; }
.para { text-indent: 2.5cm; }
.item { padding-left: 2.5cm; text-indent: -0.6cm; }
.section { margin-top: 0.3em; padding-left: 1cm; font-weight: 700; }
table { border-collapse: collapse; margin: 0.3em auto; }
th, td { border: 1px solid #000; padding: 0 0.6em; }
.sign { margin-top: 1em; margin-left: 45%; text-align: center; break-inside: avoid; }
</style></head><body>${out.join('\n')}</body></html>`;
}

/** Chromium's header: the page number in the middle, as in government documents. */
export const HEADER = `<div style="font-size: 12pt; width: 100%; text-align: center; font-family: serif;">- <span class="pageNumber"></span> -</div>`;
/** Margins of ระเบียบสารบรรณ: 3 cm left, 2 cm right, 2.5 cm top (the page number sits inside it), 2 cm bottom. */
export const MARGIN = { top: '2.5cm', bottom: '2cm', left: '3cm', right: '2cm' };
