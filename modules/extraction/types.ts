// Public types of the extraction service (re-exported by index.ts).
import type { ParseLimits } from './parse-limits.ts';
import type { ParseLane } from './parse-pool.ts';
import type { PageWords } from './page-words.ts';

export type ExtractPhase = 'read' | 'extract' | 'ocr';
/** Progress in pages: `done` of `total` for the current phase. */
export interface ExtractProgress {
  phase: ExtractPhase;
  done: number;
  total: number;
}
/** 1-based page; DOCX and TXT come out as a single page 1. */
export interface ExtractedPage {
  page: number;
  text: string;
}
export interface QualitySignal {
  suggestOcr: boolean;
  reasons: string[];
  thaiChars: number;
  saraAmPer1000: number;
  charsPerPage: number;
  /** 0 (unusable) … 1 (healthy); used to compare a text layer with OCR output. */
  score: number;
}
/** Offsets into `text` of OCR output the admin must check (OCR misreads Thai digits often). */
/** 'suspect': a number the document's own structure makes improbable (improbable-digits.ts); checked first */
export interface CheckSpan {
  start: number;
  end: number;
  kind: 'number' | 'date' | 'article' | 'suspect';
}
export type ExtractionMethod = 'pdf-text' | 'docx' | 'txt' | 'ocr' | 'pdf-text+ocr';
export interface ExtractionResult {
  /** Pages joined by "\n\n". */
  text: string;
  pages: ExtractedPage[];
  method: ExtractionMethod;
  usedOcr: boolean;
  userTriggeredOcr: boolean;
  quality: QualitySignal;
  /** Empty unless OCR produced (part of) the text. */
  checkSpans: CheckSpan[];
  /** OCR's word boxes of the pages whose text came from OCR (none for text-layer pages, DOCX, TXT). */
  ocrWords?: PageWords[];
}
export type DocKind = 'pdf' | 'docx' | 'txt';
export type OcrMode = 'auto' | 'force' | 'off';
export interface ExtractOptions {
  kind?: DocKind;
  /** parse limits; library uploads' when omitted */
  limits?: ParseLimits;
  /** which parse workers read the file: chat attachments have their own, so neither kind waits for the other */
  lane?: ParseLane;
  ocr?: OcrMode;
  onProgress?: (p: ExtractProgress) => void;
  signal?: AbortSignal;
  /** whose file it is, [client address, requester]: the lane's workers are shared fairly between them */
  share?: readonly string[];
}
