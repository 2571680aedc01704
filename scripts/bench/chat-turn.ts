// Bench: the answering core's CPU per chat turn, in process (no HTTP, no server threads to sum): the chat bench's
// library (chat-corpus.ts) and questions, each asked once (a turn number appended, as BENCH_FRESH=1 does in
// chat.ts), every turn through a fake model that answers at once, then the same questions again (what the caches
// keep). Prints this process's CPU (all threads) and wall time per turn. Run it under `bun --cpu-prof` to see
// where a turn's time goes. BENCH_APP_ROOT=<checkout>: that checkout's code answers (a before/after pair).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOllama } from '../../tests/helpers/fake-ollama';
import { addBenchLibrary } from './chat-corpus';
import { cpuByThread, cpuByThreadDelta } from './lib';

const DOCS = Number(process.env.BENCH_DOCS ?? 40);
const CLAUSES = Number(process.env.BENCH_CLAUSES ?? 100);
const TURNS = Number(process.env.BENCH_TURNS ?? 300);
const root = process.env.BENCH_APP_ROOT ?? join(import.meta.dir, '..', '..');
const from = (path: string) => import(join(root, path));
const { loadConfig } = await from('src/config.ts');
const { openContext } = await from('src/context.ts');
const { answer } = await from('modules/assistant/service.ts');
const { getPreferences, updatePreferences } = await from('modules/preferences/service.ts');
const { addDocument } = await from('modules/assistant/test-corpus.ts');
const { knowledgeIndex } = await from('modules/knowledge/service.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'askreg-bench-turn-'));
const ollama = startFakeOllama({ reply: 'ตามระเบียบ ข้อ ๑ องค์กรนักศึกษาต้องยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วัน' });
const ctx = await openContext(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', OLLAMA_HOST: ollama.url }));
const questions = await addBenchLibrary(ctx, DOCS, CLAUSES, addDocument);
// The library as a running server holds it: its text index folded and rebuilt (index-maintenance.ts does so in the
// background a second and half a minute after the last write), then the searches' copies of the tables read
// (held-table.ts), so that no measured turn pays for either.
const index = await knowledgeIndex(ctx);
await index.optimize();
await index.settled();
// every turn through the model, as the chat bench's second phase
await updatePreferences(ctx, (await getPreferences(ctx)).id, { low_threshold: 0, high_threshold: 1 }, { id: 'bench', name: 'bench' });

let asks = 0;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function run(turns: number, fresh: boolean): Promise<{ cpu: number; wall: number; threads: string }> {
  const [c0, w0, t0] = [cpu(), performance.now(), cpuByThread(process.pid)];
  for (let i = 0; i < turns; i++) {
    const q = questions[i % questions.length]!;
    await answer(ctx, { message: fresh ? `${q} ครั้งที่ ${++asks}` : q, showRegulation: true });
  }
  const r = (n: number) => Math.round((n / turns) * 100) / 100;
  return { cpu: r(cpu() - c0), wall: r(performance.now() - w0), threads: cpuByThreadDelta(t0, cpuByThread(process.pid), turns) };
}

await run(60, true); // warm-up
const fresh = await run(TURNS, true);
const repeated = await run(TURNS, false);
console.log(
  `answering core per turn (${root}), ${TURNS} turns over ${DOCS} documents: fresh question CPU ${fresh.cpu} ms (wall ${fresh.wall} ms), repeated CPU ${repeated.cpu} ms (wall ${repeated.wall} ms)`,
);
console.log(`CPU per turn by thread (ms, 10 ms ticks): fresh ${fresh.threads}; repeated ${repeated.threads}`);
console.log(JSON.stringify({ root, turns: TURNS, fresh: { cpu: fresh.cpu, wall: fresh.wall }, repeated: { cpu: repeated.cpu, wall: repeated.wall } }));
await ctx.close();
await ollama.close();
rmSync(dataDir, { recursive: true, force: true });
