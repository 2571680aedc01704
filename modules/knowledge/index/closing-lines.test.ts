import { describe, expect, test } from 'bun:test';
import { chunkDocument } from './chunker.ts';
import { CLOSING_HEADING, startsClosing } from './closing-lines.ts';

const lines = (...texts: string[]) => texts.map((text) => ({ text, page: 1 }));

describe('startsClosing', () => {
  const cases: [string, string[], number, boolean][] = [
    ['the date of issue', ['ประกาศ ณ วันที่ ๑๕ มีนาคม พ.ศ. ๒๕๖๗'], 0, true],
    ['an order', ['สั่ง ณ วันที่ 3 มิถุนายน 2562'], 0, true],
    ['OCR without the tone mark', ['ประกาศ ณ วันที ๒๘ ตุลาคม'], 0, true],
    ['the date of effect right before it', ['ประกาศนี้ใช้บังคับตั้งแต่วันที่ ๑ ตุลาคม พ.ศ. ๒๕๖๓ เป็นต้นไป', 'ประกาศ ณ วันที่ ๒๘ ตุลาคม'], 0, true],
    ['two lead-in lines', ['ทั้งนี้ ตั้งแต่บัดนี้เป็นต้นไป', 'จึงประกาศมาเพื่อทราบโดยทั่วกัน', 'ประกาศ ณ วันที่ ๑ มิถุนายน'], 0, true],
    ['a date of effect with no date of issue after it', ['ทั้งนี้ ตั้งแต่บัดนี้เป็นต้นไป', '(นายสมชาย ใจดี)'], 0, false],
    ['a clause stating its date of effect', ['ข้อ ๒ ข้อบังคับนี้ให้ใช้บังคับตั้งแต่ปีการศึกษา ๒๕๕๙', 'ประกาศ ณ วันที่ ๑'], 0, false],
    ["a clause's text naming the date of issue", ['ให้ยื่นคำร้องภายในวันที่ประกาศ ณ วันที่ ๑'], 0, false],
  ];
  for (const [name, texts, at, expected] of cases) test(name, () => expect(startsClosing(lines(...texts), at)).toBe(expected));
});

describe("a regulation's closing in the chunker", () => {
  const page2 = 'ข้อ ๑๒ คณะมอบหมายภาระงานให้คณาจารย์\nข้อ ๑๓ ในกรณีที่มีปัญหา ให้คณบดีมีอำนาจวินิจฉัยชี้ขาด\n/ประกาศนี...';
  const page3 = 'ประกาศนี้ใช้บังคับตั้งแต่วันที่ ๑ ตุลาคม พ.ศ. ๒๕๖๓ เป็นต้นไป\nประกาศ ณ วันที่ ๒๘ ตุลาคม พ.ศ. ๒๕๖๓\n(นายจิระศักดิ์ ธาระจักร์)\nคณบดีคณะวิทยาศาสตร์และเทคโนโลยี';
  const chunks = chunkDocument({ title: 'หลักเกณฑ์ภาระงาน', pages: [{ page: 2, text: page2 }, { page: 3, text: page3 }] });

  test('is its own passage, cited at the page it stands on, with its signer', () => {
    const closing = chunks.find((c) => c.headingPath.at(-1) === CLOSING_HEADING);
    expect(closing?.page).toBe(3);
    expect(closing?.text).toStartWith('ประกาศนี้ใช้บังคับตั้งแต่วันที่ ๑ ตุลาคม');
    expect(closing?.text).toContain('(นายจิระศักดิ์ ธาระจักร์)\nคณบดีคณะวิทยาศาสตร์และเทคโนโลยี');
  });

  test('is no longer part of the last clause', () => {
    const last = chunks.find((c) => c.headingPath.at(-1) === 'ข้อ ๑๓');
    expect(last?.text).not.toContain('ใช้บังคับ');
    expect(last?.text).not.toContain('จิระศักดิ์');
  });

  test('a document with no clauses keeps its closing in its text', () => {
    const notice = chunkDocument({ title: 'ประกาศ', pages: [{ page: 1, text: `ขอเชิญนักศึกษาเข้าร่วมงาน\n${page3}` }] });
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('จิระศักดิ์');
  });
});

describe('what follows a closing is none of it', () => {
  const clause = 'ข้อ ๗ ให้อธิการบดีรักษาการตามประกาศนี้';
  const closing = 'ประกาศ ณ วันที่ ๒๐ เมษายน พ.ศ. ๒๕๖๙\n(รองศาสตราจารย์สมชาย ใจดี)\nอธิการบดี';
  test('a page after it (a form, a table) is not under its heading', () => {
    const pages = [{ page: 1, text: clause }, { page: 2, text: closing }, { page: 3, text: 'เกณฑ์มาตรฐานภาษาอังกฤษสำหรับนักศึกษา\nระดับ B1 คะแนน 42' }];
    const chunks = chunkDocument({ title: 'T', pages });
    const table = chunks.find((c) => c.text.includes('เกณฑ์มาตรฐานภาษาอังกฤษ'));
    expect(table?.headingPath).not.toContain(CLOSING_HEADING);
    expect(table?.page).toBe(3);
    expect(chunks.find((c) => c.headingPath.at(-1) === CLOSING_HEADING)?.text).not.toContain('เกณฑ์');
  });
  test("a clause after it on its page is a clause, not under the closing's heading", () => {
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text: clause }, { page: 2, text: `${closing}\nข้อ ๑ ทุนการศึกษาระดับปริญญาโท` }] });
    expect(chunks.find((c) => c.text.includes('ทุนการศึกษา'))?.headingPath).toEqual(['T', 'ข้อ ๑']);
  });
  test("a closing on the page its clause started on stays that clause's text", () => {
    const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text: `ข้อ ๖ ให้ใช้ประกาศนี้\n${clause}\n${closing}` }] });
    expect(chunks.map((c) => c.headingPath.at(-1))).toEqual(['ข้อ ๖', 'ข้อ ๗']);
    expect(chunks[1]!.text).toContain('ประกาศ ณ วันที่ ๒๐ เมษายน');
  });
});
