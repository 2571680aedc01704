// The answers on the word-based ำ restore (modules/extraction/sara-am.ts) without OCR'ing a real library again: a
// copy of the eval cache's extracted libraries in which every page the product now mends from the words (a typed
// Word + TH SarabunIT๙ page) holds that text instead of the OCR merge's, and every other page (scans, pages left to
// OCR) keeps the cached text, which is what OCR would give it again. The index is rebuilt from the rows.
//   bun scripts/eval/sara-am-cache.ts --to /tmp/sara-am-cache [--from /tmp/askreg-eval-cache] [--docs DIR,DIR]
//   EVAL_CACHE_DIR=/tmp/sara-am-cache bun scripts/eval-answers.ts --set real_dev     (beside the same without it)
import { Database } from 'bun:sqlite';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DEFAULT_UPLOAD_LIMITS } from '../../modules/extraction/parse-limits.ts';
import { runParseJob } from '../../modules/extraction/parse-job.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROOT = resolve(import.meta.dir, '../..');
const from = arg('--from') ?? '/tmp/askreg-eval-cache';
const to = arg('--to');
if (!to) throw new Error('usage: bun scripts/eval/sara-am-cache.ts --to DIR [--from DIR] [--docs DIR,DIR]');
const docs = (arg('--docs') ?? `${resolve(ROOT, '../shared/eval/real_dev/docs')},${resolve(ROOT, 'scripts/eval/data/real_more/docs')}`).split(',');
const pdfs = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? pdfs(join(dir, n)) : /\.pdf$/i.test(n) ? [join(dir, n)] : []));
const byName = new Map(docs.flatMap(pdfs).map((p) => [basename(p), p]));

mkdirSync(to, { recursive: true });
let changedPages = 0;
for (const dir of readdirSync(from).filter((d) => /^extracted-[0-9a-f]+$/.test(d))) {
  const manifest = JSON.parse(readFileSync(join(from, dir, 'eval-manifest.json'), 'utf8')) as { docs: Array<{ id: string; file: string }>; indexKey: string };
  if (!manifest.docs.some((d) => byName.has(d.file))) continue;
  const target = join(to, dir);
  if (existsSync(target)) throw new Error(`${target} exists`);
  mkdirSync(target);
  for (const name of readdirSync(join(from, dir)))
    if (name !== 'index' && name !== 'eval-manifest.json') cpSync(join(from, dir, name), join(target, name), { recursive: true });
  const db = new Database(join(target, 'app.db'));
  const update = db.query('UPDATE document_pages SET content = ?3 WHERE document_id = ?1 AND page = ?2');
  for (const d of manifest.docs) {
    const path = byName.get(d.file);
    if (!path) continue;
    const read = await runParseJob({ op: 'extract', path, kind: 'pdf', limits: DEFAULT_UPLOAD_LIMITS, scans: true }, () => {});
    if (read.kind !== 'pdf' || !read.saraAm) continue;
    for (const n of read.saraAm.fromWords) update.run(d.id, n, read.pages[n - 1].text);
    changedPages += read.saraAm.fromWords.length;
    if (read.saraAm.ocr.length === 0) db.query("UPDATE documents SET used_ocr = 0, extraction_method = 'pdf-text' WHERE id = ?1").run(d.id);
    console.log(`${d.file}: ${read.saraAm.fromWords.length} pages from the words, ${read.saraAm.ocr.length} left to OCR`);
  }
  db.close();
  // no index key: the eval indexes the rows with the current code
  writeFileSync(join(target, 'eval-manifest.json'), JSON.stringify({ ...manifest, indexKey: '' }));
}
console.log(`${changedPages} pages hold the words' ำ in ${to}`);
process.exit(0);
