// tesseract.js's Node worker script with the WebAssembly build named by ASK_REG_BENCH_OCR_CORE (relaxedsimd-lstm,
// simd-lstm, lstm) instead of the one tesseract.js picks by feature detection. Bench only (scripts/bench/ocr-engines.ts).
const { parentPort } = require('node:worker_threads');
const worker = require('tesseract.js/src/worker-script');
const gunzip = require('tesseract.js/src/worker-script/node/gunzip');
const cache = require('tesseract.js/src/worker-script/node/cache');

const name = process.env.ASK_REG_BENCH_OCR_CORE || 'relaxedsimd-lstm';
let core = null;
parentPort.on('message', (packet) => worker.dispatchHandlers(packet, (obj) => parentPort.postMessage(obj)));
worker.setAdapter({
  getCore: async () => {
    core ??= require(`tesseract.js-core/tesseract-core-${name}`);
    return core;
  },
  gunzip,
  fetch: global.fetch,
  ...cache,
});
