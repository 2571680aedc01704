// The whole suite on both shapes, checked (issue 36): every test file that opens the app's database runs on Postgres
// too (POSTGRES_SUITE, or POSTGRES_SUITE_HEAVY with TEST_POSTGRES=all), starts its own cluster, or is in SQLITE_ONLY
// with its reason. A new database-backed file in no list fails here, naming the file.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { opensDatabase, runsPostgresItself } from './database-openers';
import { POSTGRES_SUITE, POSTGRES_SUITE_HEAVY, SQLITE_ONLY } from './postgres-suite';

const root = join(import.meta.dir, '..');
const testFiles = [...new Bun.Glob('**/*.test.{ts,tsx}').scanSync({ cwd: root })].filter((f) => !f.includes('node_modules/')).sort();
const source = (f: string) => readFileSync(join(root, f), 'utf8');
const lists: Array<[string, readonly string[]]> = [
  ['POSTGRES_SUITE', POSTGRES_SUITE],
  ['POSTGRES_SUITE_HEAVY', POSTGRES_SUITE_HEAVY],
  ['SQLITE_ONLY', Object.keys(SQLITE_ONLY)],
];
const listsOf = (f: string) => lists.filter(([, files]) => files.includes(f)).map(([name]) => name);

describe('the database-backed test files on both shapes', () => {
  test('every file that opens the app database is in exactly one list, or starts its own cluster', () => {
    const unplaced = testFiles.filter((f) => opensDatabase(f, source(f)) && !runsPostgresItself(f, source(f)) && listsOf(f).length !== 1);
    expect(unplaced.map((f) => `${f} (in ${listsOf(f).join(', ') || 'no list'})`)).toEqual([]);
  });

  test.each(lists)('every entry of %s is a test file that opens the app database', (_name, files) => {
    const wrong = files.filter((f) => !existsSync(join(root, f)) || !opensDatabase(f, source(f)) || runsPostgresItself(f, source(f)));
    expect(wrong).toEqual([]);
  });

  test('every SQLite-only file says why', () => {
    expect(Object.entries(SQLITE_ONLY).filter(([, reason]) => reason.trim().length < 20)).toEqual([]);
  });
});
