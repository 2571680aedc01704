// Load generator for the benches, run in its own Node process (not the bench's Bun process, which
// would compete with its own fetch loops): autocannon against one URL, `connections` keep-alive
// connections for `seconds`. Prints one JSON line: requests, errors, rps and p50/p95/p99 in ms
// (from every response's own latency; autocannon's summary has no p95).
// Usage: node scripts/bench/autocannon-run.cjs <url> <connections> <seconds> [headers as JSON]
const autocannon = require('autocannon');

const [url, connections, seconds] = [process.argv[2], Number(process.argv[3] ?? 50), Number(process.argv[4] ?? 5)];
const headers = process.argv[5] ? JSON.parse(process.argv[5]) : {};
const latencies = [];
const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, headers }, (err, result) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  latencies.sort((a, b) => a - b);
  const at = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : 0);
  const r2 = (n) => Math.round(n * 100) / 100;
  const requests = result.requests.total;
  console.log(
    JSON.stringify({
      requests,
      errors: result.errors + result.timeouts + result.non2xx,
      rps: Math.round(requests / (result.duration || seconds)),
      p50: r2(at(50)),
      p95: r2(at(95)),
      p99: r2(at(99)),
      bytesPerResponse: requests ? Math.round(result.throughput.total / requests) : 0,
    }),
  );
});
instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
