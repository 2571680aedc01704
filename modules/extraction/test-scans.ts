// Test-only scan PDFs: a strip of the fixture scan as a 1-bit image, written as CCITT G4, G3 or
// JBIG2 (generic region, MMR) into pages that are rotated, hold several images, or mix text and scan.
import { encodeCcitt, type Bitmap } from './test-ccitt.ts';
import { openRenderDocument, renderPageGrey } from './page-render.ts';
import { doc } from './test-fixtures.ts';

/** The strip holds the title and the preamble: the first lines of regulation.txt. */
export const STRIP_TEXT_LINES = 4;
// The preamble's last line ends above this row of the 300 dpi page; the next paragraph starts below.
const STRIP_END = 840;

/** The top of regulation-scan-clean300.pdf page 1 at 300 dpi, thresholded to 1 bit. */
export async function fixtureStrip(): Promise<Bitmap> {
  const pdf = await openRenderDocument(new Uint8Array(await Bun.file(doc('regulation-scan-clean300.pdf')).arrayBuffer()));
  const page = await renderPageGrey(pdf, 1);
  await pdf.loadingTask.destroy();
  const pixels = page.pgm.subarray(page.pgm.length - page.width * page.height);
  const black = new Uint8Array(page.width * page.height);
  for (let i = 0; i < black.length; i++) black[i] = pixels[i] < 160 ? 1 : 0;
  const full = { width: page.width, height: page.height, black };
  return rows(full, 0, whiteRowNear(full, STRIP_END));
}

/** Rows [from, to) of a bitmap. */
export function rows(img: Bitmap, from: number, to: number): Bitmap {
  return { width: img.width, height: to - from, black: img.black.slice(from * img.width, to * img.width) };
}

/** The all-white row nearest `y` (where a strip can be cut without cutting a text line). */
export function whiteRowNear(img: Bitmap, y: number): number {
  const white = (r: number) => img.black.subarray(r * img.width, (r + 1) * img.width).every((v) => v === 0);
  for (let d = 0; d < img.height; d++) {
    if (y + d < img.height && white(y + d)) return y + d;
    if (y - d >= 0 && white(y - d)) return y - d;
  }
  return y;
}

export interface PdfImage {
  dict: string;
  data: Uint8Array;
  width: number;
  height: number;
}

export function ccittImage(img: Bitmap, k: -1 | 0, opts: { invert?: boolean } = {}): PdfImage {
  // invert: the bits say 1 = black (BlackIs1) and the Decode array flips them back; readers must apply both.
  const parms = `<< /K ${k} /Columns ${img.width} /Rows ${img.height}${k === 0 ? ' /EndOfLine true' : ''}${opts.invert ? ' /BlackIs1 true' : ''} >>`;
  const decode = opts.invert ? ' /Decode [1 0]' : '';
  return {
    dict: `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceGray /BitsPerComponent 1${decode} /Filter /CCITTFaxDecode /DecodeParms ${parms}`,
    data: encodeCcitt(img, k),
    width: img.width,
    height: img.height,
  };
}

/**
 * An embedded JBIG2 stream (T.88 annex D.3, no file header): page information, one immediate lossless
 * generic region coded with MMR (its data is T.6 G4 without EOFB), end of page.
 */
export function jbig2Image(img: Bitmap): PdfImage {
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const segment = (n: number, type: number, data: number[]) => [...u32(n), type, 0, 1, ...u32(data.length), ...data];
  const mmr = Array.from(encodeCcitt(img, -1, false));
  const pageInfo = [...u32(img.width), ...u32(img.height), ...u32(0), ...u32(0), 0, 0, 0];
  const region = [...u32(img.width), ...u32(img.height), ...u32(0), ...u32(0), 0, 1, ...mmr];
  const data = Uint8Array.from([...segment(0, 48, pageInfo), ...segment(1, 38, region), ...segment(2, 49, [])]);
  return {
    dict: `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode`,
    data,
    width: img.width,
    height: img.height,
  };
}

export interface PdfPageSpec {
  /** Page size in points. */
  width: number;
  height: number;
  rotate?: 0 | 90 | 180 | 270;
  /** Helvetica at the top, a line for each line of the text (Thai too: its text layer reads back as written). */
  text?: string;
  /** Each image with the matrix placing its unit square (PDF `cm`). */
  images?: Array<{ image: PdfImage; matrix: number[] }>;
}

