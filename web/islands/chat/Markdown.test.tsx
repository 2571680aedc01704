import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from './Markdown';
import { safeHref } from '../../lib/safe-href';

/** the hosts the server hands the chat (PUBLIC_URL's and ANSWER_LINK_HOSTS) */
const HOSTS = ['askreg.example.ac.th', 'example.ac.th', 'x.ac.th', 'x.th'];
const html = (md: string, linkHosts: string[] = HOSTS) => renderToStaticMarkup(<Markdown text={md} linkHosts={linkHosts} />);

describe('answers as Markdown', () => {
  test('structure: headings, paragraphs with line breaks, lists, bold, links', () => {
    const out = html('## ขั้นตอน\nย่อหน้า **สำคัญ**\nบรรทัดต่อมา\n\n- หนึ่ง\n- สอง\n\n1. ก\n2. ข\n\nดู [ระเบียบ](https://example.ac.th/r) ได้');
    expect(out).toContain('<h3>ขั้นตอน</h3>');
    expect(out).toContain('<p>ย่อหน้า <strong>สำคัญ</strong><br/>บรรทัดต่อมา</p>');
    expect(out).toContain('<ul><li>หนึ่ง</li><li>สอง</li></ul>');
    expect(out).toContain('<ol start="1"><li>ก</li><li>ข</li></ol>');
    expect(out).toContain('href="https://example.ac.th/r"');
  });

  test('GitHub-style tables keep their header with every row, and nested lists stay nested', () => {
    const out = html(
      '| รายการ | จำนวนเงิน (บาท) |\n|---|---:|\n| ค่าอาหาร | 12,000 |\n| ค่าเดินทาง | 8,000 |\n\n- งบประมาณ\n  - ไม่เกิน ๒๐,๐๐๐ บาท: คณบดี\n  - เกิน ๒๐,๐๐๐ บาท: รองอธิการบดี\n- เอกสาร',
    );
    expect(out).toContain('<th scope="col">รายการ</th>');
    expect(out).toContain('<th scope="col" style="text-align:right">จำนวนเงิน (บาท)</th>');
    expect(out).toContain('<tr><td>ค่าอาหาร</td><td style="text-align:right">12,000</td></tr>');
    expect(out).not.toContain('|');
    expect(out).toMatch(/<li>งบประมาณ<ul><li>ไม่เกิน ๒๐,๐๐๐ บาท: คณบดี<\/li><li>เกิน ๒๐,๐๐๐ บาท: รองอธิการบดี<\/li><\/ul><\/li><li>เอกสาร<\/li>/);
  });

  test('HTML and script in model text stay inert, visible text', () => {
    const out = html('<script>alert(1)</script>\n\nข้อความ <img src=x onerror=alert(1)> **<b>x</b>** & "อ้างอิง"');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&amp; &quot;อ้างอิง&quot;');
  });

  test('only http(s) and same-site links become links (the one link filter)', () => {
    const out = html('[click](javascript:alert(1)) [ok](/guide) [off](/\\\\evil.example) ![pic](https://x.th/p.png)');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('click');
    expect(out).toContain('href="/guide"');
    expect(out).not.toContain('evil.example"');
    expect(out).not.toContain('<img');
    expect(safeHref('/\\evil.example')).toBeNull();
  });

  test('links to documents render as download links, bare document paths and URLs too', () => {
    const out = html('แบบฟอร์ม: [แบบขออนุมัติ](/api/files/f1/download) และ https://x.ac.th/form.xlsx หรือ /api/files/f2/download');
    expect(out).toContain('class="doc-link" href="/api/files/f1/download" download=""');
    expect(out).toContain('href="https://x.ac.th/form.xlsx" download=""');
    expect(out).toContain('class="doc-link" href="/api/files/f2/download" download=""');
  });

  test('code spans and fences are literal', () => {
    expect(html('`**x**`')).toContain('<code>**x**</code>');
    expect(html('```\n<b>raw</b>\n```')).toContain('<pre><code>&lt;b&gt;raw&lt;/b&gt;</code></pre>');
  });

  test('links to hosts outside the list are their words, not links, however written (issue 34 finding 11)', () => {
    const out = html(
      'ชำระที่ [เว็บชำระ](https://evil.example/pay) หรือ https://evil.example/a หรือ <https://evil.example/b> หรือ www.evil.example/c [r][1]\n\n[1]: https://evil.example/d',
    );
    expect(out).not.toContain('href="https://evil');
    expect(out).not.toContain('href="http://www.evil');
    expect(out).toContain('เว็บชำระ');
    expect(html('[ระบบทะเบียน](https://reg.example.ac.th/fees)')).toContain('href="https://reg.example.ac.th/fees"');
    // no list from the server: only same-site links
    expect(html('[a](https://example.ac.th/x) [b](/api/files/f1/download)', [])).not.toContain('href="https://');
    expect(html('[a](https://example.ac.th/x) [b](/api/files/f1/download)', [])).toContain('href="/api/files/f1/download"');
  });
});
