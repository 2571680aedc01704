// Bulk ingest through the maintainer CLI (issue 16 item 6): generates many small one-page documents and
// runs `scripts/ingest.ts` on them in a fresh DATA_DIR, timing the whole command, then checks every
// document is ready and searchable. Prints documents/s per corpus.
//   bun scripts/bench/bulk-ingest.ts [--announcements 1000] [--sections 5000] [--cli scripts/ingest.ts] [-- CLI ARGS…]
// (0 skips a corpus; --cli runs another version of the CLI, e.g. an older copy, for a before/after figure)
// Target: ≥ 200 documents/s.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { createContext } from '../../src/context';
import { documents } from '../../modules/documents/schema';
import { knowledgeIndex } from '../../modules/knowledge/service';
import { announcement, lawSection } from './bulk-corpus';

const { values: args, positionals: cliArgs } = parseArgs({
  options: { announcements: { type: 'string', default: '1000' }, sections: { type: 'string', default: '5000' }, cli: { type: 'string' } },
  allowPositionals: true,
});
const INGEST = args.cli ?? join(import.meta.dir, '..', 'ingest.ts');

async function run(name: string, n: number, make: (i: number) => { file: string; text: string }, probe: { query: string; expectFile: string }) {
  const root = mkdtempSync(join(tmpdir(), 'askreg-bulk-'));
  const folder = join(root, 'docs');
  mkdirSync(folder);
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const d = make(i);
    paths.push(join(folder, d.file));
    writeFileSync(paths.at(-1)!, d.text);
  }
  const dataDir = join(root, 'data');
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  const t0 = performance.now();
  const proc = Bun.spawn([process.execPath, INGEST, ...cliArgs, ...paths], { env, stdout: 'pipe', stderr: 'inherit' });
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  const secs = (performance.now() - t0) / 1000;
  const last = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`ingest exited ${code}: ${last}`);

  // Checked after the clock stops: every row ready, one index entry per document, the probe found.
  const ctx = createContext(loadConfig(env));
  const ready = ctx.db.select({ n: count() }).from(documents).where(eq(documents.status, 'ready')).get()!.n;
  const index = await knowledgeIndex(ctx);
  const indexed = (await index.documentIds()).length;
  const hits = await index.search(probe.query, { k: 3 });
  const found = hits.some((h) => h.title === probe.expectFile);
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
  console.log(
    `${name}: ${n} documents in ${secs.toFixed(1)} s → ${(n / secs).toFixed(1)} documents/s (${ready} ready, ${indexed} in the index, probe ${found ? 'found' : 'NOT found'}; ${last})`,
  );
  if (ready !== n || indexed !== n || !found) process.exitCode = 1;
  return n / secs;
}

const rates: Record<string, number> = {};
const announcements = Number(args.announcements);
const sections = Number(args.sections);
// Probes: the last document written must be findable by its own number.
const last = (n: number) => n - 1;
if (announcements > 0)
  rates.announcements_per_s = await run('announcements', announcements, announcement, {
    query: `รหัสประกาศ ${70000 + last(announcements)}`,
    expectFile: announcement(last(announcements)).file.replace('.txt', ''),
  });
if (sections > 0)
  rates.law_sections_per_s = await run('law sections', sections, lawSection, {
    query: `มาตรา ${sections}`,
    expectFile: lawSection(last(sections)).file.replace('.txt', ''),
  });
console.log(JSON.stringify(Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, Number(v.toFixed(1))]))));
