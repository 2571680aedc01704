// Bench (issue 19 finding 1): the real server, default limits, gets the attack files at once while /healthz is
// polled every 10 ms from another process. Round 1: four attack files as a guest's chat attachments (no
// sign-in needed). Round 2: eight 100 MB junk PDFs (%PDF-1.4 + zeros) to the admin's extraction at once.
// Round 3: four render bombs (a 2 KB CCITT scan of 11,000² pixels, ~1.1 GB to render) to the admin's
// extraction, whose auto OCR renders the page: the renderer's worker is killed, not the server grown.
// Prints /healthz p50/p99/max, the server's RSS peak above idle (alone, and with its parse workers) and each
// attack's answer.
//   bun scripts/bench/attack-files.ts          (BENCH_ROUNDS=chat, admin or render for one of them)
// Target: /healthz p99 ≤ 100 ms, server RSS ≤ 1 GB above idle, each attack a Thai error within its limit.
import { readdirSync, readFileSync } from 'node:fs';
import { docxBomb, flateBombPdf, junkPdf, manyPagePdf, renderBombPdf } from '../../modules/extraction/test-attacks';
import { oidcSignIn } from '../../tests/helpers/oidc';
import { loopLag } from './loop-lag';
import { hostSteal, percentile, pollHealth, rssMb, spawnApp } from './lib';

const MB = 1024 * 1024;
const ROUNDS = process.env.BENCH_ROUNDS ?? 'chat,admin,render';
// Polls the URL every 10 ms until its stdin closes, then prints the latencies (ms) as JSON.
/** Child processes of `pid` (its parse workers), from /proc. */
function childPids(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

const safeRss = (pid: number) => {
  try {
    return rssMb(pid);
  } catch {
    return 0;
  }
};
const withWorkers = (pid: number) => safeRss(pid) + childPids(pid).reduce((n, p) => n + safeRss(p), 0);

type Attack = { name: string; send: () => Promise<Response> };

async function round(label: string, url: string, pid: number, attacks: Attack[]): Promise<void> {
  Bun.gc(true);
  await Bun.sleep(1000);
  const idle = safeRss(pid);
  const idleAll = withWorkers(pid);
  let peak = idle;
  let peakAll = idleAll;
  const sampler = setInterval(() => {
    peak = Math.max(peak, safeRss(pid));
    peakAll = Math.max(peakAll, withWorkers(pid));
  }, 25);
  const steal = hostSteal();
  // /healthz is timed from its own process: this one is busy building and sending the uploads.
  const poller = pollHealth(url);
  const lag = loopLag(pid, app.lagFile);
  await Bun.sleep(300);
  const answers = await Promise.all(
    attacks.map(async ({ name, send }) => {
      const t = performance.now();
      const res = await send();
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return `${name}: ${res.status} in ${((performance.now() - t) / 1000).toFixed(2)} s: ${body.message ?? ''}`;
    }),
  );
  const health = await poller.stop();
  const held = await lag.stop();
  clearInterval(sampler);
  console.log(`\n## ${label}`);
  for (const a of answers) console.log(a);
  console.log(`healthz_requests ${health.length}`);
  console.log(
    `healthz_p50_ms ${percentile(health, 50).toFixed(1)}  healthz_p99_ms ${percentile(health, 99).toFixed(1)}  healthz_max_ms ${health.at(-1)?.toFixed(1)}`,
  );
  console.log(`event_loop_late_p99_ms ${held.p99}  max_ms ${held.max}`);
  console.log(`server_rss_idle_mb ${idle}  peak_mb ${peak}  above_idle_mb ${(peak - idle).toFixed(1)}`);
  console.log(`with_parse_workers_idle_mb ${idleAll.toFixed(1)}  peak_mb ${peakAll.toFixed(1)}  above_idle_mb ${(peakAll - idleAll).toFixed(1)}`);
  console.log(`host_steal ${steal()}%`);
}

const app = await spawnApp({ CHAT_RATE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE_IP: '1000', UPLOAD_RATE_PER_MINUTE: '1000' });
const post = (path: string, form: FormData, cookie?: string) =>
  fetch(`${app.url}${path}`, { method: 'POST', body: form, headers: { origin: app.url, ...(cookie ? { cookie } : {}) } });
const formWith = (name: string, bytes: Uint8Array, type: string, message?: string) => {
  const form = new FormData();
  if (message) form.append('message', message);
  form.append(message ? 'files' : 'file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
};
try {
  // One ordinary attachment first: the parse workers are started, as on a server that has been up a while.
  await (await post('/api/chat', formWith('note.txt', new TextEncoder().encode('ข้อ ๑ ทดสอบ'), 'text/plain', 'สวัสดี'))).text();

  if (ROUNDS.includes('chat')) {
    console.log('generating the chat attack files…');
    const files: Array<[string, Uint8Array, string]> = [
      ['bomb.docx', docxBomb(157 * MB), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['pages-60k.pdf', manyPagePdf(60_000), 'application/pdf'],
      ['stream-1.5g.pdf', await flateBombPdf(1536 * MB), 'application/pdf'],
      ['junk-20m.pdf', junkPdf(20 * MB - 1024), 'application/pdf'],
    ];
    for (const [name, bytes] of files) console.log(`  ${name}: ${(bytes.length / MB).toFixed(1)} MB`);
    const attacks = files.map(([name, bytes, type]) => ({ name, send: () => post('/api/chat', formWith(name, bytes, type, 'ไฟล์นี้ว่าอย่างไร')) }));
    await round('four attack files at once as chat attachments (guest)', app.url, app.proc.pid, attacks);
  }

  const admin = await oidcSignIn(
    {
      publicUrl: app.url,
      request: (path, init = {}) => {
        const headers = new Headers(init.headers);
        if (init.cookie) headers.set('cookie', init.cookie);
        return fetch(app.url + path, { ...init, headers, redirect: 'manual' });
      },
    },
    'admin@demo.ac.th',
  );
  if (ROUNDS.includes('admin')) {
    const junk = junkPdf(100 * MB);
    const attacks = Array.from({ length: 8 }, (_, i) => ({
      name: `junk-100m-${i + 1}.pdf`,
      send: () => post('/api/extract', formWith(`junk-${i + 1}.pdf`, junk, 'application/pdf'), admin.cookie),
    }));
    await round('eight 100 MB junk PDFs at once to the admin extraction', app.url, app.proc.pid, attacks);
  }

  if (ROUNDS.includes('render')) {
    const bomb = renderBombPdf(11_000);
    const attacks = Array.from({ length: 4 }, (_, i) => ({
      name: `render-bomb-${i + 1}.pdf (${bomb.length} bytes)`,
      send: () => post('/api/extract', formWith(`scan-${i + 1}.pdf`, bomb, 'application/pdf'), admin.cookie),
    }));
    await round('four render-bomb scans at once to the admin extraction (auto OCR)', app.url, app.proc.pid, attacks);
  }
} finally {
  await app.stop();
}
