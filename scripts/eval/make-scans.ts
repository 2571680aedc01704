// Scan-like copies of our hand-written eval documents, made the way an office makes them: the text laid
// out as a Thai government A4 document (scan-layout.ts), printed to PDF by headless Chromium, rasterised by
// pdftoppm, put through a scanner (scan-degrade.ts: skew, noise, dust, a fixed 1-bit threshold) and stored
// image-only: CCITT G4 as office scanners save black-and-white, one document as a grey JPEG. The private
// acceptance set is mostly such scans; these measure what OCR costs an answer.
//   bun scripts/eval/make-scans.ts            → scripts/eval/data/{dorm,exam,leave,conduct}/scan/*.pdf
// Deterministic for a given Chromium and poppler (the seed is the file name and page number).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { chromium } from 'playwright-core';
import { at, buildScanPdf, ccittImage, type PdfImage } from '../../modules/extraction/test-scans.ts';
import { rng } from '../seeded-random.ts';
import { addNoise, parsePgm, pickDegradation, rotate, seedOf, threshold, type Grey } from './scan-degrade.ts';
import { documentHtml, HEADER, MARGIN } from './scan-layout.ts';

const DATA = join(import.meta.dir, 'data');
const A4 = { width: 595.28, height: 841.89 };

interface ScanSpec {
  source: string;
  dpi: number;
  encoding: 'g4' | 'jpeg';
  fontPt: number;
  /** Announcements are scored by page (p1): they must stay on one page, as their text twin does. */
  onePage?: boolean;
}

const SPECS: ScanSpec[] = [
  { source: 'dorm/dorm-regulation.txt', dpi: 300, encoding: 'g4', fontPt: 16 },
  { source: 'dorm/scholarship-2568.txt', dpi: 200, encoding: 'jpeg', fontPt: 13.5, onePage: true },
  { source: 'exam/exam-regulation.txt', dpi: 200, encoding: 'g4', fontPt: 16 },
  { source: 'exam/library-services-2569.txt', dpi: 300, encoding: 'g4', fontPt: 12, onePage: true },
  { source: 'leave/leave-regulation.txt', dpi: 200, encoding: 'g4', fontPt: 16 },
  { source: 'leave/graduation-2568.txt', dpi: 200, encoding: 'jpeg', fontPt: 11, onePage: true },
  { source: 'conduct/conduct-regulation.txt', dpi: 200, encoding: 'g4', fontPt: 16 },
  { source: 'conduct/fee-refund-2568.txt', dpi: 300, encoding: 'g4', fontPt: 11, onePage: true },
];

async function printPdf(browser: Awaited<ReturnType<typeof chromium.launch>>, html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return await page.pdf({ format: 'A4', margin: MARGIN, displayHeaderFooter: true, headerTemplate: HEADER, footerTemplate: '<span></span>' });
  } finally {
    await page.close();
  }
}

function rasterise(pdf: Uint8Array, dpi: number, work: string): Grey[] {
  const file = join(work, 'print.pdf');
  writeFileSync(file, pdf);
  const run = Bun.spawnSync(['pdftoppm', '-r', String(dpi), '-gray', file, join(work, 'p')]);
  if (run.exitCode !== 0) throw new Error(`pdftoppm: ${run.stderr.toString()}`);
  return readdirSync(work)
    .filter((f) => /^p-\d+\.pgm$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    .map((f) => parsePgm(readFileSync(join(work, f))));
}

function jpegImage(img: Grey): PdfImage {
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  const rgba = ctx.createImageData(img.width, img.height);
  for (let i = 0; i < img.pixels.length; i++) {
    rgba.data.fill(img.pixels[i]!, i * 4, i * 4 + 3);
    rgba.data[i * 4 + 3] = 255;
  }
  ctx.putImageData(rgba, 0, 0);
  // The canvas encoder writes three components even for grey content; quality as a "standard" preset.
  return {
    dict: `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
    data: canvas.encodeSync('jpeg', 60),
    width: img.width,
    height: img.height,
  };
}

async function makeScan(browser: Awaited<ReturnType<typeof chromium.launch>>, spec: ScanSpec): Promise<string> {
  const text = readFileSync(join(DATA, spec.source), 'utf8');
  const work = mkdtempSync(join(tmpdir(), 'make-scans-'));
  try {
    const pages = rasterise(await printPdf(browser, documentHtml(text, { fontPt: spec.fontPt })), spec.dpi, work);
    if (spec.onePage && pages.length !== 1) throw new Error(`${spec.source}: ${pages.length} pages at ${spec.fontPt} pt, must be one`);
    const name = basename(spec.source, '.txt');
    const specs = pages.map((grey, i) => {
      const random = rng(seedOf(`${name}:${i + 1}`));
      const d = pickDegradation(random);
      // A grey scanner smooths its sensor noise before JPEG (and raw noise would triple the file).
      if (spec.encoding === 'jpeg') d.noise /= 4;
      const scanned = addNoise(rotate(grey, d.skewDeg), d, random);
      const image = spec.encoding === 'g4' ? ccittImage(threshold(scanned, d.threshold), -1) : jpegImage(scanned);
      console.log(
        `  ${name} p${i + 1}: skew ${d.skewDeg}°, noise ${d.noise.toFixed(0)}, threshold ${d.threshold}, ${(image.data.length / 1024).toFixed(0)} KB`,
      );
      return { ...A4, images: [at(image, spec.dpi, A4.height)] };
    });
    const dir = join(DATA, spec.source.split('/')[0]!, 'scan');
    mkdirSync(dir, { recursive: true });
    const out = join(dir, `${name}.pdf`);
    writeFileSync(out, buildScanPdf(specs));
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  for (const spec of SPECS) console.log(`wrote ${await makeScan(browser, spec)}`);
} finally {
  await browser.close();
}
