// One schema, two dialects (issue 36): every table of src/db/schema.ts (SQLite) has a twin in src/db/schema.pg.ts
// (Postgres) with the same columns, type classes, nullability, defaults, keys and indexes. A column added to one file and
// not the other fails here, and so does a Postgres migration folder that no longer matches the pg schema.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import * as pgSchema from '../../src/db/schema.pg';
import * as sqliteSchema from '../../src/db/schema';

/** The kind of value a column holds, whichever dialect stores it. */
const TYPE_CLASS: Record<string, string> = {
  SQLiteText: 'text',
  PgText: 'text',
  SQLiteTextJson: 'json',
  PgJsonb: 'json',
  SQLiteInteger: 'integer',
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  SQLiteBoolean: 'boolean',
  PgBoolean: 'boolean',
  SQLiteTimestamp: 'timestamp',
  PgTimestamp: 'timestamp',
  SQLiteReal: 'float',
  PgDoublePrecision: 'float',
};

interface Shape {
  columns: Record<string, { type: string; notNull: boolean; primary: boolean; unique: boolean; default: unknown; enum: string[] | undefined }>;
  primaryKeys: string[][];
  indexes: string[];
  foreignKeys: string[];
}

type AnyConfig = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;
function shape(c: AnyConfig): Shape {
  const columns: Shape['columns'] = {};
  for (const col of c.columns) {
    columns[col.name] = {
      type: TYPE_CLASS[col.columnType] ?? `unmapped ${col.columnType}`,
      notNull: col.notNull,
      primary: col.primary,
      unique: col.isUnique,
      default: col.default instanceof Date ? 'date' : typeof col.default === 'object' && col.default !== null ? 'sql' : col.default,
      enum: col.enumValues,
    };
  }
  const indexes = c.indexes.map((i) => {
    const cols = i.config.columns.map((x) => ('name' in x ? x.name : 'expr')).join(',');
    return `${i.config.name}${i.config.unique ? ' unique' : ''} (${cols})`;
  });
  const foreignKeys = c.foreignKeys.map((fk) => {
    const r = fk.reference();
    const target = is(r.foreignTable, PgTable) ? pgConfig(r.foreignTable).name : sqliteConfig(r.foreignTable as SQLiteTable).name;
    return `${r.columns.map((x) => x.name).join(',')} -> ${target}(${r.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
  });
  return { columns, primaryKeys: c.primaryKeys.map((pk) => pk.columns.map((x) => x.name)), indexes: indexes.sort(), foreignKeys: foreignKeys.sort() };
}

const sqliteTables = new Map(
  Object.values(sqliteSchema)
    .filter((t) => is(t, SQLiteTable))
    .map((t) => [sqliteConfig(t as SQLiteTable).name, shape(sqliteConfig(t as SQLiteTable))]),
);
const pgTables = new Map(
  Object.values(pgSchema)
    .filter((t) => is(t, PgTable))
    .map((t) => [pgConfig(t as PgTable).name, shape(pgConfig(t as PgTable))]),
);

describe('SQLite and Postgres schemas', () => {
  test('define the same tables', () => {
    expect(sqliteTables.size).toBeGreaterThan(10);
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
  });

  for (const [name, lite] of sqliteTables) {
    test(`${name}: same columns, type classes, constraints and indexes`, () => {
      expect(pgTables.get(name)).toEqual(lite);
    });
  }

  test('every Postgres migration is recorded in its journal (drizzle-kit generate --config drizzle.pg.config.ts)', () => {
    const dir = join(import.meta.dir, '../../src/db/migrations-pg');
    const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files.sort());
    // The last snapshot must name every pg table, or a table was added without generating its migration.
    const last = journal.entries.at(-1)!.tag.split('_')[0];
    const snapshot = JSON.parse(readFileSync(join(dir, `meta/${last}_snapshot.json`), 'utf8')) as { tables: Record<string, unknown> };
    expect(
      Object.keys(snapshot.tables)
        .map((k) => k.replace(/^public\./, ''))
        .sort(),
    ).toEqual([...pgTables.keys()].sort());
  });
});
