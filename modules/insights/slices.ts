// Long insights work (grouping thousands of questions) runs in slices on the server's thread: a slice of
// at most SLICE_MS, then a rest of REST_MS in which the event loop answers whatever arrived (/healthz,
// chats) and the thread sleeps, then the next slice. Issue 34 finding 7: one grouping of 5,000 long
// questions held the loop for 30–41 s.
//
// The rest, not only a turn of the loop: on shared, loaded cores a thread that never sleeps is scheduled
// behind every other runnable one, and the whole server with it (/healthz p99 ~200 ms at load 10 while the
// loop was never held longer than a slice); a thread that sleeps between slices is woken first when a
// request comes. The grouping takes about twice as long; it is cached, and the admin waits, not everyone.
//
// Slices, not a worker thread: the work reads the knowledge module's word lists and the admin's synonyms as
// they are in this process, and the single binary then needs no second entry point.

export const SLICE_MS = 8;
export const REST_MS = 8;

const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `steps` (a generator yielding after each bounded piece of work) to its result, resting `restMs` after every `sliceMs` of work. */
export async function runSliced<T>(steps: Generator<void, T>, opts: { sliceMs?: number; restMs?: number; signal?: AbortSignal } = {}): Promise<T> {
  const sliceMs = opts.sliceMs ?? SLICE_MS;
  const restMs = opts.restMs ?? REST_MS;
  for (;;) {
    const until = performance.now() + sliceMs;
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() >= until) break;
    }
    await rest(restMs);
    opts.signal?.throwIfAborted();
  }
}
