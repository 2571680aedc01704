// Waiting for something another process or connection does: polls `check` until it holds (no timing is asserted;
// the deadline only turns a hang into a failure with a message).
export async function until(what: string, check: () => boolean | Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still waiting for: ${what}`);
    await Bun.sleep(50);
  }
}

/** Resolves with the first stdout line of `proc` that starts with `prefix`. */
export async function lineFrom(proc: { stdout: ReadableStream<Uint8Array> }, prefix: string): Promise<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = proc.stdout.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const line = buffered.split('\n').find((l) => l.startsWith(prefix));
      if (line) return line;
    }
  } finally {
    reader.releaseLock();
  }
  throw new Error(`the process ended without printing ${prefix}`);
}
