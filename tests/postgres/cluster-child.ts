// A second instance for tests/postgres/cluster.test.ts and index-jobs.test.ts, in its own process so the test can
// SIGKILL it. `writer URL`: takes the index writer lock, prints "WRITER <pid>", then waits to be killed.
import { pgWriterLock } from '../../src/cluster/writer-lock';

const [mode, url] = process.argv.slice(2);
if (mode === 'writer') {
  const lock = pgWriterLock(url!, { pollMs: 100 });
  lock.onChange((w) => w && process.stdout.write(`WRITER ${process.pid}\n`));
  await new Promise(() => undefined);
}
