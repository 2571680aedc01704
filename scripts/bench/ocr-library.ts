// A whole library ingested once per OCR engine (issue 33): the ingest command (`scripts/ingest.ts`, as many files
// and OCR workers at once as cores) over a folder of real PDFs into a fresh DATA_DIR, with OCR_ENGINE=wasm
// (tesseract.js) and OCR_ENGINE=native (the tesseract command), one after the other in one run. Per engine: wall time,
// OCR pages, OCR pages per second of wall, CPU seconds of the ingest and all it waited for (tesseract children and
// parse workers included), which hold under load where the wall does not, and the quiet-machine projection
// (CPU / cores) for the issue's shape (144 scanned pages). Accuracy side by side: the fixture scans' CER and digits
// through the product path (scripts/bench/ocr-accuracy.ts under the same engine), and how far the engines' texts of
// the library's OCR pages differ from each other.
//   bun scripts/bench/ocr-library.ts [--folder DIR (default ../shared/eval/real_dev/docs)] [--engines wasm,native] [--shape 144]
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { levenshtein } from '../../modules/extraction/cer';
import { normalizeThai } from '../../modules/extraction/normalize';

const ROOT = resolve(import.meta.dir, '../..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const folder = resolve(arg('--folder') ?? resolve(ROOT, '../shared/eval/real_dev/docs'));
const engines = (arg('--engines') ?? 'wasm,native').split(',');
const shape = Number(arg('--shape') ?? 144);
const cores = availableParallelism();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Run {
  engine: string;
  wall_s: number;
  ocr_pages: number;
  ocr_pages_per_s: number;
  cpu_s: number;
  cpu_s_per_ocr_page: number;
  quiet_projection_min: number;
  load_before: string;
  load_after: string;
  summary: string;
  dataDir: string;
}

async function ingest(engine: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), `ocr-library-${engine}-`));
  const loadBefore = load();
  const started = performance.now();
  const proc = Bun.spawn([process.execPath, join(ROOT, 'scripts/ingest.ts'), '--category', 'bench', folder], {
    cwd: ROOT,
    env: { ...process.env, OCR_ENGINE: engine, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  const wall = (performance.now() - started) / 1000;
  if (proc.exitCode !== 0) throw new Error(`ingest (${engine}) exited ${proc.exitCode}: ${err.slice(-2000)}`);
  // wait4's usage: the ingest process and every child it reaped (tesseract commands, parse workers)
  const used = proc.resourceUsage();
  const cpu = used ? Number(used.cpuTime.user + used.cpuTime.system) / 1e6 : Number.NaN;
  const summary = out.split('\n').find((l) => / in the library: /.test(l)) ?? '';
  const ocrPages = Number(/(\d+) OCR pages/.exec(summary)?.[1] ?? 0);
  return {
    engine,
    wall_s: +wall.toFixed(1),
    ocr_pages: ocrPages,
    ocr_pages_per_s: +(ocrPages / wall).toFixed(3),
    cpu_s: +cpu.toFixed(1),
    cpu_s_per_ocr_page: +(cpu / Math.max(1, ocrPages)).toFixed(2),
    // the whole ingest's CPU spread over the cores, scaled to the shape: an upper bound on a quiet machine
    quiet_projection_min: +(((cpu / cores) * (shape / Math.max(1, ocrPages))) / 60).toFixed(1),
    load_before: loadBefore,
    load_after: load(),
    summary,
    dataDir,
  };
}

async function accuracy(engine: string): Promise<Record<string, string | number>> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'scripts/bench/ocr-accuracy.ts')], {
    cwd: ROOT,
    env: { ...process.env, OCR_ENGINE: engine },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const out = await new Response(proc.stdout).text();
  const line = out.trim().split('\n').at(-1) ?? '{}';
  const rows = (JSON.parse(line).ocr_accuracy ?? []) as Array<{ file: string; cer_pct: number; digits: string }>;
  const short = (f: string) => f.replace(/^regulation-scan-|\.pdf$/g, '');
  return Object.fromEntries(
    rows.flatMap((r) => [
      [`cer_${short(r.file)}`, r.cer_pct],
      [`dig_${short(r.file)}`, r.digits],
    ]),
  );
}

/** The OCR pages' texts of one run, by file hash and page. */
function ocrTexts(dataDir: string): Map<string, string> {
  const db = new Database(join(dataDir, 'app.db'), { readonly: true });
  const rows = db
    .query<{ sha256: string; page: number; content: string }, []>(
      'SELECT d.sha256, p.page, p.content FROM document_pages p JOIN documents d ON d.id = p.document_id WHERE d.used_ocr = 1',
    )
    .all();
  db.close();
  return new Map(rows.map((r) => [`${r.sha256}#${r.page}`, r.content]));
}

console.error(`ocr-library: ${folder}, engines ${engines.join(', ')}, ${cores} cores, load ${load()}`);
const runs: Run[] = [];
const rows: Array<Record<string, string | number>> = [];
try {
  for (const engine of engines) {
    const run = await ingest(engine);
    runs.push(run);
    const { dataDir: _, summary, ...shown } = run;
    const row = { ...shown, ...(await accuracy(engine)) };
    rows.push(row);
    console.log(JSON.stringify({ ...row, summary }));
  }
  if (runs.length >= 2) {
    const [a, b] = runs.map((r) => ocrTexts(r.dataDir));
    let diff = 0;
    let len = 0;
    const squash = (s: string) => normalizeThai(s).replace(/\s+/g, '');
    for (const [key, text] of a) {
      const other = b.get(key);
      if (other === undefined) continue;
      diff += levenshtein(squash(text), squash(other));
      len += squash(text).length;
    }
    console.log(JSON.stringify({ ocr_text_diff_pct: +((100 * diff) / Math.max(1, len)).toFixed(2), of: `${runs[1].engine} vs ${runs[0].engine}`, chars: len }));
  }
} finally {
  for (const r of runs) rmSync(r.dataDir, { recursive: true, force: true });
}
console.table(rows);
