// Drafts are laid out into DOCX one at a time, with the event loop free between two: building a document is
// ~25–150 ms of the server's thread, and 30 drafts asked at once ran their layouts back to back, /healthz
// waiting 1.5 s behind them (issue 34's drafts attack, rerun by scripts/bench/hardening-34.ts).
import { perApp, type AppContext } from '../../../src/context';

const turns = perApp(() => ({ tail: Promise.resolve() as Promise<unknown>, running: 0 }));

const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `work` after the renders queued before it, with a turn of the event loop in between. */
export function renderInTurn<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  const lane = turns(ctx);
  const run = lane.tail.then(breathe).then(async () => {
    lane.running++;
    try {
      return await work();
    } finally {
      lane.running--;
    }
  });
  lane.tail = run.catch(() => undefined);
  return run;
}

/** Renders running now (at most one), for tests. */
export const rendersRunning = (ctx: AppContext) => turns(ctx).running;
