// The converted services on both databases (issue 36): every case of service-cases.ts runs on SQLite and on a real
// Postgres (one throw-away cluster for the whole file). Postgres is skipped, with a message, only when the
// `postgresql` package is absent; .ci/run installs it.
import { afterAll, beforeAll, describe, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createContext, openContext, type AppContext } from '../../src/context';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { serviceCases } from './service-cases';
import { authCases } from './auth-cases';
import { consoleCases } from './console-cases';
import { conversationCases } from './conversation-cases';
import { documentCases } from './document-cases';
import { libraryCases } from './library-cases';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

interface Implementation {
  name: string;
  skip: boolean;
  open(): Promise<AppContext>;
  close?(): Promise<void>;
}

let pg: TestPostgres | undefined;
const implementations: Implementation[] = [
  { name: 'SQLite', skip: false, open: async () => createContext(testConfig({ QUESTION_LOG_DAYS: '90' })) },
  {
    name: 'Postgres',
    skip: unavailable !== null,
    async open() {
      pg = await startPostgres();
      return await openContext({ ...testConfig({ QUESTION_LOG_DAYS: '90' }), database: { kind: 'postgres', url: pg.url } });
    },
    close: async () => await pg?.stop(),
  },
];

for (const impl of implementations) {
  describe.skipIf(impl.skip)(`services on ${impl.name}`, () => {
    let ctx: AppContext;
    beforeAll(async () => {
      ctx = await impl.open();
    }, 60_000);
    afterAll(async () => {
      await ctx?.close();
      rmSync(ctx.config.dataDir, { recursive: true, force: true });
      await impl.close?.();
    });
    for (const c of [...serviceCases, ...authCases, ...consoleCases, ...conversationCases, ...documentCases, ...libraryCases])
      test(c.name, () => c.run(ctx), 30_000);
  });
}
