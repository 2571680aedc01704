// Index writes sent to the elected writer (issue 36): an instance elected writer answers another instance's request
// (a delete's chunks, the active flag) before it has indexed anything itself, e.g. just after it started or took over.
import { describe, expect, test } from 'bun:test';
import { indexWriter } from '../../src/cluster';
import { followActiveFlag, removeIndexed } from '../../modules/documents/index-writes';
import { postgresUnavailable } from '../helpers/postgres';
import { sharedInstances } from '../helpers/shared-instances';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('index writes reach a writer that has not indexed anything yet', () => {
  const cluster = sharedInstances();
  const open = () => cluster.open({ indexQueue: true });

  test("a delete's and a switch-off's index writes on the other instance are answered by the writer", async () => {
    const writer = await open();
    await until('the first instance writes the index', () => indexWriter(writer).isWriter);
    const other = await open();
    expect(indexWriter(other).isWriter).toBe(false);
    // no document: the writer applies the request from the row (none, so it removes), and answers
    await removeIndexed(other, 'no-such-document');
    await followActiveFlag(other, 'no-such-document', false);
  }, 60_000);
});
