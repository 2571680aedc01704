// An instance in its own process for tests/postgres/index-jobs.test.ts (so the test can SIGKILL it mid-job): opens its
// context on the given Postgres and shared index, joins the indexing jobs (electing itself writer if it can), and runs
// until killed. With ASKREG_TEST_PAUSE=before-index it stops inside the job it claimed (documents/test-hooks.ts).
import { openContext } from '../../src/context';
import { indexQueue } from '../../modules/documents/indexer';
import { indexWriter } from '../../src/cluster';
import { testConfig } from '../helpers/server';

const [url, indexDir, filesDir] = process.argv.slice(2);
const ctx = await openContext({ ...testConfig({ INDEX_URI: indexDir!, FILES_DIR: filesDir! }), database: { kind: 'postgres', url: url! } });
indexWriter(ctx).onChange((w) => w && process.stdout.write(`WRITER ${process.pid}\n`));
indexQueue(ctx);
await new Promise(() => undefined);
