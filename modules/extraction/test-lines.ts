// Tests only: printed lines for the OCR re-read tests (digits, grade letters), drawn with a real font and
// wrapped in the shape of a tesseract page, so the code under test reads real glyph images.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { Page } from 'tesseract.js';

const require = createRequire(import.meta.url);
const sarabunFiles = join(dirname(require.resolve('@fontsource/sarabun/package.json')), 'files');

/** Registers Sarabun's subsets (thai, latin) under `family`. */
export function registerSarabun(family: string, subsets: string[] = ['thai']): string {
  for (const s of subsets) GlobalFonts.registerFromPath(join(sarabunFiles, `sarabun-${s}-400-normal.woff2`), family);
  return family;
}

/** A white canvas with black ink in `size` px of `font`. */
export function inkOnWhite(width: number, height: number, font: string, size: number): SKRSContext2D {
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.font = `${size}px ${font}`;
  return ctx;
}

/** The canvas as one grey byte a pixel, and a page holding `line`, as the OCR pass hands them over. */
export function asScan(ctx: SKRSContext2D, width: number, height: number, line: object) {
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = rgba[i * 4];
  const page = { blocks: [{ paragraphs: [{ lines: [line] }] }] } as unknown as Page;
  return { page, image: { width, height, pixels } };
}
