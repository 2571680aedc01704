import { useCallback, useRef, useState } from 'react';
import { extractText, type ExtractProgress, type ExtractResult } from '../api';
import type { CheckSpan } from '../format';
import { SHORT_TEXT_CHARS } from '../validation';
import { tc } from '../../../strings/console';

export interface ExtractionState {
  phase: 'idle' | 'running' | 'done' | 'error';
  ocr: boolean;
  progress: ExtractProgress | null;
  /** the text as extracted (check spans are offsets into it) */
  extracted: string;
  spans: CheckSpan[];
  usedOcr: boolean;
  suggestOcr: boolean;
  error: string | null;
}

const IDLE: ExtractionState = { phase: 'idle', ocr: false, progress: null, extracted: '', spans: [], usedOcr: false, suggestOcr: false, error: null };

/** Whether to offer "try OCR": the server's quality signal, or very little text from a PDF, and no OCR yet. */
export function offersOcr(r: ExtractResult, fileName: string): boolean {
  const m = r.metadata ?? {};
  if (m.used_ocr_fallback || m.user_triggered_ocr) return false;
  if (m.quality?.suggestOcr) return true;
  return /\.pdf$/i.test(fileName) && (r.text ?? '').trim().length < SHORT_TEXT_CHARS;
}

export type ExtractionNote = 'ocrUsed' | 'suggestOcr' | 'tooShort' | 'tooShortAfterOcr';

/** What step 7 says about an extraction: once OCR ran it neither offers OCR again nor says to try it. */
export function extractionNotes(x: ExtractionState | undefined, value: string, canOcr: boolean): ExtractionNote[] {
  if (!x || x.phase === 'running') return [];
  const ocrRan = x.ocr || x.usedOcr;
  const notes: ExtractionNote[] = [];
  if (x.phase === 'done' && x.usedOcr) notes.push('ocrUsed');
  if (x.suggestOcr && !ocrRan && canOcr) notes.push('suggestOcr');
  if (x.phase === 'done' && value.trim().length < SHORT_TEXT_CHARS) notes.push(ocrRan ? 'tooShortAfterOcr' : 'tooShort');
  return notes;
}

/**
 * Runs extraction as soon as a file is chosen (real page progress from the SSE stream) and OCR on
 * request. `onText` receives the text to put in the review box; a newer run cancels an older one.
 */
export function useExtraction(onText: (text: string) => void) {
  const [state, setState] = useState<ExtractionState>(IDLE);
  const ctrl = useRef<AbortController | null>(null);

  const run = useCallback(
    async (file: File, ocr: boolean) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      setState((s) => ({ ...IDLE, phase: 'running', ocr, suggestOcr: ocr ? false : s.suggestOcr }));
      try {
        const r = await extractText(file, { ocr, signal: c.signal, onProgress: (p) => !c.signal.aborted && setState((s) => ({ ...s, progress: p })) });
        if (c.signal.aborted) return;
        const m = r.metadata ?? {};
        const usedOcr = !!(m.used_ocr_fallback || m.user_triggered_ocr);
        if (r.status === 'error' || (!r.text?.trim() && r.error)) {
          const reason = r.error || (ocr ? tc.extract.ocrNoText : '');
          setState({ ...IDLE, phase: 'error', ocr, error: reason, suggestOcr: !ocr && /\.pdf$/i.test(file.name), usedOcr });
          return;
        }
        const text = r.text ?? '';
        if (!text.trim()) {
          setState({ ...IDLE, phase: 'error', ocr, error: tc.extract.ocrNoText, suggestOcr: !ocr && /\.pdf$/i.test(file.name), usedOcr });
          return;
        }
        onText(text);
        setState({
          phase: 'done',
          ocr,
          progress: null,
          extracted: text,
          spans: m.check_spans ?? [],
          usedOcr,
          suggestOcr: !ocr && offersOcr(r, file.name),
          error: null,
        });
      } catch (e) {
        if (c.signal.aborted) return;
        const err = e as Error & { isNetwork?: boolean };
        setState({ ...IDLE, phase: 'error', ocr, error: err.isNetwork ? tc.extract.connection : err.message });
      }
    },
    [onText],
  );

  const reset = useCallback(() => {
    ctrl.current?.abort();
    setState(IDLE);
  }, []);

  return { state, extract: (f: File) => run(f, false), ocr: (f: File) => run(f, true), reset };
}
