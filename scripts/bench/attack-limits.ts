// Bench (issue 34 findings 5, 6, 8, 12): the real server under four attacks while /healthz is polled every 10 ms
// from another process. Prints each attack's answers (status, time, Thai text), /healthz p50/p99/max and the
// server's RSS above idle. BENCH_APP_ROOT=/work/main runs another checkout's server for a before/after pair.
//   bodies:   a rate-limited guest sends 20 concurrent 60 MB JSON bodies ({"message":"ก","pad":…}) (finding 5)
//   inflight: one cookie-less address opens 100 streamed chats and never reads them; a second address asks one
//             question meanwhile (finding 6). The fake model reports how many requests it held at once.
//   attach:   50 cookie-less chats from one address with 5 × 1.9 MB junk PDFs each; a victim from another
//             address sends one small text attachment (finding 8)
//   similar:  an admin's 19.9 MB text to POST /api/files/similar (finding 12)
//   bun scripts/bench/attack-limits.ts            (BENCH_ROUNDS=bodies,inflight,attach,similar)
// Target: every attack answered with a Thai error or 429, /healthz p99 ≤ 100 ms, server RSS ≤ +300 MB.
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { junkPdf } from '../../modules/extraction/test-attacks';
import { loopLag } from './loop-lag';
import { hostSteal, percentile, pollHealth, rssMb, spawnApp, spawnFakeLlm } from './lib';
import { prepareLoadData } from './load-data';

const MB = 1024 * 1024;
const ROUNDS = process.env.BENCH_ROUNDS ?? 'bodies,inflight,attach,similar';
const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const safeRss = (pid: number) => {
  try {
    return rssMb(pid);
  } catch {
    return 0;
  }
};

/** Runs `attack` (which returns its answer lines) while timing /healthz and sampling the server's RSS. */
async function round(label: string, url: string, pid: number, attack: () => Promise<string[]>, prepare?: () => Promise<unknown>): Promise<void> {
  Bun.gc(true);
  await Bun.sleep(1000);
  await prepare?.(); // not timed: e.g. spending a budget just before the attack
  const idle = safeRss(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, safeRss(pid))), 25);
  const steal = hostSteal();
  const poller = pollHealth(url);
  const lag = loopLag(pid, app.lagFile);
  await Bun.sleep(500);
  const t0 = performance.now();
  const lines = await attack();
  const seconds = (performance.now() - t0) / 1000;
  await Bun.sleep(500); // what the attack left behind (collection, closing) counts too
  const health = await poller.stop();
  const held = await lag.stop();
  clearInterval(sampler);
  console.log(`\n## ${label} (${seconds.toFixed(1)} s)`);
  for (const l of lines) console.log(l);
  console.log(
    `healthz_requests ${health.length}  p50_ms ${percentile(health, 50).toFixed(1)}  p99_ms ${percentile(health, 99).toFixed(1)}  max_ms ${health.at(-1)?.toFixed(1)}`,
  );
  console.log(`event_loop_late_p99_ms ${held.p99}  max_ms ${held.max}`);
  console.log(`server_rss_idle_mb ${idle}  peak_mb ${peak}  above_idle_mb ${(peak - idle).toFixed(1)}  host_steal ${steal()}%`);
}

/** Answers grouped by status and text, with the slowest time of each group. */
function tally(answers: Array<{ status: number; ms: number; message: string }>): string[] {
  const groups = new Map<string, { n: number; maxMs: number }>();
  for (const a of answers) {
    const key = `${a.status} ${a.message.slice(0, 90)}`;
    const g = groups.get(key) ?? { n: 0, maxMs: 0 };
    g.n++;
    g.maxMs = Math.max(g.maxMs, a.ms);
    groups.set(key, g);
  }
  return [...groups].map(([key, g]) => `${g.n} × ${key}  (slowest ${(g.maxMs / 1000).toFixed(2)} s)`);
}

async function timed(send: () => Promise<Response>): Promise<{ status: number; ms: number; message: string }> {
  const t = performance.now();
  try {
    const res = await send();
    const text = await res.text();
    let message = text.slice(0, 90);
    try {
      const body = JSON.parse(text) as { message?: string; text?: string };
      message = body.message ?? (body.text ? `answer: ${body.text.slice(0, 40)}` : message);
    } catch {}
    return { status: res.status, ms: performance.now() - t, message };
  } catch (err) {
    return { status: 0, ms: performance.now() - t, message: `client error: ${(err as Error).message}` };
  }
}

