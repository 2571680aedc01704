import { useId, useMemo } from 'react';
import { extractionNotes, type ExtractionState } from './useExtraction';
import { highlightParts } from '../format';
import { tc } from '../../../strings/console';

const t = tc.extract;

export interface ExtractedTextProps {
  value: string;
  onChange?: (text: string) => void;
  readOnly?: boolean;
  extraction?: ExtractionState;
  onTryOcr?: () => void;
  labelId: string;
}

/** Step 7: the extracted text to review, with extraction progress, OCR offer, notes and OCR check spans. */
export function ExtractedText({ value, onChange, readOnly, extraction, onTryOcr, labelId }: ExtractedTextProps) {
  const hintId = useId();
  const x = extraction;
  const running = x?.phase === 'running';
  const failed = x?.phase === 'error';
  // The stage the server reports: a scanned PDF goes to OCR by itself, without the admin asking for it.
  const stage = x?.ocr || x?.progress?.phase === 'ocr' ? t.ocrRunning : t.running;
  const pct = x?.progress && x.progress.total > 0 ? Math.round((x.progress.done / x.progress.total) * 100) : null;
  const parts = useMemo(() => (x?.spans.length ? highlightParts(value, x.extracted, x.spans) : []), [value, x?.spans, x?.extracted]);
  const flagged = parts.filter((p) => p.kind).length;
  const kinds = Array.from(new Set(parts.filter((p) => p.kind).map((p) => p.kind!)));
  const notes = extractionNotes(x, value, !!onTryOcr);

  return (
    <div className="extract">
      {running && (
        <div className="extract-progress" role="status" aria-live="polite">
          <span>
            {stage} {x.progress && x.progress.total > 0 ? `(${t.pages(x.progress.done, x.progress.total)})` : ''}
          </span>
          <div className="progress" role="progressbar" aria-label={stage} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct ?? undefined}>
            <span className={pct === null ? 'progress-indeterminate' : undefined} style={{ width: `${pct ?? 100}%` }} />
          </div>
        </div>
      )}
      {notes.includes('ocrUsed') && <p className="alert alert-success">{t.ocrUsed}</p>}
      {notes.includes('suggestOcr') && onTryOcr && (
        <div className="alert alert-warning extract-ocr">
          <span>{t.ocrSuggested}</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={onTryOcr}>
            {t.tryOcr}
          </button>
        </div>
      )}
      {notes.includes('tooShort') && <p className="alert alert-warning">{t.tooShort}</p>}
      {notes.includes('tooShortAfterOcr') && <p className="alert alert-warning">{t.tooShortAfterOcr}</p>}
      {failed && (
        <p className="visually-hidden" role="alert">
          {t.cannotRead}: {x.error}
        </p>
      )}
      <textarea
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className={`extract-text ${failed ? 'extract-text-error' : ''}`}
        value={value}
        readOnly={readOnly || running}
        rows={readOnly ? 14 : 16}
        placeholder={failed ? `${t.cannotRead}${x.error ? `: ${x.error}` : ''}` : running ? t.running : t.idle}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <p id={hintId} className="fineprint extract-meta">
        {readOnly ? '' : `${tc.form.textHint} · `}
        {t.chars(Array.from(value).length)}
      </p>
      {flagged > 0 && (
        <section className="check-preview" aria-label={t.checkTitle}>
          <header>
            <strong>{t.checkTitle}</strong> <span className="muted">{t.checkCount(flagged)}</span>
            <span className="check-legend">
              {kinds.map((k) => (
                <mark key={k} className={`check check-${k}`}>
                  {t.checkLegend[k as keyof typeof t.checkLegend] ?? k}
                </mark>
              ))}
            </span>
          </header>
          {/* it scrolls: keyboard users reach it too (WCAG 2.1.1) */}
          <div className="check-body" tabIndex={0}>
            {parts.map((p, i) =>
              p.kind ? (
                <mark key={i} className={`check check-${p.kind}`} title={t.checkLegend[p.kind as keyof typeof t.checkLegend] ?? p.kind}>
                  {p.text}
                </mark>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )}
          </div>
        </section>
      )}
    </div>
  );
}
