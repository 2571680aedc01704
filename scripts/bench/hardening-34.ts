// Issue 34's attacks on insights (finding 7), drafts (quota), votes (finding 9), long messages and links (finding 11), and an idle baseline, rerun against one or
// more checkouts side by side: `bun scripts/bench/hardening-34.ts [--roots /work/main,.] [--only insights]`.
// Each checkout's server runs in its own process (hardening-serve.ts); /healthz is polled every 10 ms from
// a third process during each attack; the server's RSS is read before and after. Prints one line per attack.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loopLag } from './loop-lag';
import { rssMb } from './lib';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const roots = arg('roots', `/work/main,${join(import.meta.dir, '..', '..')}`)
  .split(',')
  .map((r) => resolve(r));
const only = arg('only', '');

interface Served {
  url: string;
  admin: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

async function serve(root: string): Promise<Served> {
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile (markdown) there when it stops.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const proc = Bun.spawn([process.execPath, ...prof, join(import.meta.dir, 'hardening-serve.ts'), '--root', root], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = proc.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the bench server exited before it was ready');
    text += new TextDecoder().decode(value);
  }
  const info = JSON.parse(text.split('\n')[0]!) as Omit<Served, 'stop'>;
  return {
    ...info,
    async stop() {
      proc.stdin.end();
      await proc.exited;
    },
  };
}

async function polled<T>(
  s: Served,
  attack: () => Promise<T>,
): Promise<{ result: T; health: Record<string, number>; loop: { p99: number; max: number }; rss: string }> {
  const before = rssMb(s.pid);
  const poll = Bun.spawn([process.execPath, join(import.meta.dir, 'healthz-poll.ts'), s.url], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  await Bun.sleep(300);
  const lag = loopLag(s.pid, join(s.dataDir, 'loop-lag.json'));
  const result = await attack();
  const loop = await lag.stop();
  const after = rssMb(s.pid);
  poll.stdin.end();
  const health = JSON.parse(await new Response(poll.stdout).text()) as Record<string, number>;
  return { result, health, loop, rss: `${before} -> ${after} MB` };
}

const timed = async (f: () => Promise<Response>) => {
  const t0 = performance.now();
  const r = await f();
  const body = await r.text();
  return { status: r.status, ms: Math.round(performance.now() - t0), body };
};

const ATTACKS: Record<string, (s: Served) => Promise<unknown>> = {
  // no attack: /healthz over 5 s as the machine's load leaves it, the baseline beside each attack's figures
  async idle() {
    await Bun.sleep(5000);
    return 'no requests';
  },
  async insights(s) {
    const get = (path: string) => timed(() => fetch(s.url + path, { headers: { cookie: s.admin } }));
    const out: Record<string, string> = {};
    for (const path of ['/api/insights/groups?days=90', '/api/insights/groups?days=90', '/api/insights/summary?days=365', '/api/insights/summary?days=365']) {
      const r = await get(path);
      out[`${path}${out[path] ? ' (again)' : ''}`] = `${r.status} in ${r.ms} ms`;
      out[path] ??= 'seen';
    }
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 'seen'));
  },
  // Also: 60 cookie-less drafts at once, then what is stored
  async drafts(s) {
    const before = storedDrafts(s);
    const body = JSON.stringify({ brief: 'ร่างบันทึกขออนุมัติโครงการค่ายอาสา', document_type: 'internal_memo', with_sources: false });
    const res = await Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${s.url}/api/draft`, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url }, body }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { message?: string },
        })),
      ),
    );
    return { statuses: tally(res.map((r) => r.status)), refusal: res.find((r) => r.status === 429)?.body.message ?? null, stored: storedDrafts(s) - before };
  },
  // finding 9: one address, a new guest cookie for each vote (minted by a cheap admitted route), 309 down votes with comments
  async votes(s) {
    const asked = await fetch(`${s.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url },
      body: JSON.stringify({ message: 'ค่าธรรมเนียมกิจกรรมชำระที่ไหน' }),
    });
    const id = ((await asked.json()) as { question_id?: string }).question_id;
    const statuses: number[] = [];
    for (let i = 0; i < 309; i++) {
      const mint = await fetch(`${s.url}/api/generate-title`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify({ user_message: 'x' }),
      });
      const cookie = mint.headers.get('set-cookie')?.split(';')[0] ?? '';
      const r = await fetch(`${s.url}/api/questions/${id}/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.url, cookie },
        body: JSON.stringify({ rating: 'down', comment: 'ก'.repeat(500) }),
      });
      statuses.push(r.status);
    }
    return { question: id ?? null, statuses: tally(statuses) };
  },
  // the chat's 100,000-character message cap filled with a story, its question at the end (three in a row): reading
  // the question held the loop 1.3-2.7 s before it was bounded (knowledge/question/question-bound.ts)
  async long(s) {
    const story = 'ข้อ ๓ นักศึกษาต้องชำระค่าธรรมเนียมกิจกรรมนักศึกษาภาคการศึกษาละ ๕๐๐ บาท ภายใน ๑๕ วันนับจากวันเปิดภาคการศึกษา ';
    const message = `${story.repeat(Math.ceil(100_000 / story.length)).slice(0, 99_950)} ต้องชำระที่ไหนครับ`;
    const out: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await timed(() =>
        fetch(`${s.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url }, body: JSON.stringify({ message }) }),
      );
      out.push(`${r.status} in ${r.ms} ms`);
    }
    return out;
  },
  // finding 11: the document's link and an obedient model
  async links(s) {
    const r = await fetch(`${s.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url },
      body: JSON.stringify({ message: 'ค่าธรรมเนียมกิจกรรมนักศึกษาชำระที่ไหน', show_regulation: false }),
    });
    const a = (await r.json()) as { text: string; fallback: boolean; accuracy: number };
    return {
      status: r.status,
      fallback: a.fallback,
      accuracy: a.accuracy,
      clickableOutsideLink: /\]\(https:\/\/evil/.test(a.text),
      systemPromptEchoed: a.text.includes('กฎที่ต้องปฏิบัติเสมอ'),
    };
  },
};

const tally = (xs: number[]) => Object.fromEntries([...new Set(xs)].map((x) => [x, xs.filter((y) => y === x).length]));
const storedDrafts = (s: Served) => {
  try {
    return readdirSync(join(s.dataDir, 'drafts')).filter((f) => f.endsWith('.docx')).length;
  } catch {
    return 0;
  }
};

for (const root of roots) {
  const s = await serve(root);
  try {
    for (const [name, attack] of Object.entries(ATTACKS)) {
      if (only && !only.split(',').includes(name)) continue;
      const { result, health, loop, rss } = await polled(s, () => attack(s));
      console.log(JSON.stringify({ root, attack: name, result, healthz_ms: health, event_loop_late_ms: loop, rss }));
    }
  } finally {
    await s.stop();
  }
}
