// Crash-test hook: with NODE_ENV=test and ASKREG_TEST_PAUSE=<step>, the process announces
// "ASKREG_PAUSED <step> <documentId>"
// (a batch of jobs on the index writer: its ids, space-separated) on stdout and stops at that step so a test can SIGKILL it there.
import type { AppContext } from '../../src/context';

export type PauseStep = 'after-row' | 'before-index' | 'batch-written';

export async function testPause(ctx: AppContext, step: PauseStep, documentId: string): Promise<void> {
  if (ctx.config.nodeEnv !== 'test' || process.env.ASKREG_TEST_PAUSE !== step) return;
  process.stdout.write(`ASKREG_PAUSED ${step} ${documentId}\n`);
  await new Promise(() => undefined);
}
