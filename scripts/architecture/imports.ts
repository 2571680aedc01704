// Reads every import of the source tree (static, dynamic, type-only and re-exports, via TypeScript's own
// pre-processor) and checks them against the rules in docs/architecture.md. tests/architecture.test.ts runs it;
// `bun run scripts/architecture/imports.ts` prints the module graph and any broken rule.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** importing file, relative to the root, '/'-separated */
  from: string;
  /** imported file or folder, relative to the root (an npm package never makes an edge) */
  to: string;
}

const SOURCE = /\.(ts|tsx)$/;
const ROOTS = ['contracts', 'src', 'modules', 'web'];

/** Test code may reach anywhere (a test sets up the whole app); the rules are about shipped code. */
export function isTestSupport(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /(^|\/)test-[^/]+$/.test(file) || /(^|\/)testing\//.test(file);
}

function listSources(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') listSources(root, path, out);
    } else if (SOURCE.test(entry.name)) out.push(path);
  }
}

/** Every relative import of the shipped (non-test) files under contracts/, src/, modules/ and web/. */
export function readImportEdges(root: string): ImportEdge[] {
  const files: string[] = [];
  for (const dir of ROOTS) {
    try {
      listSources(root, dir, files);
    } catch {
      // a root that does not exist yet has no imports
    }
  }
  const edges: ImportEdge[] = [];
  for (const file of files) {
    if (isTestSupport(file)) continue;
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = relative(root, resolve(root, dirname(file), fileName))
        .split('\\')
        .join('/');
      edges.push({ from: file, to });
    }
  }
  return edges;
}

/**
 * The part a path belongs to: 'contracts', 'web', 'http' (src/http: request plumbing), 'src' (the app's
 * base: context, config, logger, metrics…), 'compose' (src files that assemble modules and pages),
 * 'module:<name>' or 'outside' (scripts, tests).
 */
export function partOf(path: string): string {
  const [top, second] = path.split('/');
  if (top === 'contracts' || top === 'web') return top;
  if (top === 'modules') return `module:${second}`;
  if (top === 'src') {
    if (second === 'http') return 'http';
    if (COMPOSE.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`))) return 'compose';
    return 'src';
  }
  return 'outside';
}

/** src files that put the app together: they may import modules and web (SSR pages). */
const COMPOSE = ['src/app', 'src/server', 'src/index', 'src/pages', 'src/assets', 'src/embedded', 'src/ops', 'src/openapi'];

/** src/db/schema.ts gathers every module's tables for the typed database handle (drizzle wants one schema object);
 *  src/db/schema.pg.ts does the same with their Postgres twins. */
function isSchemaAggregate(edge: ImportEdge): boolean {
  return (
    (edge.from === 'src/db/schema.ts' && /^modules\/[^/]+\/schema$/.test(edge.to)) ||
    (edge.from === 'src/db/schema.pg.ts' && /^modules\/[^/]+\/schema\.pg$/.test(edge.to))
  );
}

/**
 * Who may import whom among the modules, bottom first: a module may import only modules on a lower level.
 * Modules on the same level never import each other. This order also rules out cycles.
 */
export const MODULE_LEVELS: string[][] = [
  ['extraction', 'knowledge', 'preferences', 'questions'],
  ['auth', 'categories', 'health', 'synonyms'],
  ['admins', 'documents'],
  ['assistant'],
  ['conversations', 'insights'],
];

/** Modules that the rest of the shipped code (other modules, the composition root) reaches only through their folder's index.ts. */
export const ENTRY_ONLY = ['extraction', 'knowledge'];

/** Modules that import no other module at all. */
export const SELF_CONTAINED = ['extraction', 'knowledge'];

const levelOf = (name: string) => MODULE_LEVELS.findIndex((level) => level.includes(name));

/** Which parts each part may import (besides itself). Modules are further bound by MODULE_LEVELS. */
const MAY_IMPORT: Record<string, string[]> = {
  contracts: [],
  web: ['contracts'],
  http: ['src', 'contracts'],
  src: ['contracts'],
  module: ['src', 'http', 'contracts', 'module'],
  compose: ['src', 'http', 'contracts', 'module', 'web'],
  outside: ['contracts', 'web', 'http', 'src', 'compose', 'module'],
};

export interface Violation {
  edge: ImportEdge;
  rule: string;
}

function kind(part: string): string {
  return part.startsWith('module:') ? 'module' : part;
}

export function checkEdges(edges: ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    const from = partOf(edge.from);
    const to = partOf(edge.to);
    if (from === to || isSchemaAggregate(edge)) continue;
    if (!MAY_IMPORT[kind(from)].includes(kind(to))) {
      violations.push({ edge, rule: `${from} never imports ${to}` });
      continue;
    }
    if (kind(to) === 'module' && kind(from) !== 'outside') {
      const b = to.slice('module:'.length);
      if (ENTRY_ONLY.includes(b) && edge.to !== `modules/${b}` && edge.to !== `modules/${b}/index`) {
        violations.push({ edge, rule: `${b} is imported through modules/${b}/index.ts only` });
      }
    }
    if (kind(from) === 'module' && kind(to) === 'module') {
      const a = from.slice('module:'.length);
      const b = to.slice('module:'.length);
      if (SELF_CONTAINED.includes(a)) violations.push({ edge, rule: `${a} imports no other module` });
      else if (levelOf(a) < 0 || levelOf(b) < 0) violations.push({ edge, rule: `${levelOf(a) < 0 ? a : b} has no level in MODULE_LEVELS` });
      else if (levelOf(b) >= levelOf(a)) violations.push({ edge, rule: `${a} may not import ${b} (same or higher level)` });
    }
  }
  for (const cycle of moduleCycles(edges)) violations.push({ edge: { from: cycle[0], to: cycle[1] }, rule: `module cycle: ${cycle.join(' → ')}` });
  return violations;
}

/** The module-level graph: module name → the modules it imports. */
export function moduleGraph(edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = partOf(from);
    const b = partOf(to);
    if (!a.startsWith('module:') || !b.startsWith('module:') || a === b) continue;
    const key = a.slice(7);
    if (!graph.has(key)) graph.set(key, new Set());
    graph.get(key)!.add(b.slice(7));
  }
  return graph;
}

/** Each cycle of the module graph once, as a closed path (first name repeated at the end). */
export function moduleCycles(edges: ImportEdge[]): string[][] {
  const graph = moduleGraph(edges);
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = [...path.slice(at), next];
        const key = [...cycle.slice(0, -1)].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (path.length < graph.size + 1) visit(next, [...path, next]);
    }
  };
  for (const node of [...graph.keys()].sort()) visit(node, [node]);
  return cycles;
}

if (import.meta.main) {
  const root = join(import.meta.dir, '..', '..');
  const edges = readImportEdges(root);
  for (const [name, targets] of [...moduleGraph(edges)].sort()) console.log(`${name} → ${[...targets].sort().join(', ')}`);
  const violations = checkEdges(edges);
  for (const v of violations) console.log(`BROKEN ${v.rule}: ${v.edge.from} → ${v.edge.to}`);
  console.log(`${violations.length} broken`);
}
