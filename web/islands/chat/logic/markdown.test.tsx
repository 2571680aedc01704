import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseInline, parseMarkdown, safeHref } from './markdown';
import { Markdown } from '../Markdown';

const html = (md: string) => renderToStaticMarkup(<Markdown text={md} />);

describe('safe Markdown', () => {
  test('structure: headings, paragraphs, lists, bold, links', () => {
    const out = html('## ขั้นตอน\nย่อหน้า **สำคัญ**\n\n- หนึ่ง\n- สอง\n\n1. ก\n2. ข\n\nดู [ระเบียบ](https://example.ac.th/r) ได้');
    expect(out).toContain('<h3>ขั้นตอน</h3>');
    expect(out).toContain('<p>ย่อหน้า <strong>สำคัญ</strong></p>');
    expect(out).toContain('<ul><li>หนึ่ง</li><li>สอง</li></ul>');
    expect(out).toContain('<ol start="1"><li>ก</li><li>ข</li></ol>');
    expect(out).toContain('href="https://example.ac.th/r"');
  });
  test('HTML and script in model text stay inert text', () => {
    const out = html('<script>alert(1)</script> <img src=x onerror=alert(1)> **<b>x</b>**');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
  test('only http(s) and same-site links become links', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('/api/files/a/download')).toBe('/api/files/a/download');
    expect(safeHref('https://x.th/a')).toBe('https://x.th/a');
    // a browser reads "\\" as "/" and drops tabs and newlines inside URLs: all of these leave the site
    for (const offSite of ['/\\evil.example/x', '\\\\evil.example', '\\evil.example', '/\t/evil.example', '/\n/evil.example', ' //evil.example', 'http:/\\evil']) expect(safeHref(offSite)).toBeNull();
    expect(safeHref('./relative')).toBeNull();
    const out = html('[click](javascript:alert(1)) [ok](/guide)');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('click');
    expect(out).toContain('href="/guide"');
  });
  test('links to documents render as download links', () => {
    const out = html('แบบฟอร์ม: [แบบขออนุมัติ](/api/files/f1/download) และ https://x.ac.th/form.xlsx');
    expect(out).toContain('class="doc-link" href="/api/files/f1/download" download=""');
    expect(out).toContain('href="https://x.ac.th/form.xlsx" download=""');
  });
  test('bare URLs lose trailing punctuation; code spans are literal', () => {
    expect(parseInline('ดู https://a.th/x.')).toEqual([
      { t: 'text', v: 'ดู ' },
      { t: 'link', href: 'https://a.th/x', c: [{ t: 'text', v: 'https://a.th/x' }] },
      { t: 'text', v: '.' },
    ]);
    expect(parseInline('`**x**`')).toEqual([{ t: 'code', v: '**x**' }]);
  });
  test('code fences and quotes', () => {
    expect(parseMarkdown('```\n<b>raw</b>\n```\n> quoted')).toEqual([
      { t: 'code', v: '<b>raw</b>' },
      { t: 'quote', lines: [[{ t: 'text', v: 'quoted' }]] },
    ]);
  });
});
