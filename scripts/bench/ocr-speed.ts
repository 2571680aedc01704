// OCR speed and accuracy side by side, for the variants given (every one by default): a fixed sample of real
// scanned pages (../shared/eval/real_dev, 200–300 dpi office scans) read by ocrPdfPages, and the fixture scans
// read by extractDocument and scored against regulation.txt. Each variant runs in its own process (fresh
// workers, its environment reaching the parse workers), variants alternate, the whole round is repeated:
// the machine is shared, so compare a variant with the baseline of the same round, not across runs. Beside the
// wall, cpu_s_per_page (the run's own CPU: recognition and post-processing) stays comparable under load.
//   bun scripts/bench/ocr-speed.ts [--rounds 2] [--variants base,ahead,…] [--pages N (the sample's first N pages)]
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { SAMPLE } from './ocr-sample.ts';

const ROOT = resolve(import.meta.dir, '../..');
const DOCS = resolve(ROOT, '../shared/fixtures/docs');
const REAL = resolve(ROOT, '../shared/eval/real_dev/docs');

interface Variant {
  /** renders the next pages while recognising (ocrTuning.renderAhead) */
  ahead: boolean;
  /** highest render dpi (ASK_REG_BENCH_OCR_MAX_DPI) */
  maxDpi?: number;
  params?: Record<string, string>;
  workers?: number;
  /** bench environment for the run (ASK_REG_BENCH_OCR_MODEL_THA, ASK_REG_BENCH_OCR_LANGS) */
  env?: Record<string, string>;
}

const VARIANTS: Record<string, Variant> = {
  // the product's default: OCR_ENGINE=auto (the tesseract command where installed)
  base: { ahead: false },
  // the engines by name (issue 33): tesseract.js, and the tesseract command
  wasm: { ahead: false, env: { OCR_ENGINE: 'wasm' } },
  native: { ahead: false, env: { OCR_ENGINE: 'native' } },
  ahead: { ahead: true },
  'ahead-250dpi': { ahead: true, maxDpi: 250 },
  'ahead-noinvert': { ahead: true, params: { tessedit_do_invert: '0' } },
  'ahead-psm6': { ahead: true, params: { tessedit_pageseg_mode: '6' } },
  // One uniform block (no search for blocks of other sizes) instead of PSM 4's single column. Rejected (--pages 3,
  // load 11-14): 0.83x CPU per page, but fixture CER 0.63/2.31/0.69 -> 2.52/4.65/2.40 %, digits 110/91/111 -> 86/78/86.
  // (The lower CPU is text not read: lines of other sizes are lost.)
  psm6: { ahead: false, params: { tessedit_pageseg_mode: '6' } },
  'ahead-3workers': { ahead: true, workers: 3 },
  // The package's other Thai network (4.0.0, the same network as Debian's tesseract-ocr-tha, tessdata_fast).
  'tha-4.0.0': { ahead: false, env: { ASK_REG_BENCH_OCR_MODEL_THA: '4.0.0' } },
  // English from tessdata_fast (a 4x smaller network than the package's; Debian's tesseract-ocr-eng, gzipped
  // into the folder ASK_REG_BENCH_ENG_FAST names): the English retry of unsure words costs less.
  'eng-fast': { ahead: false, env: { ASK_REG_BENCH_OCR_MODEL_ENG: process.env.ASK_REG_BENCH_ENG_FAST ?? '/tmp/tessdata_fast' } },
  // Thai alone: no English retry of the words Thai reads unsurely, but no Latin letters either.
  'tha-only': { ahead: false, env: { ASK_REG_BENCH_OCR_LANGS: 'tha' } },
  // Words accepted by the Thai model at lower certainty, so fewer are read again with English.
  'accept-5': { ahead: false, params: { stopper_nondict_certainty_base: '-5' } },
  'accept-20': { ahead: false, params: { stopper_nondict_certainty_base: '-20' } },
};

