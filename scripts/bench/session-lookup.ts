// Per-request cost of the session lookup (issue 36: auth became async). In-process requests through the whole
// app: a signed-in GET /api/profile/me against the same route as a guest (401 before any handler), in one run, so
// the difference is the session lookup and the caller's derive. Usage: bun scripts/bench/session-lookup.ts [requests]
import { createTestApp } from '../../tests/helpers/server';

const N = Number(process.argv[2] ?? 20_000);
const app = await createTestApp();
const { cookie } = app.signIn('bench@example.ac.th', 'user');
const req = (withCookie: boolean) => app.request('/api/profile/me', withCookie ? { cookie } : {});

async function time(label: string, withCookie: boolean): Promise<number> {
  for (let i = 0; i < 2000; i++) await req(withCookie); // warm-up: JIT, prepared statements
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = Bun.nanoseconds();
    for (let i = 0; i < N / 5; i++) await req(withCookie);
    rounds.push((Bun.nanoseconds() - t0) / 1000 / (N / 5));
  }
  const best = Math.min(...rounds);
  console.log(`${label}: ${best.toFixed(1)} µs/request (best of 5 rounds of ${N / 5}; all ${rounds.map((x) => x.toFixed(1)).join(', ')})`);
  return best;
}

const status = (await req(true)).status;
if (status !== 200) throw new Error(`signed-in request answered ${status}`);
const guest = await time('guest    GET /api/profile/me (401)', false);
const signed = await time('signed-in GET /api/profile/me (200)', true);
console.log(`signed-in / guest: ${(signed / guest).toFixed(2)}; session lookup and caller ≈ ${(signed - guest).toFixed(1)} µs`);
await app.close();
