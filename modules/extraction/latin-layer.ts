// A Thai scan whose text layer came from OCR run for English (Acrobat's "Recognize text" left on its default
// language, a copier's built-in OCR) carries a layer of Latin letters that reads as nothing: "r0u.:nulJ"
// over a page that says ข้อบังคับ. The layer looks healthy to every other check (enough characters, no broken
// glyphs, no Thai to lose ำ from), so it was indexed as the document's text. In the three real_dev libraries
// 12 of 74 files were of this kind. A document that is really in English has the same letters, so the layer
// alone cannot tell them apart: one page is read by Thai OCR, and when that page is Thai the layer is wrong.
import type { ExtractedPage } from './types.ts';

const THAI_LETTER = /[\u0E01-\u0E2E\u0E30-\u0E4E]/g;
const LATIN_LETTER = /[A-Za-z]/g;
/** Fewer letters than this on a layer say too little to suspect it. */
const MIN_LETTERS = 40;
/** At most this share of Thai among a suspect layer's letters. */
const MAX_LAYER_THAI = 0.05;
/** At least this share of Thai in the probe page's OCR for the layer to be called wrong. */
export const MIN_OCR_THAI = 0.5;

function letters(text: string): { thai: number; latin: number } {
  return { thai: text.match(THAI_LETTER)?.length ?? 0, latin: text.match(LATIN_LETTER)?.length ?? 0 };
}

/** Share of Thai among the letters (Thai and Latin) of `text`; 0 when it has none. */
export function thaiShare(text: string): number {
  const { thai, latin } = letters(text);
  return thai + latin > 0 ? thai / (thai + latin) : 0;
}

/**
 * The page to read with Thai OCR when the layer is Latin letters with next to no Thai (the page holding the most
 * Latin letters), or null when the layer has Thai or too few letters to judge.
 */
export function latinLayerProbe(pages: readonly ExtractedPage[]): number | null {
  let thai = 0;
  let latin = 0;
  let best: { page: number; latin: number } | null = null;
  for (const p of pages) {
    const l = letters(p.text);
    thai += l.thai;
    latin += l.latin;
    if (!best || l.latin > best.latin) best = { page: p.page, latin: l.latin };
  }
  if (thai + latin < MIN_LETTERS || thai / (thai + latin) > MAX_LAYER_THAI) return null;
  return best?.page ?? null;
}

/** Whether Thai OCR of a page reads it as Thai where its layer has none: the layer is the wrong language's OCR. */
export function layerIsForeignOcr(ocrText: string, layerText: string): boolean {
  return thaiShare(ocrText) >= MIN_OCR_THAI && thaiShare(layerText) <= MAX_LAYER_THAI;
}
