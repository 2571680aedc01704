// A parse worker for the pool's memory tests (parse-pool-memory.test.ts): it speaks the real worker's protocol
// (parse-worker.ts) and, instead of reading a file, takes as much memory as the job's path names and keeps it
// while it lives, as pdf.js keeps what a file took: "hold:300" answers holding 300 MB more; "grow:450" takes 450 MB,
// answers, and lets it go. The pool under test is the real one; only what a file costs is set by the test, which
// no real file lets a test choose to the megabyte.
import type { ParseReply, ParseRequest } from './parse-worker.ts';

const MB = 1024 * 1024;
const held: Uint8Array[] = [];

process.on('message', async (req: ParseRequest) => {
  const send = (reply: ParseReply) => process.send?.(reply);
  const [what, size] = String((req.job as { path?: string }).path).split(':');
  const block = new Uint8Array(Number(size) * MB).fill(1); // filled, so resident
  if (what === 'hold') held.push(block);
  // stay at that size a few of the pool's memory polls, as a page being drawn does
  await Bun.sleep(150);
  send({ id: req.id, type: 'done', result: { kind: 'opened', pages: block.length > 0 ? 1 : 0 } });
});
process.on('disconnect', () => process.exit(0));