/**
 * POSTs `head` + filler + `tail` (`total` bytes) over a raw socket, as fast as the server takes it, and stops
 * writing when the server answers: the time is until the server's status line, whether or not it read the body.
 */
function sendLarge(path: string, headers: Record<string, string>, head: string, total: number, tail: string) {
  const { port } = new URL(url);
  const t = performance.now();
  return new Promise<{ status: number; ms: number; message: string }>((resolve) => {
    let answered = false;
    let text = '';
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, async () => {
      const lines = Object.entries({ host: `127.0.0.1:${port}`, origin: url, 'content-length': String(total), ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n${head}`);
      const filler = Buffer.alloc(MB, 0x78);
      let sent = Buffer.byteLength(head);
      while (!answered && sent < total - tail.length) {
        const n = Math.min(filler.length, total - tail.length - sent);
        sent += n;
        if (!socket.write(n === filler.length ? filler : filler.subarray(0, n))) await new Promise((r) => socket.once('drain', r));
      }
      if (!answered) socket.write(tail);
    });
    const finish = (status: number, message: string) => {
      if (answered) return;
      answered = true;
      resolve({ status, ms: performance.now() - t, message });
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? NaN);
      if (end >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) {
        const body = text.slice(end + 4);
        finish(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]), (JSON.parse(body) as { message?: string }).message ?? body.slice(0, 90));
      }
    });
    socket.on('error', (err) => finish(0, `client error: ${err.message}`));
    socket.on('close', () => finish(0, 'closed without an answer'));
  });
}

// The data (the regulation, an admin session), the fake model in its own process, then the server.
const dataDir = mkdtempSync(join(tmpdir(), 'askreg-bench-limits-'));
const { adminCookies } = await prepareLoadData(dataDir, 0, 1);
const { proc: fake, url: fakeUrl } = await spawnFakeLlm({ FAKE_TOKENS_PER_S: '30', FAKE_REPLY_TOKENS: '300' });
const app = await spawnApp({ DATA_DIR: dataDir, OLLAMA_HOST: fakeUrl, AI_TIMEOUT_MS: '120000', TRUST_PROXY: 'true', STREAM_STALL_SECONDS: '10' });
const url = app.url;
const from = (address: string, extra: Record<string, string> = {}) => ({ origin: url, 'x-forwarded-for': address, ...extra });
const modelOpen = async () => (await (await fetch(`${fakeUrl}/open`)).json()) as { now: number; peak: number; cancelled: number; total: number };

try {
  if (ROUNDS.includes('bodies')) {
    // spend the address's chat budget (CHAT_RATE_PER_MINUTE_IP, 300) with small requests that need no model
    const spendBudget = async (address: string) => {
      for (let i = 0; i < 30; i++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${url}/api/chat`, {
              method: 'POST',
              headers: from(address, { 'content-type': 'application/json' }),
              body: '{"message":"ผลฟุตบอลเมื่อคืน"}',
            }).then((r) => r.status),
          ),
        );
        if (statuses.includes(429)) return;
      }
    };
    const head = `{"message":"ก","pad":"`;
    const total = 60 * MB;
    const send = (address: string) => sendLarge('/api/chat', { 'x-forwarded-for': address, 'content-type': 'application/json' }, head, total, '"}');
    await round(
      '20 concurrent 60 MB JSON bodies from a rate-limited guest (time until the server answers)',
      url,
      app.proc.pid,
      async () => tally(await Promise.all(Array.from({ length: 20 }, () => send('10.1.0.1')))),
      () => spendBudget('10.1.0.1'),
    );
    await round('20 concurrent 60 MB JSON bodies from fresh addresses (not limited)', url, app.proc.pid, async () =>
      tally(await Promise.all(Array.from({ length: 20 }, (_, i) => send(`10.2.0.${i + 1}`)))),
    );
  }

  if (ROUNDS.includes('inflight')) {
    const { port } = new URL(url);
    const alone = await timed(() =>
      fetch(`${url}/api/chat`, {
        method: 'POST',
        headers: from('10.3.0.9', { 'content-type': 'application/json' }),
        body: JSON.stringify({ message: QUESTION }),
      }),
    );
    await round('100 streamed chats held unread by one cookie-less address; one question from another address', url, app.proc.pid, async () => {
      const before = await modelOpen();
      const sockets: Socket[] = [];
      const statuses: string[] = [];
      const body = JSON.stringify({ message: QUESTION, show_regulation: false });
      for (let i = 0; i < 100; i++) {
        const s = connect({ host: '127.0.0.1', port: Number(port) }, () => {
          s.write(
            `POST /api/chat HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: ${url}\r\nx-forwarded-for: 10.3.0.1\r\ncontent-type: application/json\r\naccept: text/event-stream\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          );
        });
        s.once('data', (chunk) => {
          statuses.push(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1] ?? '?');
          s.pause(); // never reads the answer
        });
        sockets.push(s);
      }
      await Bun.sleep(2000);
      const victim = await timed(() =>
        fetch(`${url}/api/chat`, {
          method: 'POST',
          headers: from('10.3.0.2', { 'content-type': 'application/json' }),
          body: JSON.stringify({ message: QUESTION }),
        }),
      );
      const during = await modelOpen();
      await Bun.sleep(14_000); // past STREAM_STALL_SECONDS
      const later = await modelOpen();
      for (const s of sockets) s.destroy();
      await Bun.sleep(1000);
      const after = await modelOpen();
      const counts = statuses.reduce<Record<string, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});
      return [
        `held chats answered: ${JSON.stringify(counts)}`,
        `model requests for the held chats: ${during.total - before.total - 1}; most at once ${during.peak}; open 14 s later ${later.now}; open after the clients left ${after.now}; cancelled by the server ${after.cancelled - before.cancelled}`,
        `victim: ${victim.status} in ${(victim.ms / 1000).toFixed(2)} s (alone before: ${alone.status} in ${(alone.ms / 1000).toFixed(2)} s)`,
      ];
    });
  }

  if (ROUNDS.includes('attach')) {
    const junk = junkPdf(Math.round(1.9 * MB));
    const chat = (address: string, files: Array<[string, Uint8Array, string]>) => {
      const form = new FormData();
      form.append('message', 'ไฟล์นี้ว่าอย่างไร');
      for (const [name, bytes, type] of files) form.append('files', new File([new Uint8Array(bytes)], name, { type }));
      return fetch(`${url}/api/chat`, { method: 'POST', body: form, headers: from(address) });
    };
    await round('50 cookie-less chats with 5 × 1.9 MB PDFs from one address; a victim’s small file from another', url, app.proc.pid, async () => {
      const flood = Array.from({ length: 50 }, (_, i) =>
        timed(() =>
          chat(
            '10.4.0.1',
            Array.from({ length: 5 }, (_, j) => [`junk-${i}-${j}.pdf`, junk, 'application/pdf'] as [string, Uint8Array, string]),
          ),
        ),
      );
      await Bun.sleep(1500);
      const victim = await timed(() => chat('10.4.0.2', [['note.txt', new TextEncoder().encode('ข้อ ๑ นักศึกษาต้องเสนอโครงการล่วงหน้า ๓๐ วัน'), 'text/plain']]));
      const floodAnswers = await Promise.all(flood);
      return [...tally(floodAnswers).map((l) => `flood: ${l}`), `victim: ${victim.status} in ${(victim.ms / 1000).toFixed(2)} s: ${victim.message}`];
    });
  }

  if (ROUNDS.includes('similar')) {
    const consonants = 'กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮ';
    let x = 7;
    const words: string[] = [];
    for (let n = 0; n < 6_600_000; n += 3) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      words.push(consonants[x % 34]! + 'า' + consonants[(x >>> 16) % 34]!);
    }
    const body = JSON.stringify({ contents: words.join('') });
    console.log(`\nsimilar body: ${(Buffer.byteLength(body) / MB).toFixed(1)} MB`);
    const send = () =>
      timed(() =>
        fetch(`${url}/api/files/similar`, { method: 'POST', headers: { origin: url, cookie: adminCookies[0]!, 'content-type': 'application/json' }, body }),
      );
    await round('an admin’s 19.9 MB text to POST /api/files/similar (the first since start)', url, app.proc.pid, async () => tally([await send()]));
    await round('the same text to POST /api/files/similar again', url, app.proc.pid, async () => tally([await send()]));
  }
} finally {
  await app.stop();
  fake.kill();
}
