// The import rules of docs/architecture.md, read from the real tree, and the checker shown to catch a broken
// import on a small synthetic tree.
import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkEdges, readImportEdges, type ImportEdge } from '../scripts/architecture/imports';

const root = join(import.meta.dir, '..');
const key = (e: ImportEdge) => `${e.from} → ${e.to}`;

describe('the real tree', () => {
  const edges = readImportEdges(root);

  test('breaks no import rule', () => {
    expect(checkEdges(edges).map((v) => `${v.rule}: ${key(v.edge)}`)).toEqual([]);
  });

  test("knowledge's top holds only its door, its facade and the shared eval metrics (the rest sits in folders by concern)", () => {
    const top = readdirSync(join(root, 'modules', 'knowledge'), { withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
      .map((e) => e.name)
      .sort();
    expect(top).toEqual(['eval-metrics.ts', 'index.ts', 'service.ts']);
  });

  test('the reader sees the imports (a blind reader would pass every rule)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.map(key)).toContain('src/app.ts → modules/documents');
  });
});

describe('the checker on a synthetic tree', () => {
  function tree(files: Record<string, string>): ImportEdge[] {
    const dir = mkdtempSync(join(tmpdir(), 'arch-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return readImportEdges(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const rules = (files: Record<string, string>) => checkEdges(tree(files)).map((v) => v.rule);

  const clean = {
    'contracts/api.ts': "import { t } from 'elysia';\nexport const A = t.String();",
    'src/context.ts': 'export type Ctx = {};',
    'src/http/guards.ts': "import type { Ctx } from '../context';",
    'modules/knowledge/index.ts': "import type { Ctx } from '../../src/context';",
    'modules/documents/index.ts': "import '../knowledge';\nimport '../extraction';\nimport { A } from '../../contracts/api';",
    'modules/extraction/index.ts': 'export const x = 1;',
    'web/islands/a.tsx': "import type { A } from '../../contracts/api';",
    'src/app.ts': "import '../modules/documents';\nimport '../web/islands/a';",
  };

  test('a tree that keeps the rules passes', () => {
    expect(rules(clean)).toEqual([]);
  });

  test('web importing server code fails', () => {
    expect(rules({ ...clean, 'web/islands/b.tsx': "import type { X } from '../../modules/documents/list';" })).toEqual(['web never imports module:documents']);
  });

  test('a dynamic or type-only import counts too', () => {
    expect(rules({ ...clean, 'web/islands/b.tsx': "const m = await import('../../src/http/guards');" })).toEqual(['web never imports http']);
  });

  test('knowledge importing another module fails, and so does the cycle it makes', () => {
    expect(rules({ ...clean, 'modules/knowledge/service.ts': "import '../documents/active';" }).sort()).toEqual([
      'knowledge imports no other module',
      'module cycle: documents → knowledge → documents',
    ]);
  });

  test('contracts importing the server, or plumbing importing a module, fails', () => {
    expect(rules({ ...clean, 'contracts/b.ts': "import '../src/context';" })).toEqual(['contracts never imports src']);
    expect(rules({ ...clean, 'src/http/auth.ts': "import '../../modules/auth/users';" })).toEqual(['http never imports module:auth']);
  });

  test('an import upwards in the module levels fails', () => {
    expect(rules({ ...clean, 'modules/categories/service.ts': "import '../documents/schema';" })).toEqual([
      'categories may not import documents (same or higher level)',
    ]);
  });

  test("reaching past extraction's index fails", () => {
    expect(rules({ ...clean, 'modules/documents/x.ts': "import '../extraction/ocr';" })).toEqual([
      'extraction is imported through modules/extraction/index.ts only',
    ]);
  });

  test("reaching past knowledge's index fails, from a module or from the composition root", () => {
    expect(rules({ ...clean, 'modules/documents/x.ts': "import { search } from '../knowledge/service';" })).toEqual([
      'knowledge is imported through modules/knowledge/index.ts only',
    ]);
    expect(rules({ ...clean, 'src/ops/backup.ts': "import '../../modules/knowledge/index-inventory';" })).toEqual([
      'knowledge is imported through modules/knowledge/index.ts only',
    ]);
    expect(rules({ ...clean, 'modules/knowledge/service.ts': "import './chunker';" })).toEqual([]);
  });

  test('test files are free to import anything', () => {
    expect(rules({ ...clean, 'web/islands/a.test.tsx': "import '../../modules/documents';" })).toEqual([]);
  });
});