interface RunResult {
  variant: string;
  realPages: number;
  realSeconds: number;
  realCpuSeconds: number;
  fixturePages: number;
  fixtureSeconds: number;
  render: number;
  recognize: number;
  post: number;
  turns: number;
  cer: Record<string, number>;
  digits: Record<string, string>;
}

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function runOne(name: string): Promise<RunResult> {
  const variant = VARIANTS[name];
  const { extractDocument, shutdownOcr, setOcrWorkers, shutdownParseWorkers } = await import('../../modules/extraction');
  const { ocrPdfPages, ocrTuning } = await import('../../modules/extraction/ocr');
  const { benchOcrParameters } = await import('../../modules/extraction/ocr-pool');
  const { nativeOcrStats } = await import('../../modules/extraction/ocr-native');
  const { characterErrorRate, digitAccuracy } = await import('../../modules/extraction/cer');
  ocrTuning.renderAhead = variant.ahead;
  Object.assign(benchOcrParameters, variant.params ?? {});
  setOcrWorkers(variant.workers ?? 2);
  const timings = { render: 0, recognize: 0, post: 0, turns: 0 };
  let realPages = 0;
  // CPU of this process and of its tesseract commands: the tesseract.js workers are its threads (rendering runs in the
  // parse workers'), so it measures recognition and post-processing, and is less disturbed by other work than the wall.
  const cpu0 = process.cpuUsage();
  const native0 = nativeOcrStats.cpuSeconds;
  let started = performance.now();
  let budget = Number(arg('--pages')) || Number.POSITIVE_INFINITY;
  for (const [file, all] of SAMPLE) {
    const pages = all.slice(0, budget);
    budget -= pages.length;
    if (pages.length === 0) break;
    const path = resolve(REAL, file);
    if (!existsSync(path)) throw new Error(`missing sample ${path}`);
    await ocrPdfPages(path, pages, { timings });
    realPages += pages.length;
  }
  const realSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const realCpuSeconds = (cpu.user + cpu.system) / 1e6 + nativeOcrStats.cpuSeconds - native0;
  const reference = await Bun.file(resolve(DOCS, 'regulation.txt')).text();
  const cer: Record<string, number> = {};
  const digits: Record<string, string> = {};
  let fixturePages = 0;
  started = performance.now();
  for (const f of readdirSync(DOCS)
    .filter((f) => /^regulation-scan-.*\.pdf$/.test(f))
    .sort()) {
    const r = await extractDocument(resolve(DOCS, f), { ocr: 'force' });
    const key = f.replace(/^regulation-scan-|\.pdf$/g, '');
    cer[key] = +(characterErrorRate(r.text, reference) * 100).toFixed(2);
    const d = digitAccuracy(r.text, reference);
    digits[key] = `${d.correct}/${d.total}`;
    fixturePages += r.pages.length;
  }
  const fixtureSeconds = (performance.now() - started) / 1000;
  await shutdownOcr();
  shutdownParseWorkers();
  const s = (ms: number) => +(ms / 1000).toFixed(1);
  return {
    variant: name,
    realPages,
    realSeconds: +realSeconds.toFixed(1),
    realCpuSeconds: +realCpuSeconds.toFixed(1),
    fixturePages,
    fixtureSeconds: +fixtureSeconds.toFixed(1),
    render: s(timings.render),
    recognize: s(timings.recognize),
    post: s(timings.post),
    turns: timings.turns,
    cer,
    digits,
  };
}

const only = arg('--run');
if (only) {
  const variant = VARIANTS[only];
  if (!variant) throw new Error(`unknown variant ${only}`);
  console.log(JSON.stringify(await runOne(only)));
  process.exit(0);
}

const rounds = Number(arg('--rounds') ?? 2);
const names = (arg('--variants') ?? Object.keys(VARIANTS).join(',')).split(',');
for (const n of names) if (!VARIANTS[n]) throw new Error(`unknown variant ${n}`);
const rows: Array<Record<string, string | number>> = [];
for (let round = 1; round <= rounds; round++) {
  let baseRate = 0;
  let baseCpu = 0;
  for (const name of names) {
    const load = loadavg()[0].toFixed(1);
    const maxDpi = VARIANTS[name].maxDpi;
    const proc = Bun.spawn([process.execPath, import.meta.path, '--run', name, ...(arg('--pages') ? ['--pages', arg('--pages') as string] : [])], {
      cwd: ROOT,
      env: { ...process.env, ...(maxDpi ? { ASK_REG_BENCH_OCR_MAX_DPI: String(maxDpi) } : {}), ...VARIANTS[name].env },
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    const line = out.trim().split('\n').at(-1) ?? '';
    const r = JSON.parse(line) as RunResult;
    const rate = r.realPages / r.realSeconds;
    if (name === names[0]) {
      baseRate = rate;
      baseCpu = r.realCpuSeconds;
    }
    const row = {
      round,
      variant: name,
      load,
      real_pages_per_s: +rate.toFixed(3),
      vs_first: +(rate / baseRate).toFixed(2),
      real_s: r.realSeconds,
      cpu_s_per_page: +(r.realCpuSeconds / r.realPages).toFixed(2),
      cpu_vs_first: +(r.realCpuSeconds / baseCpu).toFixed(2),
      render_s: r.render,
      recog_s: r.recognize,
      post_s: r.post,
      turns: r.turns,
      fixture_s_per_page: +(r.fixtureSeconds / r.fixturePages).toFixed(2),
      ...Object.fromEntries(Object.entries(r.cer).map(([k, v]) => [`cer_${k}`, v])),
      ...Object.fromEntries(Object.entries(r.digits).map(([k, v]) => [`dig_${k}`, v])),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
console.table(rows);
