// What the OCR text repairs (ocr-spelling.ts, ocr-spaces.ts) know of Thai words: the segmenter's words of a
// text, with their offsets, and how many documents of the general-Thai table (src/thai/background-df.json,
// the base both extraction and knowledge read) use a word.
import background from '../../src/thai/background-df.json' with { type: 'json' };

export const DF = background.df as Record<string, number>;

/** Documents of the general-Thai table that use `w` (0 for a word it does not list). */
export const df = (w: string): number => DF[w] ?? 0;

export interface Segment {
  text: string;
  at: number;
}

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** The segmenter's pieces of `text`, each with its offset. */
export const segments = (text: string): Segment[] => [...segmenter.segment(text)].map((s) => ({ text: s.segment, at: s.index }));
