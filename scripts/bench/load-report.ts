// The load bench's report (scripts/bench/load.ts): a table per route, the chat turns' server overhead
// (total − the fake model's own time for that turn), CPU per process and the server's RSS, then one JSON
// line for machines. Apart from load.ts so the run and its report each read on their own.
import { percentile } from './lib';

export interface LoadResults {
  routes: Map<string, { lat: number[]; errors: number }>;
  turns: Array<{ tag: string; ms: number }>;
  /** the fake model's time per turn tag */
  spent: Record<string, number>;
  inFlight: number[];
  rss: Array<{ s: number; mb: number }>;
  cpuUsed: { server: number; database: number; model: number; loadGenerator: number; hostStealPct: number };
  errorSamples: string[];
  elapsed: number;
  measured: number;
  allTurns: number;
  run: { thinkMs: number; guests: number; users: number; admins: number };
}

/** Prints the report; returns the number of failed requests. */
export function reportLoad(res: LoadResults): number {
  const { routes, turns, spent, inFlight, rss, cpuUsed, errorSamples, elapsed, measured, allTurns } = res;
  const { thinkMs: THINK_MS, guests: GUESTS, users: USERS, admins: ADMINS } = res.run;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { n: s.length, p50: r1(percentile(s, 50)), p95: r1(percentile(s, 95)), p99: r1(percentile(s, 99)) };
  };
  let requests = 0;
  let errors = 0;
  console.log(`\n${'route'.padEnd(56)} ${'count'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  errors`);
  const perRoute: Record<string, unknown> = {};
  for (const [route, r] of routes) {
    const s = stats(r.lat);
    requests += s.n;
    errors += r.errors;
    perRoute[route] = { ...s, errors: r.errors };
    console.log(
      `${route.padEnd(56)} ${String(s.n).padStart(7)} ${r1(s.n / measured)
        .toString()
        .padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p95).padStart(8)} ${String(s.p99).padStart(8)}  ${r.errors}`,
    );
  }
  // SERVER OVERHEAD of a streamed turn: its client-observed time (request sent → `done` read) less the fake model's
  // own time for that turn's answer request (request received → last token queued; model-tag.ts says which request
  // is the answer's). A turn answered without a model call (the fallback) has no model time and is left out. The
  // stream's hold-back (assistant/containment.ts) delays when text is shown, not when the turn ends: it is not in
  // this figure (nor is the time to the first token, which this bench does not measure).
  const modelled = turns.filter((t) => spent[t.tag] !== undefined);
  const overhead = stats(modelled.map((t) => t.ms - spent[t.tag]!));
  const model = stats(modelled.map((t) => spent[t.tag]!));
  console.log(
    `\n${requests} requests in ${r1(measured)} s measured (${r1(requests / measured)} req/s), ${errors} errors; ${turns.length} chat turns (${r1(turns.length / measured)}/s), ${GUESTS + USERS} concurrent chatters`,
  );
  const flight = stats(inFlight);
  console.log(`answers streaming at once (sampled every 250 ms): p50 ${flight.p50}, p95 ${flight.p95}, max ${Math.max(0, ...inFlight)}`);
  console.log(`model time per turn (fake, ${process.env.FAKE_TOKENS_PER_S ?? 30} tokens/s)  p50 ${model.p50} ms  p95 ${model.p95} ms`);
  console.log(
    `SERVER OVERHEAD per chat turn (total − model)  p50 ${overhead.p50} ms  p95 ${overhead.p95} ms  p99 ${overhead.p99} ms  over ${overhead.n} turns (${turns.length - modelled.length} without a model call)  target p95 ≤ 25 ms: ${overhead.n && overhead.p95 <= 25 ? 'met' : 'NOT met'}`,
  );
  const perTurn = (ms: number) => (allTurns ? Math.round((ms / allTurns) * 100) / 100 : 0);
  console.log(
    `CPU: server ${r1(cpuUsed.server / 1000 / elapsed)} cores (${perTurn(cpuUsed.server)} ms/turn)${cpuUsed.database ? `, Postgres ${r1(cpuUsed.database / 1000 / elapsed)} cores (${perTurn(cpuUsed.database)} ms/turn)` : ''}, fake model ${r1(cpuUsed.model / 1000 / elapsed)} cores, load generator ${r1(cpuUsed.loadGenerator / 1000 / elapsed)} cores; host steal ${cpuUsed.hostStealPct}%`,
  );
  console.log(`server RSS: start ${rss[0]!.mb} MB, end ${rss.at(-1)!.mb} MB, max ${Math.max(...rss.map((x) => x.mb))} MB (${rss.length} samples)`);
  if (errorSamples.length) console.log(`first errors:\n  ${errorSamples.join('\n  ')}`);
  console.log(
    JSON.stringify({
      seconds: r1(elapsed),
      measuredSeconds: r1(measured),
      thinkMs: THINK_MS,
      guests: GUESTS,
      users: USERS,
      admins: ADMINS,
      requests,
      errors,
      turns: turns.length,
      streamingAtOnce: { p50: flight.p50, p95: flight.p95, max: Math.max(0, ...inFlight) },
      overhead,
      model,
      cpu: { ...cpuUsed, serverMsPerTurn: perTurn(cpuUsed.server), databaseMsPerTurn: perTurn(cpuUsed.database) },
      rss,
      perRoute,
    }),
  );
  return errors;
}