/** Place an image at `dpi` with its top-left corner `top` points below the top of a page `pageHeight` tall. */
export function at(image: PdfImage, dpi: number, pageHeight: number, top = 0): { image: PdfImage; matrix: number[] } {
  const w = (image.width * 72) / dpi;
  const h = (image.height * 72) / dpi;
  return { image, matrix: [w, 0, 0, h, 0, pageHeight - top - h] };
}

export function buildScanPdf(pages: PdfPageSpec[]): Uint8Array {
  const enc = new TextEncoder();
  const objects: Uint8Array[][] = [];
  const add = (parts: Array<string | Uint8Array>) => {
    objects.push(parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p)) as Uint8Array[]);
    return objects.length;
  };
  const stream = (dict: string, data: Uint8Array | string) => {
    const bytes = typeof data === 'string' ? enc.encode(data) : data;
    return add([`<< ${dict} /Length ${bytes.length} >>\nstream\n`, bytes, '\nendstream']);
  };
  add(['<< /Type /Catalog /Pages 2 0 R >>']);
  add(['']); // page tree, filled in below
  const font = add(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>']);
  // Thai text layers without embedding a Thai font: one byte code per character, and a ToUnicode map that gives
  // the text back (the glyphs drawn are whatever Helvetica has at those codes; only the layer is read).
  // A space keeps code 32 (pdf.js spaces words by it); the rest get the printable codes from 33 up.
  const thai = pages.flatMap((p) => (/[^\x00-\xff]/.test(p.text ?? '') ? [...p.text!.replace(/[\n ]/g, '')] : []));
  const chars = [...new Set(thai)];
  if (chars.length > 255 - 33) throw new Error('too many distinct characters for a one-byte font');
  const codes = chars.length > 0 ? new Map([[' ', 32], ...chars.map((ch, i) => [ch, i + 33] as [string, number])]) : null;
  const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Test-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${chars.length + 1} beginbfchar`,
    ...[...(codes ?? [])].map(([ch, code]) => `<${hex(code, 2)}> <${hex(ch.charCodeAt(0), 4)}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  // Marks above and below a letter take no width; a line of a long clause still fits the page.
  const width = (code: number) => (/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(chars[code - 33] ?? '') ? 0 : 300);
  const widths = `/FirstChar 32 /LastChar 255 /Widths [${Array.from({ length: 224 }, (_, i) => width(i + 32)).join(' ')}]`;
  const mappedFont = codes && add([`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica ${widths} /ToUnicode ${stream('', cmap)} 0 R >>`]);
  const fonts = `/F1 ${font} 0 R${mappedFont ? ` /F2 ${mappedFont} 0 R` : ''}`;
  const kids: number[] = [];
  for (const p of pages) {
    const xobjects: string[] = [];
    let content = '';
    (p.images ?? []).forEach(({ image, matrix }, i) => {
      xobjects.push(`/Im${i} ${stream(image.dict, image.data)} 0 R`);
      content += `q ${matrix.join(' ')} cm /Im${i} Do Q\n`;
    });
    // Lines of `text` run down the page, 14 pt apart; text beyond Latin-1 is written with the mapped font.
    const mapped = codes !== null && /[^\x00-\xff]/.test(p.text ?? '');
    const show = (line: string) =>
      mapped ? `<${[...line].map((ch) => codes!.get(ch)!.toString(16).padStart(2, '0')).join('')}> Tj` : `(${line.replace(/[()\\]/g, '')}) Tj`;
    const lines = (p.text ?? '').split('\n').map(show);
    if (p.text) content += `BT /F${mapped ? 2 : 1} 10 Tf 30 ${p.height - 60} Td${lines.length > 1 ? ' 14 TL' : ''} ${lines.join(' T* ')} ET\n`;
    const contents = stream('', content);
    const rotate = p.rotate ? ` /Rotate ${p.rotate}` : '';
    kids.push(
      add([
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.width} ${p.height}]${rotate} /Resources << /Font << ${fonts} >> /XObject << ${xobjects.join(' ')} >> >> /Contents ${contents} 0 R >>`,
      ]),
    );
  }
  objects[1] = [enc.encode(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`)];
  const chunks: Uint8Array[] = [enc.encode('%PDF-1.5\n')];
  let length = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((parts, i) => {
    offsets.push(length);
    for (const c of [enc.encode(`${i + 1} 0 obj\n`), ...parts, enc.encode('\nendobj\n')]) {
      chunks.push(c);
      length += c.length;
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(enc.encode(tail));
  return Buffer.concat(chunks);
}
