// Builds real_tu's three documents (scripts/eval/data/real_tu): Thammasat's student-activity regulation 2563, its
// Faculty of Political Science's student-activity notice 2565 and its student-discipline regulation 2568. No public
// repository holds them as the university's files; their Thai is kept clause by clause as TypeScript data on a student
// association's website (birstudentassociation/birsawebsitelive, content/activity/regulations), so unlike the other
// fetched sets a document is not one blob of its source but a text written from it. This writes that text: the Thai only,
// one paragraph, definition or list item a line, as README.md and CATALOGUE.md describe it, byte for byte the catalogued
// blob of each file. restore-fetched-docs.ts calls it for real_tu.
//   bun scripts/eval/build-real-tu.ts [--source DIR] [--out DIR]
// DIR of --source: the fetched snapshot's git directory (default: the one under /work/.mirror), or a checkout (its root
// or its content/activity/regulations folder). --out defaults to <EVAL_DOCS or ../eval-docs>/real_tu/tu.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueTable, gitBlob } from './catalogue';
import { DEFAULT_MIRROR_ROOT, fetchedDocsRoot, isGitDir, mirrorGitDir } from './fetched-docs';

export const REAL_TU_ROOT = resolve(import.meta.dir, 'data', 'real_tu');
export const REAL_TU_REPO = 'birstudentassociation/birsawebsitelive';
const SOURCE_FOLDER = 'content/activity/regulations';

/** Each document's file name in the library, by the slug the site's data gives it. */
export const REAL_TU_FILES: Record<string, string> = {
  'university-2563': 'ข้อบังคับ มธ ว่าด้วยกิจกรรมนักศึกษา 2563.txt',
  'political-science-2565': 'ประกาศคณะรัฐศาสตร์ เรื่อง กิจกรรมนักศึกษา 2565.txt',
  'discipline-2568': 'ข้อบังคับ มธ ว่าด้วยวินัยนักศึกษา 2568.txt',
};

// The shape of the site's data (its types.ts), as far as the text needs it: the Thai of each bilingual string.
export type Bi = { th: string; en?: string };
export type ProvisionItem = { marker: string; text: Bi; note?: Bi; children?: ProvisionItem[] };
export type Definition = { term: Bi; meaning: Bi };
export type Block = { kind: 'para'; text: Bi } | { kind: 'list'; items: ProvisionItem[] } | { kind: 'definitions'; entries: Definition[] };
export type Provision = { num: number; title: Bi; lead?: Bi; definitions?: Definition[]; items?: ProvisionItem[]; tail?: Bi; body?: Block[] };
export type Section = { kind?: Bi; number?: string; title: Bi; children?: Section[]; provisions?: Provision[] };
export type RegulationDoc = { slug: string; citation: Bi; preamble: Bi; made: Bi; signatory: Bi; sections: Section[] };

function itemLines(items: ProvisionItem[]): string[] {
  // The site indents nested items (the (1)(2)… under A. / B.) only on screen; their markers already say where they
  // belong, so every item is a line of its own with no indentation, as a printed list reads when copied.
  return items.flatMap((item) => [`${item.marker} ${item.text.th}`, ...(item.note ? [item.note.th] : []), ...itemLines(item.children ?? [])]);
}

function blockLines(block: Block): string[] {
  if (block.kind === 'para') return [block.text.th];
  if (block.kind === 'list') return itemLines(block.items);
  return block.entries.map((entry) => `${entry.term.th} ${entry.meaning.th}`);
}

/** A provision's blocks in the order the site renders them (RegulationView.tsx): `body` when given, else lead, definitions, items, tail. */
function provisionBlocks(p: Provision): Block[] {
  if (p.body) return p.body;
  const blocks: Block[] = [];
  if (p.lead) blocks.push({ kind: 'para', text: p.lead });
  if (p.definitions) blocks.push({ kind: 'definitions', entries: p.definitions });
  if (p.items) blocks.push({ kind: 'list', items: p.items });
  if (p.tail) blocks.push({ kind: 'para', text: p.tail });
  return blocks;
}

/** One clause as lines: `ข้อ N` and its first line, then every other paragraph, definition or item. The site's short
 * summary heading (`title`) is left out: it is the site's own marginal note, not the regulation's text. */
export function provisionLines(p: Provision): string[] {
  const lines = provisionBlocks(p).flatMap(blockLines);
  const head = `ข้อ ${p.num}`;
  return lines.length ? [`${head} ${lines[0]}`, ...lines.slice(1)] : [head];
}

// The site gathers the clauses before the first chapter under a label of its own; the printed regulations open ข้อ 1
// straight after the preamble, so that label is not written (บทเฉพาะกาล, a real heading, is).
const SITE_ONLY_LABEL = 'บทเบื้องต้น';

function sectionHeading(s: Section): string {
  return s.kind && s.number ? `${s.kind.th} ${s.number} ${s.title.th}` : s.title.th;
}

