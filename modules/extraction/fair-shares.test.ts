// Fair reading across requesters (issue 34 finding 8): one address's backlog of attachments cannot starve
// another's small file. The unit tests order jobs; the pool test reads real files in the chat lane's workers.
import { afterAll, describe, expect, test } from 'bun:test';
import { FairShares, type Shared } from './fair-shares';
import { DEFAULT_ATTACHMENT_LIMITS, extractDocument, shutdownParseWorkers } from './index.ts';
import { manyPagePdf } from './test-attacks.ts';
import { doc, tempFile } from './test-fixtures.ts';

afterAll(() => shutdownParseWorkers());

/** Starts jobs on `workers` workers, finishing the oldest running one each round; returns the start order. */
function simulate(jobs: Shared[], workers: number): number[] {
  const fair = new FairShares();
  const queue = [...jobs];
  const running: Shared[] = [];
  const order: number[] = [];
  while (queue.length || running.length) {
    while (running.length < workers && queue.length) {
      const [job] = queue.splice(fair.pick(queue), 1) as [Shared];
      fair.started(job);
      running.push(job);
      order.push(job.id);
    }
    fair.finished(running.shift()!);
  }
  return order;
}

describe('fair shares', () => {
  test('jobs without a share keep their order (library uploads: first come, first read)', () => {
    expect(
      simulate(
        [1, 2, 3, 4].map((id) => ({ id })),
        2,
      ),
    ).toEqual([1, 2, 3, 4]);
  });

  test('a second address is served at the next free worker, however many guests the first one invents', () => {
    const flood = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, share: ['10.0.0.1', `guest:${i}`] }));
    const victim = { id: 51, share: ['10.0.0.2', 'guest:victim'] };
    const order = simulate([...flood, victim], 2);
    expect(order.indexOf(51)).toBe(1); // the second worker: its address reads nothing yet
  });

  test('within one address, requesters take turns', () => {
    const a = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, share: ['10.0.0.1', 'guest:a'] }));
    const b = Array.from({ length: 2 }, (_, i) => ({ id: 10 + i, share: ['10.0.0.1', 'guest:b'] }));
    expect(simulate([...a, ...b], 1)).toEqual([1, 10, 2, 11, 3, 4, 5]);
  });

  test('two busy addresses alternate', () => {
    const a = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, share: ['a', 'x'] }));
    const b = Array.from({ length: 3 }, (_, i) => ({ id: 10 + i, share: ['b', 'y'] }));
    expect(simulate([...a, ...b], 1)).toEqual([1, 10, 2, 11, 3, 12]);
  });
});

describe('the chat lane reads fairly', () => {
  test("a victim's small attachment is read before a flood queued ahead of it from another address", async () => {
    const slow = tempFile('flood.pdf', manyPagePdf(1500));
    const limits = { ...DEFAULT_ATTACHMENT_LIMITS, maxPages: 100_000, timeoutMs: 120_000, memoryBytes: 2048 * 1024 * 1024 };
    const finished: string[] = [];
    const flood = Array.from({ length: 4 }, (_, i) =>
      extractDocument(slow, { kind: 'pdf', ocr: 'off', limits, lane: 'chat', share: ['10.0.0.1', `guest:${i}`] })
        .catch(() => undefined)
        .then(() => finished.push(`flood${i}`)),
    );
    await Bun.sleep(50); // the flood is queued first
    const victim = extractDocument(doc('regulation.pdf'), { kind: 'pdf', ocr: 'off', limits, lane: 'chat', share: ['10.0.0.2', 'guest:victim'] }).then((r) => {
      finished.push('victim');
      return r;
    });
    expect((await victim).text).toContain('ข้อ');
    await Promise.all(flood);
    // Order, not a clock: two flood files were being read when the victim asked; it is read at the first free
    // worker, before the other two (first come, it waited for a third flood file: index 3).
    expect(finished.indexOf('victim')).toBeLessThanOrEqual(2);
  }, 120_000);
});
