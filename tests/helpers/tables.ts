// The tables a test queries directly, for the database this test process runs on (tests/helpers/test-database.ts):
// the SQLite tables, or their Postgres twins under TEST_DATABASE=postgres. Typed as the SQLite ones, as `ctx.tables`
// is (src/db/client.ts); query them with awaited builders (never `.get()/.all()/.run()`, which only SQLite has).
import * as sqlite from '../../src/db/schema';
import * as pg from '../../src/db/schema.pg';
import { onPostgres } from './test-database';

const tables = (onPostgres ? pg : sqlite) as unknown as typeof sqlite;

export const {
  users,
  sessions,
  loginRequests,
  categories,
  conversations,
  conversationDetails,
  documents,
  documentPages,
  documentVersions,
  preferences,
  questionLog,
  questionFeedback,
  synonymGroups,
} = tables;

/** A document row as an upload of `<id>.pdf` leaves it (its stored file, page rows and index are the test's business). */
export function documentRow(id: string, fields: Partial<typeof documents.$inferInsert> = {}): typeof documents.$inferInsert {
  const now = new Date();
  return {
    id,
    fileName: id,
    rawFileName: `${id}.pdf`,
    fileType: 'pdf',
    mimeType: 'application/pdf',
    fileSize: 1,
    storagePath: `${id}/a.pdf`,
    sha256: '',
    status: 'ready',
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
