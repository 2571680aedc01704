// Could ำ be put back into a Word + TH SarabunIT๙ text layer (quality.ts sara_am_missing) without OCR? In a library
// like real_dev most OCR pages are such typed pages, read only so that ocr-merge.ts can take ำ from OCR. This bench
// runs a word-based prototype (below, not used by the product) on every sara_am_missing PDF of a folder and compares
// it, position by position, with what the product's OCR merge made of the same pages (an extracted DATA_DIR's
// app.db): ำ both restored, only the prototype, only OCR, with a sample of each.
//   bun scripts/bench/sara-am-lexical.ts [--docs ../shared/eval/real_dev/docs] [--data /tmp/askreg-eval-cache]
// (--data: a folder of extracted DATA_DIRs, each with app.db, as scripts/eval-answers.ts leaves them)
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DEFAULT_UPLOAD_LIMITS } from '../../modules/extraction/parse-limits.ts';
import { runParseJob } from '../../modules/extraction/parse-job.ts';
import { df, segments } from '../../modules/extraction/thai-words.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const docs = resolve(arg('--docs', resolve(import.meta.dir, '../../../shared/eval/real_dev/docs')));
const data = resolve(arg('--data', '/tmp/askreg-eval-cache'));

// The prototype: each า after a consonant (and tone mark) is tried as ำ and kept when its Thai run (±30 letters)
// segments into fewer pieces with a known word there (กาหนด → กำหนด), or as many with a word 1.5x more common
// (ทา → ทำ) in the general-Thai table. Not after a leading vowel (เขา, เจ้า).
const CANDIDATE = /[ก-ฮ][่-๋]?า/g;
const THAI = /[\u0E01-\u0E5B]/;
function better(text: string, aa: number): boolean {
  let start = aa;
  let end = aa + 1;
  while (start > 0 && aa - start < 30 && THAI.test(text[start - 1])) start--;
  while (end < text.length && end - aa < 30 && THAI.test(text[end])) end++;
  const at = (s: string) => {
    const parts = segments(s);
    const hit = parts.find((p) => p.at <= aa - start && aa - start < p.at + p.text.length);
    return { word: hit?.text ?? '', pieces: parts.length };
  };
  const a = at(text.slice(start, end));
  const b = at(`${text.slice(start, aa)}ำ${text.slice(aa + 1, end)}`);
  if (df(b.word) === 0) return false;
  return b.pieces < a.pieces || (b.pieces === a.pieces && df(b.word) >= 1.5 * df(a.word) + 4);
}
function restore(text: string): string {
  let out = text;
  for (const m of text.matchAll(CANDIDATE)) {
    const c = m.index;
    if (/[เ-ไ]/.test(text[c - 1] ?? '') || (/[ก-ฮ]/.test(text[c - 1] ?? '') && /[เ-ไ]/.test(text[c - 2] ?? ''))) continue;
    const aa = c + m[0].length - 1;
    if (better(out, aa)) out = `${out.slice(0, aa)}ำ${out.slice(aa + 1)}`;
  }
  return out;
}

// The product's pages (OCR merged) by file name and page.
const product = new Map<string, string[]>();
const dbs = existsSync(join(data, 'app.db')) ? [join(data, 'app.db')] : readdirSync(data).map((d) => join(data, d, 'app.db'));
for (const path of dbs.filter((p) => existsSync(p))) {
  const db = new Database(path, { readonly: true });
  for (const r of db
    .query<{ n: string; page: number; content: string }, []>(
      'SELECT d.raw_file_name n, p.page, p.content FROM documents d JOIN document_pages p ON p.document_id = d.id',
    )
    .all()) {
    const pages = product.get(r.n) ?? [];
    pages[r.page - 1] = r.content;
    product.set(r.n, pages);
  }
  db.close();
}

const pdfs = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? pdfs(join(dir, n)) : /\.pdf$/i.test(n) ? [join(dir, n)] : []));
const squash = (s: string) => s.replace(/\s+/g, '');
const counts = { files: 0, pages: 0, pagesNotComparable: 0, both: 0, prototypeOnly: 0, ocrOnly: 0 };
const samples: Record<'prototypeOnly' | 'ocrOnly', string[]> = { prototypeOnly: [], ocrOnly: [] };
for (const path of pdfs(docs)) {
  const read = await runParseJob({ op: 'extract', path, kind: 'pdf', limits: DEFAULT_UPLOAD_LIMITS, scans: true }, () => {});
  const ocr = product.get(basename(path));
  if (read.kind !== 'pdf' || !read.quality.reasons.includes('sara_am_missing') || !ocr) continue;
  counts.files++;
  for (const page of read.pages) {
    counts.pages++;
    const [layer, mine, theirs] = [squash(page.text), squash(restore(page.text)), squash(ocr[page.page - 1] ?? '')];
    // a page OCR replaced (or changed otherwise) has no position-by-position comparison
    if (layer.length !== theirs.length || layer.length !== mine.length) {
      counts.pagesNotComparable++;
      continue;
    }
    for (let k = 0; k < layer.length; k++) {
      if (layer[k] !== 'า') continue;
      const [p, o] = [mine[k] === 'ำ', theirs[k] === 'ำ'];
      const key = p && o ? 'both' : p ? 'prototypeOnly' : o ? 'ocrOnly' : null;
      if (!key) continue;
      counts[key]++;
      if (key !== 'both' && samples[key].length < 40) samples[key].push(`${layer.slice(Math.max(0, k - 4), k)}[${p ? 'ำ' : 'า'}]${layer.slice(k + 1, k + 5)}`);
    }
  }
}
console.log(JSON.stringify(counts));
console.log(`only the prototype: ${samples.prototypeOnly.join(' ')}`);
console.log(`only OCR: ${samples.ocrOnly.join(' ')}`);
process.exit(0);
