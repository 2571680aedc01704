// Long insights work (grouping thousands of questions) runs in slices on the server's thread: a slice of
// at most SLICE_MS, then the event loop answers whatever arrived meanwhile (/healthz, chats), then the next.
// Issue 34 finding 7: one grouping of 5,000 long questions held the loop for 30–41 s.
//
// Slices, not a worker thread: the work reads the knowledge module's word lists and the admin's synonyms as
// they are in this process, and the single binary then needs no second entry point. The cost is throughput,
// not latency: the work takes the same CPU time, in pieces.

export const SLICE_MS = 8;

const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `steps` (a generator yielding after each bounded piece of work) to its result, yielding the event loop every SLICE_MS. */
export async function runSliced<T>(steps: Generator<void, T>, opts: { sliceMs?: number; signal?: AbortSignal } = {}): Promise<T> {
  const sliceMs = opts.sliceMs ?? SLICE_MS;
  for (;;) {
    const until = performance.now() + sliceMs;
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() >= until) break;
    }
    await breathe();
    opts.signal?.throwIfAborted();
  }
}
