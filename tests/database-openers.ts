// Which test files open the app's database, read from their imports the way they open it (issue 36: the whole suite on
// both shapes is checked by tests/postgres-suite.test.ts, not claimed). A file opens it when it imports one of OPENERS:
// the test helpers that start an app, a server or a context on the test database, the helpers that read and write its
// rows, or the app's own context and server entry. A file that imports tests/helpers/postgres starts its own cluster
// and skips itself when the package is absent (tests/postgres/*, the single binary's journey): it runs Postgres itself.
// Not seen: a child process started from the entry by path (scripts/start-defaults.test.ts runs the defaults, SQLite).
import { dirname, join, normalize } from 'node:path';

/** module (repository path without extension) → the names whose import opens the database ('any': every import does) */
export const OPENERS: Record<string, readonly string[] | 'any'> = {
  'tests/helpers/server': ['createTestApp', 'createTestContext', 'startTestServer'],
  'tests/e2e/harness': ['startTestServer'],
  'tests/e2e/pages/console-page': ['openConsole'],
  'tests/faults/child': ['spawnServer', 'faultData'],
  'tests/helpers/tables': 'any',
  'tests/helpers/signed-in': 'any',
  'tests/helpers/test-database': 'any',
  'tests/helpers/shared-instances': 'any',
  'src/context': ['createContext', 'openContext'],
  'src/db/client': ['openSqlite', 'openPostgres', 'openDatabase', 'queryRows'],
  'src/server': ['startServer'],
  'modules/assistant/test-corpus': ['addDocument', 'addRegulation'],
};

/** The module a file of its own cluster imports. */
export const OWN_CLUSTER_MODULE = 'tests/helpers/postgres';

export interface Import {
  /** repository path without extension, or the package name */
  module: string;
  /** the names imported ('*' for a namespace or default import) */
  names: string[];
}

// Read with a pattern rather than Bun.Transpiler's scanImports, which gives the module paths but not the imported
// names, and the names are what tell an opener (createTestApp) from a pure helper of the same module.
/** The static imports of a source file that bring values (not `import type`), each resolved against the file's path. */
export function importsOf(file: string, source: string): Import[] {
  const found: Import[] = [];
  for (const m of source.matchAll(/^import\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const clause = m[2]!;
    const braces = clause.match(/\{([^}]*)\}/);
    const names = braces
      ? braces[1]!
          .split(',')
          .map(
            (n) =>
              n
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0]!,
          )
          .filter(Boolean)
      : [];
    if (!braces || /^[\w$]+\s*,|\*\s+as/.test(clause)) names.push('*');
    found.push({ module: resolveModule(file, m[3]!), names });
  }
  return found;
}

function resolveModule(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return normalize(join(dirname(file), specifier)).replace(/\.(tsx?|js)$/, '');
}

/** True when one of the file's imports is an opener of the app's database. */
export function opensDatabase(file: string, source: string): boolean {
  return importsOf(file, source).some(({ module, names }) => {
    const opener = OPENERS[module];
    return opener === 'any' || (opener !== undefined && names.some((n) => opener.includes(n)));
  });
}

/** True when the file starts its own Postgres cluster (and says so when it cannot). */
export function runsPostgresItself(file: string, source: string): boolean {
  return importsOf(file, source).some(({ module }) => module === OWN_CLUSTER_MODULE);
}
