// Recognition alone, engine and model variants side by side: the sample of real scanned pages
// (ocr-sample.ts) and the two pages of each fixture scan are rendered once, then each variant reads every page
// with one single-threaded recogniser, timed in CPU seconds (the process's own, or the tesseract command's
// user+sys), which holds under load where the wall does not. Accuracy: fixture CER against regulation.txt and,
// for real pages, the share of characters that differ from the product's reading (base). All variants'
// text goes through the same text-only path (ocrPageText of the plain text), so the comparison is fair to the
// native engine, whose word boxes this bench does not read. Rendering, the digit and letter re-reads
// (≈0.15 CPU-s a page) and orientation retries are left out: they do not change with the variant.
//   bun scripts/bench/ocr-engines.ts [--variants base,tha,native,scale67] [--pages N]
// `native` needs Debian's tesseract-ocr on PATH; it reads the same traineddata as the product.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createWorker, OEM } from 'tesseract.js';
import { characterErrorRate, levenshtein } from '../../modules/extraction/cer';
import { normalizeThai } from '../../modules/extraction/normalize';
import { ocrPageText } from '../../modules/extraction/ocr-text';
import { openPageRenderer } from '../../modules/extraction/page-renderer';
import { shutdownParseWorkers } from '../../modules/extraction';
import type { Page } from 'tesseract.js';
import { SAMPLE } from './ocr-sample.ts';

const ROOT = resolve(import.meta.dir, '../..');
const DOCS = resolve(ROOT, '../shared/fixtures/docs');
const REAL = resolve(ROOT, '../shared/eval/real_dev/docs');
const FIXTURES = ['clean300', 'degraded200', 'g4'];

interface Img {
  key: string;
  fixture?: string;
  pgm: Uint8Array;
  width: number;
  height: number;
  dpi: number;
}
interface Variant {
  langs: string;
  native?: boolean;
  /** image scale before recognition (1 = as rendered) */
  scale?: number;
  /** tesseract.js's WebAssembly build (default: what tesseract.js detects, relaxed SIMD under Bun) */
  core?: string;
  /** tesseract parameters beside the product's */
  params?: Record<string, string>;
}
const VARIANTS: Record<string, Variant> = {
  base: { langs: 'tha+eng' },
  // Thai alone: no English second reading of the lines Thai reads unsurely.
  tha: { langs: 'tha' },
  // Debian's tesseract 5.3 command (native code, one thread) on the product's own traineddata.
  native: { langs: 'tha+eng', native: true },
  // Pages at two thirds of their resolution (300 → 200 dpi).
  scale67: { langs: 'tha+eng', scale: 2 / 3 },
  // tesseract.js's other WebAssembly builds of the same tesseract.
  simd: { langs: 'tha+eng', core: 'simd-lstm' },
  nosimd: { langs: 'tha+eng', core: 'lstm' },
  noinvert: { langs: 'tha+eng', params: { tessedit_do_invert: '0' } },
};

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const names = (arg('--variants') ?? Object.keys(VARIANTS).join(',')).split(',');
for (const n of names) if (!VARIANTS[n]) throw new Error(`unknown variant ${n}`);

const work = mkdtempSync(join(tmpdir(), 'ocr-engines-'));
const tessdata = join(work, 'tessdata');
mkdirSync(tessdata);
const require = createRequire(import.meta.url);
for (const lang of ['tha', 'eng']) {
  const gz = join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`);
  const bytes = await Bun.file(gz).bytes();
  writeFileSync(join(tessdata, `${lang}.traineddata.gz`), bytes);
  writeFileSync(join(tessdata, `${lang}.traineddata`), gunzipSync(bytes));
}

async function renderAll(): Promise<Img[]> {
  const images: Img[] = [];
  let budget = Number(arg('--pages')) || Number.POSITIVE_INFINITY;
  const jobs: Array<[string, number[], string?]> = [
    ...SAMPLE.map(([f, pages]): [string, number[]] => [resolve(REAL, f), pages]),
    ...FIXTURES.map((k): [string, number[], string] => [resolve(DOCS, `regulation-scan-${k}.pdf`), [1, 2], k]),
  ];
  for (const [path, all, fixture] of jobs) {
    const pages = fixture ? all : all.slice(0, Math.max(0, budget));
    if (!fixture) budget -= pages.length;
    if (pages.length === 0) continue;
    const renderer = await openPageRenderer(path);
    for (const n of pages) {
      const r = await renderer.render(n);
      images.push({ key: `${path.split('/').slice(-2).join('/')}#${n}`, fixture, pgm: r.pgm, width: r.width, height: r.height, dpi: r.dpi });
    }
    renderer.close();
  }
  shutdownParseWorkers();
  return images;
}

