// Polls URL/healthz every 10 ms (one request at a time, a new one 10 ms after the last began or as soon as it
// answers when slower) until stdin closes, then prints {n, p50, p99, max, failed} in ms as one JSON line.
const url = process.argv[2];
if (!url) throw new Error('usage: healthz-poll.ts URL');
const times: number[] = [];
let failed = 0;
let running = true;
// closing stdin ends the poll
void new Response(Bun.stdin.stream()).text().then(() => {
  running = false;
});
while (running) {
  const t0 = performance.now();
  try {
    const r = await fetch(`${url}/healthz`);
    await r.arrayBuffer();
    if (r.status !== 200) failed++;
  } catch {
    failed++;
  }
  const ms = performance.now() - t0;
  times.push(ms);
  if (ms < 10) await Bun.sleep(10 - ms);
}
times.sort((a, b) => a - b);
const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 10) / 10;
console.log(JSON.stringify({ n: times.length, p50: at(0.5), p99: at(0.99), max: at(1), failed }));

export {};
