// Start-up work of two instances on one Postgres (issue 36): each has its own DATA_DIR, both see the same rows.
// Skipped, with a message, only when the `postgresql` package is absent; .ci/run installs it.
import { describe, expect, test } from 'bun:test';
import { demoDocumentCount, loadDemoLibrary } from '../../modules/documents/demo';
import { listSupportedDocuments } from '../../modules/documents/catalog';
import { postgresUnavailable } from '../helpers/postgres';
import { twoInstances } from './two-instances';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('two instances on one Postgres', () => {
  const two = twoInstances({ DEMO_LIBRARY: 'true' });

  test('started together on an empty library, they load the demo library once', async () => {
    const loaded = await Promise.all([loadDemoLibrary(two.a), loadDemoLibrary(two.b)]);
    expect(loaded.sort()).toEqual([0, 3]);
    expect(await demoDocumentCount(two.b)).toBe(3);
    // indexed by the elected index writer, as any upload, then listed
    await until('the demo library listed', async () => (await listSupportedDocuments(two.a)).total === 3);
  }, 60_000);
});
