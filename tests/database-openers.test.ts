import { expect, test } from 'bun:test';
import { importsOf, opensDatabase, runsPostgresItself } from './database-openers';

// [file, source, opens the app database, starts its own cluster]
const cases: Array<[string, string, boolean, boolean]> = [
  ['tests/e2e/x.test.ts', "import { launchBrowser, startTestServer, type Browser } from './harness';", true, false],
  ['tests/e2e/x.test.ts', "import { launchBrowser, type Browser } from './harness';", false, false],
  ['tests/e2e/x.test.ts', "import type { TestServer } from './harness';", false, false],
  ['tests/e2e/x.test.ts', "import { openConsole, type ConsolePage } from './pages/console-page';", true, false],
  ['src/x.test.ts', "import { createContext } from './context';", true, false],
  ['src/x.test.ts', "import { freePort, testConfig } from '../tests/helpers/server';", false, false],
  ['modules/a/b.test.ts', "import {\n  createTestApp,\n  type TestApp,\n} from '../../tests/helpers/server';", true, false],
  ['modules/a/b.test.ts', "import { users as u } from '../../tests/helpers/tables';", true, false],
  ['modules/a/b.test.ts', "import * as helpers from '../../tests/helpers/signed-in';", true, false],
  ['modules/a/b.test.ts', "import { addRegulation } from '../test-corpus';", false, false],
  ['modules/assistant/b.test.ts', "import { addRegulation } from './test-corpus';", true, false],
  ['tests/postgres/x.test.ts', "import { createTestApp } from '../helpers/server';\nimport { postgresUnavailable } from '../helpers/postgres';", true, true],
  ['scripts/x.test.ts', "// import { createTestApp } from '../tests/helpers/server';\nimport { tempDataDir } from '../tests/helpers/server';", false, false],
];

test.each(cases)('%s: %p opens the database: %p, own cluster: %p', (file, source, opens, own) => {
  expect(opensDatabase(file, source)).toBe(opens);
  expect(runsPostgresItself(file, source)).toBe(own);
});

test('imports are resolved against the file and keep the names, aliases read by their source name', () => {
  expect(importsOf('tests/e2e/x.test.ts', "import chromium, { a as b } from 'playwright-core';\nimport { c } from '../helpers/tables.ts';")).toEqual([
    { module: 'playwright-core', names: ['a', '*'] },
    { module: 'tests/helpers/tables', names: ['c'] },
  ]);
});
