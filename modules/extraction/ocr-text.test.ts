import { describe, expect, test } from 'bun:test';
import type { Page } from 'tesseract.js';
import { fixThaiOcrMisreads, ocrPageText, splitRunOnItems } from './ocr-text.ts';

/** A tesseract-shaped page: one line per entry, each token a word boxed left to right at 40 px a character. */
function page(lines: string[]): Page {
  return {
    text: lines.join('\n'),
    blocks: [
      {
        paragraphs: [
          {
            lines: lines.map((text, i) => {
              let x = 100;
              const words = text.split(' ').map((t) => {
                const bbox = { x0: x, x1: x + 40 * t.length, y0: 100 + i * 150, y1: 145 + i * 150 };
                x = bbox.x1 + 15;
                return { text: t, bbox, confidence: 90, symbols: [] };
              });
              return { text, words, bbox: { x0: 100, x1: x, y0: 100 + i * 150, y1: 145 + i * 150 }, confidence: 90 };
            }),
          },
        ],
      },
    ],
  } as unknown as Page;
}

// A line wider than the others sets the text width, so the short lines above end their paragraphs.
const WIDE = 'บรรดาข้อบังคับ ระเบียบ ประกาศ หรือคำสั่งอื่นใดที่ขัดหรือแย้งกับข้อบังคับนี้ ให้ใช้ข้อบังคับนี้แทน ทั้งนี้ตั้งแต่วันถัดจากวันประกาศ';

