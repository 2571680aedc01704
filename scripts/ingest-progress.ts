// What scripts/ingest.ts shows while it works, on stderr (stdout keeps the table and the summary): a live
// bar on a terminal; elsewhere (a service log, nohup, CI) one line per file as it finishes, so a long
// OCR run is never silent.
export interface FileDone {
  label: string;
  pages: number | null;
  ocrPages: number | null;
  seconds: number | null;
  result: string;
}

const BAR = 24;

export function minutes(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s`;
}

export class IngestProgress {
  private done = 0;
  private readonly started = performance.now();
  private readonly live: boolean;

  constructor(
    private readonly total: number,
    private readonly out: { isTTY?: boolean; columns?: number; write(s: string): unknown } = process.stderr,
  ) {
    this.live = out.isTTY === true;
  }

  /** Time left, estimated from the files finished so far (files run side by side, so per-file time would overstate it). */
  private eta(): string {
    if (this.done === 0) return '…';
    const elapsed = (performance.now() - this.started) / 1000;
    return minutes((elapsed / this.done) * (this.total - this.done));
  }

  /** A file's current stage (extracting, OCR page n of m): only drawn on a terminal. */
  stage(label: string, text: string): void {
    if (!this.live) return;
    const filled = this.total ? Math.round((this.done / this.total) * BAR) : BAR;
    const line = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${this.done}/${this.total} · ETA ${this.eta()} · ${label}: ${text}`;
    // A line wider than the terminal wraps, and \r would then redraw only its last row.
    this.out.write(`\r\x1b[2K${this.out.columns ? line.slice(0, this.out.columns - 1) : line}`);
  }

  fileDone(f: FileDone): void {
    this.done++;
    if (this.live) {
      this.stage(f.label, f.result);
      return;
    }
    const parts = [
      f.pages === null ? null : `${f.pages} pages`,
      f.ocrPages === null ? null : `${f.ocrPages} OCR pages`,
      f.seconds === null ? null : `${f.seconds.toFixed(1)} s`,
    ].filter(Boolean);
    this.out.write(`[${this.done}/${this.total}] ${f.label}: ${[...parts, f.result].join(', ')}; ETA ${this.done === this.total ? '0 s' : this.eta()}\n`);
  }

  note(text: string): void {
    if (this.live) this.out.write(`\r\x1b[2K${text}`);
    else this.out.write(`${text}\n`);
  }

  clear(): void {
    if (this.live) this.out.write('\r\x1b[2K');
  }
}