/** A document's text: title, preamble, each heading after a blank line and its clauses, then date and signatory. */
export function documentText(doc: RegulationDoc): string {
  const lines = [doc.citation.th, '', doc.preamble.th];
  const section = (s: Section) => {
    if (s.kind || s.title.th !== SITE_ONLY_LABEL) lines.push('', sectionHeading(s));
    for (const p of s.provisions ?? []) lines.push(...provisionLines(p));
    for (const child of s.children ?? []) section(child);
  };
  for (const s of doc.sections) section(s);
  lines.push('', doc.made.th, doc.signatory.th);
  return `${lines.join('\n')}\n`;
}

export interface SourceFile {
  /** path under content/activity/regulations */
  path: string;
  /** the abbreviated git blob CATALOGUE.md gives */
  blob: string;
}

/** The source files CATALOGUE.md lists under its table ("Source blobs"), with their blobs. A row names a file's folder
 * once (`university-2563/doc.ts`) and the rest of that row's files by name, so a bare name takes the row's folder. */
export function catalogueSourceFiles(setRoot = REAL_TU_ROOT): SourceFile[] {
  const files: SourceFile[] = [];
  for (const line of readFileSync(join(setRoot, 'CATALOGUE.md'), 'utf8').split('\n')) {
    let folder = '';
    for (const [, name, blob] of line.matchAll(/`([\w.-]+(?:\/[\w.-]+)*\.ts)` `([0-9a-f]{12})`/g)) {
      if (name!.includes('/')) folder = dirname(name!);
      files.push({ path: name!.includes('/') || !folder ? name! : `${folder}/${name}`, blob: blob! });
    }
  }
  return files;
}

/** A source file the builder needs but cannot find as the catalogue gives it. */
export class RealTuSourceMissing extends Error {}

/** The catalogued source files' bytes, from a git directory (by blob, whatever commit holds it) or a checkout folder.
 * Each must be its catalogued blob: the text is defined by exactly these files, and they are run to be read. */
export function readSources(source: string, files = catalogueSourceFiles()): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const folder = existsSync(join(source, SOURCE_FOLDER)) ? join(source, SOURCE_FOLDER) : source;
  for (const { path, blob } of files) {
    let data: Buffer | null = null;
    if (isGitDir(source)) {
      const got = spawnSync('git', ['--git-dir', source, 'cat-file', 'blob', blob], { maxBuffer: 64 * 1024 * 1024 });
      if (got.status === 0) data = got.stdout;
    } else if (existsSync(join(folder, path))) data = readFileSync(join(folder, path));
    if (!data) throw new RealTuSourceMissing(`${path} (blob ${blob}) is not in ${source}; fetch github:${REAL_TU_REPO}`);
    if (!gitBlob(data).startsWith(blob)) throw new RealTuSourceMissing(`${path} in ${source} is not the catalogued blob ${blob}`);
    out.set(path, data);
  }
  return out;
}

/** The site's documents, read by running its documents.ts (which assembles them) from a scratch copy of the sources. */
export async function loadDocuments(sources: Map<string, Buffer>): Promise<RegulationDoc[]> {
  const dir = mkdtempSync(join(tmpdir(), 'real-tu-src-'));
  try {
    for (const [path, data] of sources) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    }
    const { documents } = (await import(join(dir, 'documents.ts'))) as { documents: RegulationDoc[] };
    return documents;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BuiltFile {
  file: string;
  /** git blob of the written file */
  blob: string;
  /** the blob CATALOGUE.md gives it ('' when it gives none) */
  catalogued: string;
}

/** Writes the three documents into outDir (the library folder, real_tu/tu) and says each one's blob beside the catalogue's. */
export async function buildRealTu(source: string, outDir: string, setRoot = REAL_TU_ROOT): Promise<BuiltFile[]> {
  const documents = await loadDocuments(readSources(source, catalogueSourceFiles(setRoot)));
  const catalogued = new Map(catalogueTable(setRoot).map((row) => [row.file, row.blob]));
  mkdirSync(outDir, { recursive: true });
  return Object.entries(REAL_TU_FILES).map(([slug, file]) => {
    const doc = documents.find((d) => d.slug === slug);
    if (!doc) throw new RealTuSourceMissing(`the site's documents.ts has no document ${slug}`);
    const text = Buffer.from(documentText(doc), 'utf8');
    writeFileSync(join(outDir, file), text);
    return { file, blob: gitBlob(text), catalogued: catalogued.get(file) ?? '' };
  });
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { source: { type: 'string' }, out: { type: 'string' } } });
  const source = values.source ?? mirrorGitDir(DEFAULT_MIRROR_ROOT, REAL_TU_REPO);
  if (!source) {
    console.error(`no snapshot of ${REAL_TU_REPO} under ${DEFAULT_MIRROR_ROOT}: fetch github:${REAL_TU_REPO}, or pass --source`);
    process.exit(1);
  }
  const outDir = values.out ?? join(fetchedDocsRoot('real_tu'), 'tu');
  const built = await buildRealTu(source, outDir);
  for (const b of built) console.log(`${b.blob.startsWith(b.catalogued) && b.catalogued ? 'ok     ' : 'DIFFERS'} ${b.blob.slice(0, 12)} ${b.file}`);
  console.log(`written to ${outDir}`);
  process.exit(built.every((b) => b.catalogued && b.blob.startsWith(b.catalogued)) ? 0 : 1);
}
