import { describe, expect, test } from 'bun:test';
import { viewerPath } from '../../../contracts/viewer-path';
import { findPassage } from './passage';

const pages = [
  { page: 1, content: 'ข้อ ๑ ระเบียบนี้เรียกว่า ระเบียบมหาวิทยาลัยว่าด้วยการลงทะเบียน' },
  { page: 2, content: 'ข้อ ๕ นักศึกษาต้องลงทะเบียนเรียน\nภายในระยะเวลาที่กำหนดในปฏิทินการศึกษา หากพ้นกำหนด' },
  { page: 3, content: 'ต้องชำระค่าปรับตามอัตราที่มหาวิทยาลัยประกาศ\nข้อ ๖ การเพิ่มถอนรายวิชา' },
];
const anchors = (quote: string) => {
  const q = new URL(viewerPath('d', 2, quote), 'http://x').searchParams;
  return [q.get('from')!, q.get('to')] as const;
};

describe('findPassage', () => {
  test('a short quote is found whole on its page, whatever its spacing', () => {
    const [from, to] = anchors('นักศึกษาต้องลงทะเบียนเรียน ภายในระยะเวลาที่กำหนด');
    expect(to).toBeNull();
    const p = findPassage(pages, 2, from, to);
    const text = 'นักศึกษาต้องลงทะเบียนเรียน\nภายในระยะเวลาที่กำหนด';
    expect(p?.text).toBe(text);
    expect(p?.ranges).toEqual([{ page: 2, start: 6, end: 6 + text.length }]);
  });

  test('a long quote is found by its first and last characters, across the page break', () => {
    const quote = 'ข้อ ๕ นักศึกษาต้องลงทะเบียนเรียนภายในระยะเวลาที่กำหนดในปฏิทินการศึกษา หากพ้นกำหนด ต้องชำระค่าปรับตามอัตราที่มหาวิทยาลัยประกาศ';
    const [from, to] = anchors(quote);
    expect(to).not.toBeNull();
    const p = findPassage(pages, 2, from, to);
    expect(p?.ranges.map((r) => r.page)).toEqual([2, 3]);
    expect(p?.ranges[1]).toEqual({ page: 3, start: 0, end: 'ต้องชำระค่าปรับตามอัตราที่มหาวิทยาลัยประกาศ'.length });
    expect(p?.text.replace(/\s+/g, '')).toBe(quote.replace(/\s+/g, ''));
  });

  test('a passage over three pages (a short one between) is found from its first, and marked on each', () => {
    const three = [
      { page: 4, content: 'ข้อ ๑๓ ในกรณีมีปัญหาในการดำเนินการตามประกาศนี้ ให้คณบดีมีอำนาจวินิจฉัยชี้ขาด' },
      { page: 5, content: 'ประกาศ ณ วันที่ ๑ ตุลาคม พ.ศ. ๒๕๖๓' },
      { page: 6, content: '(นายจิระศักดิ์ ธาระจักร์)\nคณบดีคณะวิทยาศาสตร์และเทคโนโลยี' },
    ];
    const [from, to] = anchors(three.map((p) => p.content).join(' '));
    expect(findPassage(three, 4, from, to)?.ranges.map((r) => r.page)).toEqual([4, 5, 6]);
  });

  test('a passage that does not start on the cited page is not found', () => {
    expect(findPassage(pages, 2, 'ต้องชำระค่าปรับตามอัตรา')).toBeNull();
    expect(findPassage(pages, 9, 'ข้อ ๕')).toBeNull();
  });
});
