// How well the word-based ำ restore (modules/extraction/sara-am.ts) stands in for OCR on typed Word + TH SarabunIT๙
// pages (quality.ts sara_am_missing), against what the product's OCR merge made of the same pages: an extracted
// DATA_DIR's app.db (scripts/eval-answers.ts's cache), read as it is, never OCR'd again. Per PDF whose layer the
// signal blames for ำ alone: pages restored from the words / left to OCR (unsure, garbled, weak), and on the restored
// pages the character agreement with the OCR-merged text and the ำ restores beside OCR's (tp both, fp words only,
// fn OCR only: precision and recall taking OCR as the reference, which itself misses some, e.g. ขั้นต่ำ).
//   bun scripts/bench/sara-am-lexical.ts [--docs DIR,DIR] [--data DATA_DIR,DATA_DIR] [--samples]
// (defaults: real_dev's and real_more's documents and their extracted libraries under /tmp/askreg-eval-cache)
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { levenshtein } from '../../modules/extraction/cer.ts';
import { align } from '../../modules/extraction/ocr-merge.ts';
import { DEFAULT_UPLOAD_LIMITS } from '../../modules/extraction/parse-limits.ts';
import { runParseJob } from '../../modules/extraction/parse-job.ts';
import { restoreSaraAm } from '../../modules/extraction/sara-am.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROOT = resolve(import.meta.dir, '../..');
const cache = '/tmp/askreg-eval-cache';
const docs = (arg('--docs') ?? `${resolve(ROOT, '../shared/eval/real_dev/docs')},${resolve(ROOT, 'scripts/eval/data/real_more/docs')}`).split(',');
// the extracted libraries whose manifests name these documents (real_dev's three, real_more's two)
const data = (
  arg('--data') ??
  readdirSync(cache)
    .filter((d) => /^extracted-[0-9a-f]+$/.test(d))
    .map((d) => join(cache, d))
    .join(',')
).split(',');
const samples = process.argv.includes('--samples');

const reference = new Map<string, string[]>();
for (const dir of data) {
  if (!existsSync(join(dir, 'app.db'))) continue;
  const db = new Database(join(dir, 'app.db'), { readonly: true });
  for (const r of db
    .query<{ n: string; page: number; content: string }, []>(
      "SELECT d.raw_file_name n, p.page, p.content FROM documents d JOIN document_pages p ON p.document_id = d.id WHERE d.raw_file_name LIKE '%.pdf'",
    )
    .all()) {
    const pages = reference.get(r.n) ?? [];
    pages[r.page - 1] = r.content;
    reference.set(r.n, pages);
  }
  db.close();
}

const pdfs = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? pdfs(join(dir, n)) : /\.pdf$/i.test(n) ? [join(dir, n)] : []));
const squash = (s: string) => s.replace(/\s+/g, '');

interface Tally {
  pages: number;
  lexical: number;
  unsure: number;
  garbled: number;
  weak: number;
  chars: number;
  edits: number;
  tp: number;
  fp: number;
  fn: number;
}
const empty = (): Tally => ({ pages: 0, lexical: 0, unsure: 0, garbled: 0, weak: 0, chars: 0, edits: 0, tp: 0, fp: 0, fn: 0 });
const add = (a: Tally, b: Tally) => Object.keys(a).forEach((k) => (a[k as keyof Tally] += b[k as keyof Tally]));
const wrong: Record<'fp' | 'fn', string[]> = { fp: [], fn: [] };
const rows: Array<Record<string, string | number>> = [];
const total = empty();
const started = performance.now();

for (const path of docs.flatMap(pdfs)) {
  const read = await runParseJob({ op: 'extract', path, kind: 'pdf', limits: DEFAULT_UPLOAD_LIMITS, scans: true }, () => {});
  const ref = reference.get(basename(path));
  if (read.kind !== 'pdf' || !ref || read.quality.reasons.join() !== 'sara_am_missing') continue;
  const t = empty();
  for (const page of read.pages) {
    t.pages++;
    const r = restoreSaraAm(page.text);
    if (squash(page.text).length < 80) t.weak++;
    else if (r.garbled) t.garbled++;
    else if (r.unsure > 0) t.unsure++;
    else {
      t.lexical++;
      const [mine, theirs] = [squash(r.text), squash(ref[page.page - 1] ?? '')];
      t.chars += theirs.length;
      t.edits += levenshtein(mine, theirs);
      for (const [i, j] of align(mine, theirs)) {
        if (i < 0 || j < 0) continue;
        const [m, o] = [mine[i] === 'ำ', theirs[j] === 'ำ'];
        const key = m && o ? 'tp' : m && theirs[j] === 'า' ? 'fp' : o && mine[i] === 'า' ? 'fn' : null;
        if (!key) continue;
        t[key]++;
        if (key !== 'tp' && wrong[key].length < 60) wrong[key].push(`${mine.slice(Math.max(0, i - 4), i)}[${mine[i]}]${mine.slice(i + 1, i + 5)}`);
      }
    }
  }
  add(total, t);
  const pct = (a: number, b: number) => (b > 0 ? +((100 * a) / b).toFixed(1) : '-');
  rows.push({
    file: basename(path).slice(0, 40),
    pages: t.pages,
    words: t.lexical,
    ocr: t.unsure + t.garbled + t.weak,
    agree_pct: t.chars ? +(100 - (100 * t.edits) / t.chars).toFixed(2) : '-',
    am_precision: pct(t.tp, t.tp + t.fp),
    am_recall: pct(t.tp, t.tp + t.fn),
    tp: t.tp,
    fp: t.fp,
    fn: t.fn,
  });
}
console.table(rows);
const { pages, lexical, unsure, garbled, weak, chars, edits, tp, fp, fn } = total;
console.log(
  JSON.stringify({
    files: rows.length,
    pages,
    from_words: lexical,
    to_ocr: { unsure, garbled, weak },
    agree_pct: +(100 - (100 * edits) / Math.max(1, chars)).toFixed(3),
    am: { tp, fp, fn, precision: +(tp / Math.max(1, tp + fp)).toFixed(3), recall: +(tp / Math.max(1, tp + fn)).toFixed(3) },
    seconds: +((performance.now() - started) / 1000).toFixed(1),
  }),
);
if (samples) {
  console.log(`words only: ${wrong.fp.join(' ')}`);
  console.log(`OCR only: ${wrong.fn.join(' ')}`);
}
process.exit(0);
