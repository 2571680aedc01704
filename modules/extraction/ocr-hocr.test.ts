import { describe, expect, test } from 'bun:test';
import { pageFromHocr, splitHocrAndText } from './ocr-hocr.ts';
import { onBaseline } from './digit-image.ts';

// What `tesseract - - -c tessedit_create_hocr=1 -c tessedit_create_txt=1` prints for one page (trimmed): hOCR, then the text.
const OUT = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
 <body>
  <div class='ocr_page' id='page_1' title='image "-"; bbox 0 0 1688 2387; ppageno 0; scan_res 204 204'>
   <div class='ocr_carea' id='block_1_1' title="bbox 600 200 1200 380">
    <p class='ocr_par' id='par_1_1' lang='tha' title="bbox 600 200 1200 380">
     <span class='ocr_line' id='line_1_1' title="bbox 659 215 1098 260; baseline 0.011 -14; x_size 41; x_descenders 10; x_ascenders 11">
      <span class='ocrx_word' id='word_1_1' title='bbox 655 211 679 264; x_wconf 96'>ข้</span>
      <span class='ocrx_word' id='word_1_2' title='bbox 681 226 695 246; x_wconf 90'>อ</span>
      <span class='ocrx_word' id='word_1_3' title='bbox 720 226 760 246; x_wconf 84' lang='eng'>A&amp;B</span>
     </span>
     <span class='ocr_header' id='line_1_2' title="bbox 700 300 900 340; baseline 0 -5; x_size 30; x_descenders 6; x_ascenders 8">
      <span class='ocrx_word' id='word_1_4' title='bbox 700 300 760 340; x_wconf 80'>๑๒</span>
     </span>
    </p>
   </div>
  </div>
ข้อ  A&B
๑๒

 </body>
</html>
`;

describe("the tesseract command's hOCR read into tesseract.js's page shape", () => {
  const parts = splitHocrAndText(OUT);
  test('the output splits into the page hOCR and the text after it', () => {
    expect(parts?.text).toBe('ข้อ  A&B\n๑๒\n\n');
    expect(parts?.hocr).toContain("class='ocr_page'");
    expect(splitHocrAndText('tesseract said nothing')).toBeNull();
  });

  test("blocks, paragraphs, lines and words with boxes and confidences; line texts keep the text's spacing", () => {
    const page = pageFromHocr(parts!.hocr, parts!.text);
    const lines = page.blocks!.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    expect(lines.map((l) => l.text)).toEqual(['ข้อ  A&B\n', '๑๒\n\n']);
    expect(lines[0].words.map((w) => [w.text, w.bbox, w.confidence])).toEqual([
      ['ข้', { x0: 655, y0: 211, x1: 679, y1: 264 }, 96],
      ['อ', { x0: 681, y0: 226, x1: 695, y1: 246 }, 90],
      ['A&B', { x0: 720, y0: 226, x1: 760, y1: 246 }, 84],
    ]);
    expect(lines[0].bbox).toEqual({ x0: 659, y0: 215, x1: 1098, y1: 260 });
    expect(lines[0].confidence).toBe(90);
    // hOCR's `slope offset` from the bottom-left corner, as tesseract.js's two ends of the baseline
    expect(lines[0].baseline.x0).toBe(659);
    expect(lines[0].baseline.y0).toBe(246);
    expect(lines[0].baseline.y1).toBeCloseTo(246 + 0.011 * (1098 - 659), 5);
    expect(lines[0].rowAttributes).toEqual({ rowHeight: 41, descenders: 10, ascenders: 11 });
    // a heading line (ocr_header) is a line like any other
    expect(lines[1].words[0].text).toBe('๑๒');
    expect(page.text).toBe(parts!.text);
    expect(page.confidence).toBe(Math.floor((96 + 90 + 84 + 80) / 4));
    // the digit re-read's test of a glyph on the line reads the baseline
    expect(onBaseline(lines[0], { x0: 700, x1: 710, y0: 228, y1: 246 })).toBe(true);
    expect(onBaseline(lines[0], { x0: 700, x1: 710, y0: 300, y1: 320 })).toBe(false);
  });

  test('a text that does not hold the words in order: the words joined by spaces', () => {
    const page = pageFromHocr(parts!.hocr, 'something else\n');
    const lines = page.blocks!.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    expect(lines.map((l) => l.text)).toEqual(['ข้ อ A&B\n', '๑๒\n']);
  });

  test('a blank page: no blocks, no text, confidence 0', () => {
    // what tesseract 5.3 prints for a white page
    const blank = `<html>\n <body>\n  <div class='ocr_page' id='page_1' title='image "-"; bbox 0 0 200 100; ppageno 0; scan_res 300 300'>\n  </div>\n </body>\n</html>\n`;
    const split = splitHocrAndText(blank);
    expect(split?.text).toBe('');
    const page = pageFromHocr(split!.hocr, split!.text);
    expect(page.blocks).toEqual([]);
    expect(page.text).toBe('');
    expect(page.confidence).toBe(0);
  });
});