function scaled(img: Img, factor: number): Img {
  const pixels = img.pgm.subarray(img.pgm.length - img.width * img.height);
  const W = Math.round(img.width * factor);
  const H = Math.round(img.height * factor);
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const y0 = Math.floor(y / factor);
    const y1 = Math.min(img.height, Math.max(y0 + 1, Math.floor((y + 1) / factor)));
    for (let x = 0; x < W; x++) {
      const x0 = Math.floor(x / factor);
      const x1 = Math.min(img.width, Math.max(x0 + 1, Math.floor((x + 1) / factor)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += pixels[yy * img.width + xx];
      out[y * W + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  const head = new TextEncoder().encode(`P5\n${W} ${H}\n255\n`);
  const pgm = new Uint8Array(head.length + out.length);
  pgm.set(head);
  pgm.set(out, head.length);
  return { ...img, pgm, width: W, height: H, dpi: img.dpi * factor };
}

const plain = (text: string) => ocrPageText({ text, blocks: [] } as unknown as Page);

/** Each page's text and the CPU seconds its recognition took. */
async function run(v: Variant, images: Img[]): Promise<Array<{ text: string; cpu: number }>> {
  const out: Array<{ text: string; cpu: number }> = [];
  if (v.native) {
    for (const img of images) {
      const file = join(work, 'page.pgm');
      writeFileSync(file, img.pgm);
      const args = ['tesseract', file, 'stdout', '--tessdata-dir', tessdata, '--oem', '1', '--psm', '4', '-l', v.langs, '--dpi', String(Math.round(img.dpi))];
      const proc = Bun.spawnSync([...args, '-c', 'preserve_interword_spaces=1', '-c', 'debug_file=/dev/null'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      if (!proc.success) throw new Error(`tesseract: ${proc.stderr.toString().slice(0, 300)}`);
      const cpu = (Number(proc.resourceUsage.cpuTime.user) + Number(proc.resourceUsage.cpuTime.system)) / 1e6;
      out.push({ text: plain(proc.stdout.toString()), cpu });
    }
    return out;
  }
  if (v.core) process.env.ASK_REG_BENCH_OCR_CORE = v.core;
  const workerPath = v.core ? resolve(import.meta.dir, 'ocr-core-worker.cjs') : undefined;
  const worker = await createWorker(v.langs, OEM.LSTM_ONLY, { langPath: tessdata, gzip: true, cacheMethod: 'none', ...(workerPath ? { workerPath } : {}) });
  await worker.setParameters({ tessedit_pageseg_mode: '4' as never, preserve_interword_spaces: '1', debug_file: '/dev/null', ...v.params });
  for (const original of images) {
    const img = v.scale ? scaled(original, v.scale) : original;
    await worker.setParameters({ user_defined_dpi: String(Math.round(img.dpi)) });
    const c0 = process.cpuUsage();
    const { data } = await worker.recognize(Buffer.from(img.pgm));
    const c = process.cpuUsage(c0);
    out.push({ text: plain(data.text), cpu: (c.user + c.system) / 1e6 });
  }
  await worker.terminate();
  return out;
}

const squash = (s: string) => normalizeThai(s).replace(/\s+/g, '');
if (names.includes('native') && Bun.spawnSync(['which', 'tesseract']).exitCode !== 0)
  throw new Error('variant native needs the tesseract command (apt-get install tesseract-ocr)');
const images = await renderAll();
const reference = await Bun.file(resolve(DOCS, 'regulation.txt')).text();
const results: Record<string, Array<{ text: string; cpu: number }>> = {};
const rows: Array<Record<string, string | number>> = [];
try {
  for (const name of names) {
    const r = await run(VARIANTS[name], images);
    results[name] = r;
    const real = images.map((img, i) => ({ img, r: r[i] })).filter((x) => !x.img.fixture);
    const row: Record<string, string | number> = {
      variant: name,
      real_pages: real.length,
      cpu_s_per_page: +(real.reduce((s, x) => s + x.r.cpu, 0) / real.length).toFixed(2),
    };
    for (const f of FIXTURES) {
      const text = images
        .map((img, i) => (img.fixture === f ? r[i].text : null))
        .filter((t) => t !== null)
        .join('\n');
      row[`cer_${f}`] = +(characterErrorRate(text, reference) * 100).toFixed(2);
    }
    const base = results[names[0]];
    let diff = 0;
    let len = 0;
    images.forEach((img, i) => {
      if (img.fixture) return;
      const a = squash(base[i].text);
      diff += levenshtein(a, squash(r[i].text));
      len += a.length;
    });
    row[`real_diff_vs_${names[0]}_pct`] = +((100 * diff) / Math.max(1, len)).toFixed(2);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.table(rows);
