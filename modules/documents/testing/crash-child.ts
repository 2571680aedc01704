// Child process for the crash test: uploads the regulation fixture into DATA_DIR and is expected
// to be SIGKILLed when it announces the pause step chosen by ASKREG_TEST_PAUSE.
import { loadConfig } from '../../../src/config';
import { createContext } from '../../../src/context';
import { createApp } from '../../../src/app';
import { upsertUserAtSignIn } from '../../auth/users';
import { createSession, SESSION_COOKIE } from '../../auth/sessions';
import { users } from '../../auth/schema';
import { eq } from 'drizzle-orm';
import { fixture, multipartBody, testCategory } from './helpers';

const ctx = createContext(loadConfig(process.env));
const app = createApp(ctx, { assets: { css: [], islands: {}, preload: [] } });
const user = await upsertUserAtSignIn(ctx, { email: 'crash@example.ac.th', firstname: 'ก', lastname: 'ข' });
ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)).run();
const { token } = await createSession(ctx, user.id, 'crash-test');
const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), {
  contents: process.env.CRASH_CONTENTS ?? '',
  category: testCategory(ctx),
});
const res = await app.handle(
  new Request(`${ctx.config.publicUrl}/api/files/upload`, {
    method: 'POST',
    body,
    headers: { ...headers, cookie: `${SESSION_COOKIE}=${token}`, origin: ctx.config.publicUrl },
  }),
);
process.stdout.write(`ASKREG_ANSWERED ${res.status} ${await res.text()}\n`);
await new Promise(() => undefined); // keep running: the job pauses inside the queue
