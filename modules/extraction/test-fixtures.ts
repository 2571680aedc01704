// Shared by the extraction tests: fixture paths and tiny hand-built ZIP/PDF inputs.
import { createCanvas } from '@napi-rs/canvas';
import { deflateRawSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** ../shared/fixtures/docs next to the repository root. */
export const DOCS = resolve(import.meta.dir, '../..', '../shared/fixtures/docs');
export const doc = (name: string) => join(DOCS, name);
export const readText = (name: string) => Bun.file(doc(name)).text();

export function tempFile(name: string, bytes: Uint8Array | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'extract-test-'));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

export interface ZipInput {
  name: string;
  data: Uint8Array | string;
  /** Lie about the uncompressed size in both headers (bomb disguise). */
  declaredSize?: number;
}

/** Build a ZIP archive (deflate) in memory. */
export function buildZip(files: ZipInput[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const raw = typeof f.data === 'string' ? enc.encode(f.data) : f.data;
    const packed = deflateRawSync(raw);
    const name = enc.encode(f.name);
    const size = f.declaredSize ?? raw.length;
    const crc = Bun.hash.crc32(raw);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, packed.length, true);
    lv.setUint32(22, size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, packed.length, true);
    cv.setUint32(24, size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, packed);
    centrals.push(central);
    offset += local.length + packed.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, files.length, true);
  ev.setUint16(10, files.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  return Buffer.concat([...locals, ...centrals, eocd]);
}

/**
 * A one-page PDF, optionally with a line of Helvetica `text`; with `encrypt`, a Standard security
 * handler whose user password is not empty.
 */
export function buildPdf(opts: { encrypt?: boolean; text?: string } = {}): Uint8Array {
  const hex = (n: number) => Array.from({ length: n }, (_, i) => ((i * 37 + 11) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 100] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const content = opts.text ? `BT /F1 14 Tf 20 50 Td (${opts.text.replace(/[()\\]/g, '')}) Tj ET` : '';
  objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  if (opts.encrypt) objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -4 >>`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  const encrypt = opts.encrypt ? ` /Encrypt 6 0 R /ID [<${hex(16)}> <${hex(16)}>]` : '';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A small white PNG with 'ABC 12' drawn in black: a page image any OCR engine reads in well under a second. */
export function tinyTextPng(width = 120): Uint8Array {
  const c = createCanvas(width, 40);
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, 40);
  g.fillStyle = '#000';
  g.font = '24px sans-serif';
  g.fillText('ABC 12', 5, 30);
  return c.encodeSync('png');
}
