// The tesseract.js worker script as one self-contained file, for the single binary: worker threads run a
// file from disk, and the stock script loads its wasm from node_modules. Output: <outDir>/ocr-worker.js.
import { dirname, join } from 'node:path';

const root = join(import.meta.dir, '..');
const CORE = /^tesseract\.js-core\/tesseract-core(-relaxedsimd|-simd)?(-lstm)?$/;

export async function buildOcrWorker(outDir: string): Promise<string> {
  const coreDir = dirname(Bun.resolveSync('tesseract.js-core/package.json', root));
  const result = await Bun.build({
    entrypoints: [join(root, 'node_modules', 'tesseract.js', 'src', 'worker-script', 'node', 'index.js')],
    outdir: outDir,
    naming: 'ocr-worker.js',
    target: 'bun',
    minify: true,
    plugins: [
      {
        name: 'tesseract-core-inline-wasm',
        setup(build) {
          // The `.wasm.js` builds carry their wasm inline. The pool runs OEM.LSTM_ONLY, so only the three
          // LSTM cores (relaxed SIMD, SIMD, plain; tesseract picks by engine support) are included.
          build.onResolve({ filter: CORE }, ({ path }) => ({ path: join(coreDir, `tesseract-core${CORE.exec(path)![1] ?? ''}-lstm.wasm.js`) }));
        },
      },
    ],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('OCR worker build failed');
  }
  return join(outDir, 'ocr-worker.js');
}
