// Child process for the crash test: uploads the regulation fixture into DATA_DIR and is expected
// to be SIGKILLed when it announces the pause step chosen by ASKREG_TEST_PAUSE. On the database DATABASE_URL names
// (SQLite under DATA_DIR when unset); on Postgres the job pauses once this process is elected the index writer.
import { loadConfig } from '../../../src/config';
import { openContext } from '../../../src/context';
import { createApp } from '../../../src/app';
import { upsertUserAtSignIn } from '../../auth/users';
import { createSession, SESSION_COOKIE } from '../../auth/sessions';
import { eq } from 'drizzle-orm';
import { categoryFor, fixture, multipartBody } from './helpers';

const ctx = await openContext(loadConfig(process.env));
const app = createApp(ctx, { assets: { css: [], islands: {}, preload: [] } });
const user = await upsertUserAtSignIn(ctx, { email: 'crash@example.ac.th', firstname: 'ก', lastname: 'ข' });
await ctx.db.update(ctx.tables.users).set({ role: 'admin' }).where(eq(ctx.tables.users.id, user.id));
const { token } = await createSession(ctx, user.id, 'crash-test');
const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), {
  contents: process.env.CRASH_CONTENTS ?? '',
  category: await categoryFor(ctx),
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
