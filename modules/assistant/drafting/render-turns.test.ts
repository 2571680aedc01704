// Drafts are laid out one at a time with the event loop free between two (render-turns.ts): a timer that
// falls due while the first renders runs before the second starts.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { renderInTurn, rendersRunning } from './render-turns';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

test('renders run one at a time, and other work runs between two', async () => {
  const order: string[] = [];
  const busy = (name: string) => async () => {
    order.push(`${name} start (${rendersRunning(app.ctx)} running)`);
    if (name === 'first') setTimeout(() => order.push('timer'), 0);
    const until = performance.now() + 20;
    while (performance.now() < until) {
      // a layout's synchronous work
    }
    await Promise.resolve();
    order.push(`${name} end`);
    return name;
  };
  const results = await Promise.all([renderInTurn(app.ctx, busy('first')), renderInTurn(app.ctx, busy('second'))]);
  expect(results).toEqual(['first', 'second']);
  expect(order).toEqual(['first start (1 running)', 'first end', 'timer', 'second start (1 running)', 'second end']);
});
