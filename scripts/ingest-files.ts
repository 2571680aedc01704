// What scripts/ingest.ts is asked to read: files and folders (walked recursively), the reasons a file
// is refused told so an admin can act, and the summary table printed at the end.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { ExtractionError, type ExtractionErrorCode } from '../modules/extraction';
import { extractionMessage } from '../modules/documents/extraction';

export const READABLE = new Set(['.pdf', '.docx', '.txt']);

export interface Candidate {
  path: string;
  /** As shown in the table: relative to the folder given, or the path as given. */
  label: string;
  /** Set when the file is listed but will not be read. */
  skip?: string;
  /** An earlier file in this run with the same bytes: this one is not read again. */
  copyOf?: Candidate;
}

/** Files up to this size are hashed from one synchronous read (a stream, or an async read's thread hand-off, cost more than hashing a small file). */
const WHOLE_READ_BYTES = 1 << 20;

async function sha256(path: string): Promise<string | null> {
  try {
    const hasher = new Bun.CryptoHasher('sha256');
    const file = Bun.file(path);
    if (file.size <= WHOLE_READ_BYTES) return hasher.update(readFileSync(path)).digest('hex');
    const reader = file.stream().getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) hasher.update(r.value);
    return hasher.digest('hex');
  } catch {
    return null; // unreadable: the store step says why
  }
}

/**
 * Marks byte-identical files (copies in shared drives are common): the first of each is ingested, the
 * others point at it. Hashing costs one read of each file, nothing beside OCR.
 */
export async function markCopies(candidates: Candidate[]): Promise<void> {
  const first = new Map<string, Candidate>();
  for (const c of candidates) {
    if (c.skip) continue;
    const hash = await sha256(c.path);
    if (hash === null) continue;
    const original = first.get(hash);
    if (original) c.copyOf = original;
    else first.set(hash, c);
  }
}

/** Files to ingest, in a stable order: folders are walked (hidden entries ignored), other types listed as skipped. */
export function collectFiles(args: string[]): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const visit = (path: string, root: string | null) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      out.push({ path, label: path, skip: 'ไม่พบไฟล์หรือโฟลเดอร์นี้: ตรวจสอบชื่อและสิทธิ์การอ่าน' });
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!name.startsWith('.')) visit(join(path, name), root ?? path);
      return;
    }
    if (seen.has(path)) return;
    seen.add(path);
    const label = root ? relative(root, path) : path;
    if (!READABLE.has(extname(path).toLowerCase())) out.push({ path, label, skip: 'ข้าม: รองรับเฉพาะ PDF, DOCX และ TXT' });
    else out.push({ path, label });
  };
  for (const a of args) visit(a, null);
  return out;
}

// What to do about each extraction failure (the console's own texts say what happened).
const HINTS: Partial<Record<ExtractionErrorCode, string>> = {
  encrypted: 'เปิดด้วยรหัสผ่านแล้วบันทึกเป็น PDF ที่ไม่เข้ารหัส จากนั้นนำเข้าอีกครั้ง',
  corrupt: 'ไฟล์อาจดาวน์โหลดไม่ครบ: ขอไฟล์ต้นฉบับใหม่ หรือเปิดแล้วบันทึกเป็น PDF ใหม่',
  empty: 'ไม่พบข้อความแม้ใช้ OCR: ตรวจสอบว่าหน้าสแกนไม่ว่างหรือจางเกินไป แล้วสแกนใหม่ที่ 300 dpi',
  unsupported_type: 'แปลงเป็น PDF, DOCX หรือ TXT (UTF-8) ก่อนนำเข้า',
  too_large: 'แยกไฟล์เป็นหลายส่วนที่เล็กกว่า 500 MB',
  ocr_failed: 'ลองนำเข้าอีกครั้ง ถ้ายังไม่ได้ ให้สแกนใหม่หรือบันทึกเป็น PDF ใหม่',
  zip_bomb: 'เปิดไฟล์ใน Word แล้วบันทึกเป็น DOCX ใหม่',
};

/** The refusal as the admin reads it: what happened, then what to do when that is known. */
export function refusalText(message: string): string {
  for (const code of Object.keys(HINTS) as ExtractionErrorCode[]) {
    if (extractionMessage(new ExtractionError(code, '')) === message) return `${message} → ${HINTS[code]}`;
  }
  return message;
}

export interface Row {
  file: string;
  pages: number | null;
  method: string;
  ocrPages: number | null;
  characters: number | null;
  seconds: number | null;
  result: string;
}

/** Aligned plain-text table (console.table would quote the Thai and hide long results). */
export function formatTable(rows: Row[]): string {
  const head = ['file', 'pages', 'method', 'OCR pages', 'characters', 'time', 'result'];
  const cells = rows.map((r) => [
    r.file,
    r.pages?.toString() ?? '-',
    r.method,
    r.ocrPages?.toString() ?? '-',
    r.characters?.toString() ?? '-',
    r.seconds === null ? '-' : `${r.seconds.toFixed(1)} s`,
    r.result,
  ]);
  // Thai combining marks take no column: measure by grapheme.
  const seg = new Intl.Segmenter('th', { granularity: 'grapheme' });
  const width = (s: string) => [...seg.segment(s)].length;
  const widths = head.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]))));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v + ' '.repeat(widths[i] - width(v)))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
