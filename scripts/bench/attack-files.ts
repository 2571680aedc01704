// Bench (issue 19 finding 1): the real server (production defaults, default ATTACHMENT_* limits) gets four
// attack files at once as a guest's chat attachments while /healthz is polled every 20 ms. Prints /healthz
// p50/p99/max, the server's RSS peak above idle (and with its parse workers), and each attack's answer.
//   bun scripts/bench/attack-files.ts
// Target: /healthz p99 ≤ 100 ms, server RSS ≤ 1 GB above idle, each attack a Thai error within its limit.
import { readdirSync, readFileSync } from 'node:fs';
import { docxBomb, flateBombPdf, junkPdf, manyPagePdf } from '../../modules/extraction/test-attacks';
import { hostSteal, percentile, rssMb, spawnApp } from './lib';

const MB = 1024 * 1024;
// Polls the URL every 10 ms until its stdin closes, then prints the latencies (ms) as JSON.
const POLLER = `
const url = process.argv.at(-1);
const times = [];
let open = true;
(async () => { for await (const _ of Bun.stdin.stream()) {} open = false; })();
while (open) {
  const t = performance.now();
  await (await fetch(url)).text();
  times.push(performance.now() - t);
  await Bun.sleep(10);
}
console.log(JSON.stringify(times));
`;

/** Child processes of `pid` (the parse workers), from /proc. */
function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (list) out.push(...list.split(/\s+/).map(Number));
  }
  return out;
}

const safeRss = (pid: number) => {
  try {
    return rssMb(pid);
  } catch {
    return 0;
  }
};

console.log('generating the attack files…');
const attacks: Array<[string, Uint8Array, string]> = [
  ['bomb.docx', docxBomb(157 * MB), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['pages-60k.pdf', manyPagePdf(60_000), 'application/pdf'],
  ['stream-1.5g.pdf', await flateBombPdf(1536 * MB), 'application/pdf'],
  ['junk-20m.pdf', junkPdf(20 * MB - 1024), 'application/pdf'],
];
for (const [name, bytes] of attacks) console.log(`  ${name}: ${(bytes.length / MB).toFixed(1)} MB`);

const app = await spawnApp({ CHAT_RATE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE_IP: '1000' });
const pid = app.proc.pid;
try {
  // Warm up: one ordinary chat with a small attachment starts the parse workers.
  const warm = new FormData();
  warm.append('message', 'สวัสดี');
  warm.append('files', new File([new TextEncoder().encode('ข้อ ๑ ทดสอบ')], 'note.txt', { type: 'text/plain' }));
  await (await fetch(`${app.url}/api/chat`, { method: 'POST', body: warm, headers: { origin: app.url } })).text();
  Bun.gc(true);
  await Bun.sleep(1000);
  const idle = safeRss(pid);
  const idleAll = idle + childPids(pid).reduce((n, p) => n + safeRss(p), 0);
  const steal = hostSteal();

  let peak = idle;
  let peakAll = idleAll;
  const sampler = setInterval(() => {
    const own = safeRss(pid);
    peak = Math.max(peak, own);
    peakAll = Math.max(peakAll, own + childPids(pid).reduce((n, p) => n + safeRss(p), 0));
  }, 25);
  // /healthz is timed from its own process: this one is busy building and sending 35 MB of uploads.
  const poller = Bun.spawn([process.execPath, '-e', POLLER, `${app.url}/healthz`], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  await Bun.sleep(300);
  const answers = await Promise.all(
    attacks.map(async ([name, bytes, type]) => {
      const form = new FormData();
      form.append('message', 'ไฟล์นี้ว่าอย่างไร');
      form.append('files', new File([new Uint8Array(bytes)], name, { type }));
      const t = performance.now();
      const res = await fetch(`${app.url}/api/chat`, { method: 'POST', body: form, headers: { origin: app.url } });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return { name, status: res.status, seconds: ((performance.now() - t) / 1000).toFixed(2), message: body.message ?? '' };
    }),
  );
  poller.stdin.end();
  const health = JSON.parse(await new Response(poller.stdout).text()) as number[];
  clearInterval(sampler);
  const slow = health.map((ms, i) => [i, Math.round(ms)]).filter(([, ms]) => ms > 50);
  if (process.env.BENCH_VERBOSE) console.log('slow /healthz (index, ms):', JSON.stringify(slow));
  health.sort((a, b) => a - b);
  for (const a of answers) console.log(`${a.name}: ${a.status} in ${a.seconds} s: ${a.message}`);
  console.log(`healthz_requests ${health.length}`);
  console.log(`healthz_p50_ms ${percentile(health, 50).toFixed(1)}`);
  console.log(`healthz_p99_ms ${percentile(health, 99).toFixed(1)}`);
  console.log(`healthz_max_ms ${health.at(-1)?.toFixed(1)}`);
  console.log(`server_rss_idle_mb ${idle}  server_rss_peak_mb ${peak}  above_idle_mb ${(peak - idle).toFixed(1)}`);
  console.log(`with_parse_workers_idle_mb ${idleAll.toFixed(1)}  peak_mb ${peakAll.toFixed(1)}  above_idle_mb ${(peakAll - idleAll).toFixed(1)}`);
  console.log(`host_steal ${steal()}%`);
} finally {
  await app.stop();
}
