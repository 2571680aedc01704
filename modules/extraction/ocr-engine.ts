// Which OCR engine reads page images (OCR_ENGINE): tesseract.js (`wasm`, the default, and what the single binary
// carries), or the tesseract command where it is installed (`auto`) or always (`native`), ~3x faster per page.
// Chosen once, at start, by the server and the ingest command, which log the choice; anything else that OCRs
// (benches, evals) gets the same choice from OCR_ENGINE on its first page.
import { ExtractionError } from './errors.ts';
import { findTesseract, type NativeOcr } from './ocr-native.ts';

export type OcrEngineSetting = 'auto' | 'native' | 'wasm';
export const OCR_ENGINE_SETTINGS: readonly OcrEngineSetting[] = ['auto', 'native', 'wasm'];

export interface OcrEngineChoice {
  engine: 'native' | 'wasm';
  /** the tesseract command, when native */
  native?: NativeOcr;
  /** one line saying what was chosen and why (logged at start) */
  note: string;
}

let chosen: OcrEngineChoice | null = null;

/**
 * Picks the engine for `setting`, looking for the tesseract command on `path`. `native` without a usable command
 * is an error (the operator asked for it); `auto` then falls back to tesseract.js and says so.
 */
export function chooseOcrEngine(setting: OcrEngineSetting, path = process.env.PATH ?? ''): OcrEngineChoice {
  if (setting === 'wasm') return (chosen = { engine: 'wasm', note: 'OCR engine: tesseract.js (OCR_ENGINE=wasm)' });
  const found = findTesseract(path);
  if ('missing' in found) {
    if (setting === 'native') throw new ExtractionError('ocr_failed', `OCR_ENGINE=native, but ${found.missing} (apt-get install tesseract-ocr)`);
    return (chosen = {
      engine: 'wasm',
      note: `OCR engine: tesseract.js, since ${found.missing} (apt-get install tesseract-ocr reads scans with ~0.6x the CPU)`,
    });
  }
  return (chosen = { engine: 'native', native: found, note: `OCR engine: the tesseract command (${found.command}, tesseract ${found.version})` });
}

/**
 * The engine chosen at start, or chosen now from OCR_ENGINE (unset or unknown: wasm). tesseract.js is the default
 * because the answers were measured worse on the command's text of the same real scans (README, OCR_ENGINE).
 */
export function ocrEngine(): OcrEngineChoice {
  if (chosen) return chosen;
  const setting = process.env.OCR_ENGINE?.trim() as OcrEngineSetting | undefined;
  return chooseOcrEngine(setting && OCR_ENGINE_SETTINGS.includes(setting) ? setting : 'wasm');
}

/** Forget the choice: the next page chooses again from OCR_ENGINE (tests that switched engines). */
export function resetOcrEngine(): void {
  chosen = null;
}