describe('OCR page text', () => {
  test('dust read as a lone mark at either end of a line is dropped, so a clause heading starts its paragraph', () => {
    const text = ocrPageText(page(['. ข้อ ๑๗ อักษรลำดับขั้นที่ไม่มีค่าระดับคะแนน |', "'ข้อ ๑๓ นักศึกษาที่ทุจริตในการสอบ", '.อาศัยอำนาจตามความในมาตรา ๑๘', WIDE]));
    const lines = text.split(/\n+/);
    expect(lines[0]).toStartWith('ข้อ ๑๗ อักษร');
    expect(lines[0]).toEndWith('คะแนน');
    expect(text).toContain('\nข้อ ๑๓ นักศึกษา');
    expect(text).toContain('อาศัยอำนาจ');
    expect(text).not.toMatch(/[.'|] ?(ข้อ|อาศัย)/);
  });

  test('on a page numbered in Thai digits, dust read as a zero at a line end or a quote before a word is dropped', () => {
    const lines = ["ข้อ ๘ 'นักศึกษาต้องไม่กระทำการ ๑๒๓๔๕", 'ให้นักศึกษาแต่งเครื่องแบบทุกกรณี 0', 'ได้คะแนนคืนถึง ๖๐ คะแนน - 0', 'ทำทัณฑ์บน 0]', WIDE];
    const text = ocrPageText(page(lines));
    expect(text).toContain('ข้อ ๘ นักศึกษา');
    expect(text).toContain('ทุกกรณี');
    expect(text).not.toMatch(/[0']/);
    // Arabic numbers on the page, a closed quote, a zero after a number: text
    expect(ocrPageText(page(['คะแนนรวม 0', 'ห้อง 12 ชั้น 3', WIDE]))).toContain('คะแนนรวม 0');
    const quoted = ocrPageText(page(["คำว่า 'ผู้พัก' หมายความว่า ๑๒๓๔๕", 'ลำดับ ๑๐ 0', WIDE]));
    expect(quoted).toContain("'ผู้พัก'");
    expect(ocrPageText(page(["คำว่า 'หอพัก นักศึกษา' หมายความว่า ๑๒๓๔๕", WIDE]))).toContain("'หอพัก นักศึกษา'");
    expect(quoted).toContain('๑๐ 0');
  });

  test('punctuation that belongs to the text stays: dates, abbreviations, quotes', () => {
    const text = ocrPageText(page(['“ผู้พัก” หมายความว่า นักศึกษา', 'ประกาศ ณ วันที่ ๑ เมษายน พ.ศ. ๒๕๖๘', 'เวลา ๐๘.๐๐ น.']));
    expect(text).toContain('“ผู้พัก”');
    expect(text).toContain('พ.ศ. ๒๕๖๘');
    expect(text).toContain('๐๘.๐๐ น.');
  });

  test('บาท read as um / UW after an amount in a Thai line is the currency again', () => {
    expect(fixThaiOcrMisreads('หลักสูตรนานาชาติ ๑๕,๐๐๐ UW”')).toBe('หลักสูตรนานาชาติ ๑๕,๐๐๐ บาท”');
    expect(fixThaiOcrMisreads('และค่าธรรมเนียม จำนวน ๑๐ UM')).toBe('และค่าธรรมเนียม จำนวน ๑๐ บาท');
    expect(fixThaiOcrMisreads('เหมาจ่ายภาคเรียนละ 7,500 um\n- หลักสูตร')).toBe('เหมาจ่ายภาคเรียนละ 7,500 บาท\n- หลักสูตร');
    // English text, a word that begins so, and a unit with no Thai before it on its line stay
    for (const text of ['pore size 5 um', 'ค่าปรับ\n5 um filter', 'ห้อง ๒ UMBRELLA', 'ขนาด 12 mm']) expect(fixThaiOcrMisreads(text)).toBe(text);
  });

  test('พ.ศ. read as "WA." before a garbled year after Thai text is the era again; its year is left as read', () => {
    expect(fixThaiOcrMisreads('มหาวิทยาลัยศรีชลธาร WA. Ed. ประกอบกับ')).toBe('มหาวิทยาลัยศรีชลธาร พ.ศ. Ed. ประกอบกับ');
    expect(fixThaiOcrMisreads('ราชภัฏ W.A. bdo ให้')).toBe('ราชภัฏ พ.ศ. bdo ให้');
    for (const text of ['WA. Ed. Smith', 'รัฐ WA 98101', 'ส่งที่ WASH ก']) expect(fixThaiOcrMisreads(text)).toBe(text);
  });

  test("a word's start read twice across a box boundary is read once", () => {
    expect(fixThaiOcrMisreads('เวลาเปิดให้บริการ สิ สิทธิ์การยืม')).toBe('เวลาเปิดให้บริการ สิทธิ์การยืม');
    expect(fixThaiOcrMisreads('เว้ เว้นแต่ย้ายออก')).toBe('เว้นแต่ย้ายออก');
    expect(fixThaiOcrMisreads('ระงับ จ จะไม่ได้รับ')).toBe('ระงับ จะไม่ได้รับ');
    // no Thai word starts with sara a: the echo of the one before it, or a stray
    expect(fixThaiOcrMisreads('ผู้พักที่ประสงค์จะย้ายออกระ ะหว่างภาคการศึกษา')).toBe('ผู้พักที่ประสงค์จะย้ายออกระหว่างภาคการศึกษา');
    expect(fixThaiOcrMisreads('ลงทะเบียนเรียน ะรายวิชานั้น')).toBe('ลงทะเบียนเรียน รายวิชานั้น');
  });

  test('words that merely repeat, numbers and whole words before a longer one stay', () => {
    for (const text of ['ข้อ ๑ ๑๐ วัน', 'ผู้ที่ ที่ประชุม', 'ระหว่าง ๕ ถึง ๕๐', 'ประกาศ ณ วันที่ ๑ เมษายน', 'ชำระ ระหว่างวัน']) expect(fixThaiOcrMisreads(text)).toBe(text);
  });

  test("a numbered item run on into the previous item's paragraph heads its own again", () => {
    const run = 'ข้อ ๑๒ การกระทำดังต่อไปนี้ถือเป็นการทุจริตในการสอบ\n\n(๑) ลอกคำตอบของผู้อื่น (๒) นำสิ่งของต้องห้ามตามข้อ ๘ เข้าไปในห้องสอบ (๓) เข้าสอบแทนผู้อื่น';
    expect(splitRunOnItems(run)).toBe(
      'ข้อ ๑๒ การกระทำดังต่อไปนี้ถือเป็นการทุจริตในการสอบ\n\n(๑) ลอกคำตอบของผู้อื่น\n\n(๒) นำสิ่งของต้องห้ามตามข้อ ๘ เข้าไปในห้องสอบ\n\n(๓) เข้าสอบแทนผู้อื่น',
    );
  });

  test('cross-references to items stay inside their sentence', () => {
    for (const text of [
      '(๑) ว่ากล่าวตักเตือน ทั้งนี้ ผู้พักที่ฝ่าฝืนข้อ ๘ (๒) ให้ลงโทษตาม (๓) ได้ทันที',
      '(๑) สิ่งของตาม (๒) และ (๓) ให้นำไปวางไว้หน้าห้องสอบ',
      'สิ่งของตาม (๑) และ (๒) ให้นำไปวางไว้',
    ])
      expect(splitRunOnItems(text)).toBe(text);
  });
});
