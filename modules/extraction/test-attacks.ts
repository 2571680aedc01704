// Hostile files from issue 19 (finding 1), generated at any size so tests stay small and the attack bench
// (scripts/bench/attack-files.ts) can send the full-size ones. Nothing large is committed.
import { createDeflate } from 'node:zlib';
import { buildZip } from './test-fixtures.ts';

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** A PDF from object bodies (1-based object numbers in order), with a correct xref table. */
function pdfOf(objects: Array<string | Uint8Array>): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.4\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const chunk = typeof o === 'string' ? latin1(`${i + 1} 0 obj\n${o}\nendobj\n`) : Buffer.concat([latin1(`${i + 1} 0 obj\n`), o, latin1('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** `pages` one-line pages in one flat page tree (pdf.js's time grows with the square of the count). */
export function manyPagePdf(pages: number): Uint8Array {
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  const content = 'BT /F1 12 Tf 10 20 Td (one line on every page) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 40] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>');
  return pdfOf(objects);
}

/** Flate-compress `bytes` spaces without ever holding them (1 GB of spaces is about 1 MB compressed). */
async function deflatedSpaces(bytes: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A one-page PDF whose content stream inflates to `inflatedBytes` (spaces, then one line of text). */
export async function flateBombPdf(inflatedBytes: number): Promise<Uint8Array> {
  const packed = await deflatedSpaces(inflatedBytes);
  const stream = Buffer.concat([latin1(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`), packed, latin1('\nendstream')]);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 40] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** `%PDF-1.4` and zeros: pdf.js searches all of it for objects. */
export function junkPdf(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out.set(latin1('%PDF-1.4\n'));
  return out;
}

const WORDS = ['ข้อบังคับ', 'มหาวิทยาลัย', 'นักศึกษา', 'กิจกรรม', 'ให้', 'ยื่น', 'คำขอ', 'ต่อ', 'คณะกรรมการ', 'ภายใน', 'วัน', 'งบประมาณ', 'โครงการ', 'ตาม', 'ระเบียบ', 'นี้'];

/**
 * A DOCX whose word/document.xml is about `xmlBytes` of ordinary paragraphs, its sizes declared honestly:
 * varied words keep the compression ratio near 30:1, under the zip guard's 100:1.
 */
export function docxBomb(xmlBytes: number): Uint8Array {
  let seed = 19;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [
    enc.encode('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'),
  ];
  let size = parts[0].length;
  while (size < xmlBytes) {
    const words = Array.from({ length: 40 }, () => WORDS[next() % WORDS.length] + (next() % 7 === 0 ? String(next() % 1000) : '')).join(' ');
    const p = enc.encode(`<w:p><w:r><w:t>${words}</w:t></w:r></w:p>`);
    parts.push(p);
    size += p.length;
  }
  parts.push(enc.encode('</w:body></w:document>'));
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    { name: 'word/document.xml', data: Buffer.concat(parts) },
  ]);
}

/**
 * A one-page scan whose image is `side`×`side` white pixels in CCITT G4: one bit a row (vertical mode 0), so
 * 11,000 rows take 1.4 KB, yet pdf.js decodes and draws it at full size (RGBA: 4 bytes a pixel) to render
 * the page. No Flate, so the inflation limits do not see it.
 */
export function renderBombPdf(side: number, draws = 1): Uint8Array {
  const bits = new Uint8Array(Math.ceil((side + 24) / 8));
  bits.fill(0xff, 0, side >> 3);
  // The last rows' 1 bits, then EOFB (two EOLs, 000000000001 twice) on the next bit.
  for (let i = side & ~7; i < side; i++) bits[i >> 3] |= 0x80 >> (i & 7);
  for (const at of [side + 11, side + 23]) bits[at >> 3] |= 0x80 >> (at & 7);
  const image = Buffer.concat([
    latin1(
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${side} /Rows ${side} >> /Length ${bits.length} >>\nstream\n`,
    ),
    bits,
    latin1('\nendstream'),
  ]);
  // Each draw places the whole image on the A4 page again: pdf.js decodes it once, paints it every time.
  const content = Array.from({ length: draws }, () => 'q 595 0 0 842 0 0 cm /Im1 Do Q').join('\n');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    image,
  ]);
}
