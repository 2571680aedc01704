// End-to-end answer eval: ingest a library with the upload pipeline (OCR included), ask every question
// through answer() (the function /api/chat calls; the embedded extractive answerer, or the model the env
// configures) and score it per shared/eval/campus_dev/README.md. A table for people, then one JSON line.
//   bun scripts/eval-answers.ts [--library A|B|both] [--queries Q.jsonl] [--docs DIR] [--libraries L.json]
//                               [--json-only] [--verbose] [--show ID,ID…] [--out FILE] [--model M.json] [--curve]
// --show prints those answers in full; --out writes one JSON line per question and library (confidence and
// verdicts), e.g. to fit a confidence model on one set and check it on another.
// Libraries file: {"libraries": {"A": [file…], "B": [file…]}, "aliases": {"copy.docx": "original.pdf"}}; files are
// in the docs folder, or "shared:fixtures/docs/x.pdf" / "repo:scripts/…" for the shared folder or this repository
// (unrelated documents added to a library). --library: a name, a list (A,C), both (= A and B) or all. The campus
// libraries add C = A + two unrelated documents of our own: no right answer should change from A to C.
// Default: campus_dev with scripts/eval/campus-libraries.json; with --docs and no --libraries, DIR/libraries.json,
// else one library "A" holding every file in DIR. Ingestion is cached under $EVAL_CACHE_DIR (/tmp).
// --set real_dev: the real_dev libraries (../shared/eval/real_dev; --library crru,sut,ssru,union, default all
// four), each with its own questions, the union with all of them (scripts/eval/real-dev.ts); --half fit|held
// keeps the fixed half of the questions (realDevHalf: a hash of the id) a model is fitted on or checked on.
// --set real_more: the held-out real libraries of scripts/eval/data/real_more (--library rmuti,ku,sskru,union,union_all,
// default all of them; union_all = the real_more libraries with real_dev's three), scored the same way (scripts/eval/real-more.ts); its
// questions are halved as real_dev's are (realDevHalf: the registered split's primary salt), --half fit|held as there.
// --set real_extra: new questions, halved likewise, over the same six libraries (scripts/eval/data/real_extra; --library
// crru,sut,ssru,rmuti,ku,sskru,union_dev,union_more, default all; union_dev = real_dev's three libraries asked the
// crru/sut/ssru questions, union_more likewise for real_more), every library from the extraction cache (real-extra.ts).
// --set real_new, real_scan, real_reg, real_tu, real_vru_dev, real_fresh_a … real_fresh_z, real_fresh_za, real_fresh_zb, real_fresh_zc, real_fresh_zd, real_fresh_ze, real_cal_dev, real_cur_dev: the fetched sets, each one
// university's library with union and union_all (every real_dev library added), held out whole or halved as real_dev
// is; what each holds and how it is split: scripts/eval/fetched-held-sets.ts and its data/<set>/README.md.
// Held runs (--half held, or --held for a set of your own) print aggregates only: no question id, no single outcome
// (--out still writes the rows for fitting tools); any other run prints the ids and outcomes of fit questions only.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getPreferences } from '../modules/preferences/service';
import { shutdownOcr } from '../modules/extraction';
import { setConfidenceModel } from '../modules/knowledge/scoring/confidence';
import { setEvidenceAblation, type EVIDENCE_RULE_GROUPS } from '../modules/knowledge/scoring/evidence';
import { setCalibration } from '../modules/knowledge/scoring/calibration';
import { openLibrary, prepareLibrary } from './eval/library-cache';
import { type Aliases, type EvalQuery, type Outcome } from './eval/answer-scoring';
import { changedOutcomes, summarise, type Summary } from './eval/answer-summary';
import { formatOutcome, formatPages, formatRankLosses, formatRetrieval, formatTable } from './eval/answer-report';
import { compareRetrieval, type RetrievalComparison } from './eval/retrieval-compare';
import { comparePages, type PageComparison } from './eval/page-retrieval';
import { readableOutcome, readQueries, type EvalRun } from './eval/real-dev';
import { realLibraries, realSetRuns } from './eval/real-set-runs';
import { fetchedDocsRoot } from './eval/fetched-docs';
import { realExtraUnionOf } from './eval/real-extra';
import { FETCHED_HELD_SETS, fetchedHeldSet } from './eval/fetched-held-sets';
import { formatMisses, type MissRecord } from './eval/keyword-misses';
import { missSources } from './eval/miss-sources';
import { askOne } from './eval/ask-one';
import { formatCurve, heldBack, thresholdCurve, unheldOutcomes, type CurvePoint, type HeldBack } from './eval/threshold-curve';

const SHARED = join(import.meta.dir, '..', '..', 'shared');
const { values: args } = parseArgs({
  options: {
    set: { type: 'string' },
    library: { type: 'string' },
    queries: { type: 'string', default: join(SHARED, 'eval', 'campus_dev', 'queries.jsonl') },
    docs: { type: 'string' },
    libraries: { type: 'string' },
    'json-only': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    held: { type: 'boolean', default: false },
    show: { type: 'string', default: '' },
    out: { type: 'string' },
    model: { type: 'string' },
    // evidence rule groups left out (knowledge/scoring/evidence.ts EVIDENCE_RULE_GROUPS), for the ablation table
    ablate: { type: 'string', default: '' },
    half: { type: 'string' },
    // the fallbacks asked again at a threshold of 0: what they held back and the figures at other thresholds
    curve: { type: 'boolean', default: false },
  },
});

interface LibrariesFile {
  libraries: Record<string, string[]>;
  aliases?: Aliases;
}

function loadLibraries(): { docsDir: string; spec: LibrariesFile } {
  const docsDir = args.docs ?? join(SHARED, 'fixtures', 'docs');
  const file = args.libraries ?? (args.docs ? join(args.docs, 'libraries.json') : join(import.meta.dir, 'eval', 'campus-libraries.json'));
  if (existsSync(file)) return { docsDir, spec: JSON.parse(readFileSync(file, 'utf8')) as LibrariesFile };
  const all = readdirSync(docsDir)
    .filter((f) => /\.(pdf|docx|txt)$/i.test(f))
    .sort();
  return { docsDir, spec: { libraries: { A: all } } };
}

setEvidenceAblation(args.ablate!.split(',').filter(Boolean) as (typeof EVIDENCE_RULE_GROUPS)[number][]);
// Another confidence model than the shipped one (a file shaped like knowledge/scoring/confidence-model.json): an
// ablation or a candidate fit written by scripts/fit-confidence.ts --write-ablations.
// A file with "calibration" knots shows its answers through that map instead of calibration.ts's.
if (args.model) {
  const m = JSON.parse(readFileSync(args.model, 'utf8'));
  setConfidenceModel(m);
  setCalibration(m.calibration);
}
const realMore = args.set === 'real_more';
const realExtra = args.set === 'real_extra';
const fetchedHeld = fetchedHeldSet(args.set); // real_new, real_scan, real_reg, real_tu: one shape (fetched-held-sets.ts)
const realDev = args.set === 'real_dev' || realMore || realExtra || Boolean(fetchedHeld); // a real set: its own libraries and questions, a union
if (args.set && !realDev) throw new Error(`no set "${args.set}" (have real_dev, real_more, real_extra, ${Object.keys(FETCHED_HELD_SETS).join(', ')})`);
const REAL_DEV = join(SHARED, 'eval', 'real_dev');
const realDocs = realMore
  ? fetchedDocsRoot('real_more')
  : fetchedHeld
    ? fetchedDocsRoot(args.set!)
    : realExtra
      ? `${join(REAL_DEV, 'docs')} + ${fetchedDocsRoot('real_more')}`
      : join(REAL_DEV, 'docs');
const { docsDir, spec } = realDev ? { docsDir: realDocs, spec: { libraries: {} } as LibrariesFile } : loadLibraries();
const library = args.library ?? (realDev ? realLibraries()[args.set!]!.join(',') : 'both');
const names =
  library === 'all' ? Object.keys(spec.libraries) : library === 'both' ? ['A', 'B'].filter((n) => spec.libraries[n]) : library.split(',').map((n) => n.trim());
const libraryPaths = (name: string) =>
  spec.libraries[name]!.map((f) =>
    f.startsWith('shared:')
      ? join(SHARED, f.slice('shared:'.length))
      : f.startsWith('repo:')
        ? join(import.meta.dir, '..', f.slice('repo:'.length))
        : join(docsDir, f),
  );
// Held questions are read only as aggregates (the discipline of keeping a half out): a held run prints no
// question id or outcome, and refuses the switches that print single answers.
const heldOnly = args.half === 'held' || args.held === true;
const readable = (id: string) => readableOutcome(id, { held: heldOnly, realDev: Boolean(realDev) });
if (heldOnly && (args.verbose || args.show))
  throw new Error('held questions are read as aggregates only: --verbose and --show work on --half fit or a set of your own');
let runs: EvalRun[];
if (args.half && args.half !== 'fit' && args.half !== 'held') throw new Error('--half is fit or held');
if (realDev) runs = realSetRuns(args.set!, names, args.half as 'fit' | 'held' | undefined)!;
else {
  for (const n of names) if (!spec.libraries[n]) throw new Error(`no library "${n}" (have ${Object.keys(spec.libraries).join(', ')})`);
  const queries = readQueries(args.queries!);
  runs = names.map((name) => ({ name, queries, prepare: () => prepareLibrary(libraryPaths(name)) }));
}
const say = (s: string) => args['json-only'] || console.log(s);
const showIds = new Set(
  args
    .show!.split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

interface LibraryRun {
  outcomes: Outcome[];
  summary: Summary;
  retrieval: RetrievalComparison;
  pages: PageComparison;
  provider: string;
  ms: number[];
  ingestS: number;
  cached: boolean;
  misses: MissRecord[];
  shownLengths: number[];
  curve: { points: CurvePoint[]; heldBack: HeldBack } | null;
}

async function runLibrary({ name, queries, prepare }: EvalRun): Promise<LibraryRun> {
  const started = performance.now();
  const lib = await prepare();
  const ingestS = (performance.now() - started) / 1000;
  const ctx = await openLibrary(lib);
  try {
    const prefs = await getPreferences(ctx);
    const outcomes: Outcome[] = [];
    const misses: MissRecord[] = [];
    const shownLengths: number[] = [];
    const ms: number[] = [];
    let provider = '';
    const ask = (q: EvalQuery) => askOne(ctx, lib.files, q, spec.aliases ?? {});
    for (const q of queries) {
      const { r, t, references, o } = await ask(q);
      ms.push(t);
      provider = r.provider;
      outcomes.push(o);
      if (!r.fallback) shownLengths.push(r.text.length);
      if (o.refRight && !o.keywordsRight) {
        const cited = r.references[0]!;
        misses.push({
          id: q.id,
          misses: await missSources(ctx, q, r.text, cited),
          questionType: q.question_type,
          cut: / …(?:\n|$)/.test(r.text),
          cited: { chars: cited.text.length, clause: /^(?:ข้อ|มาตรา)\s*[0-9๐-๙]/.test(cited.headingPath.at(-1) ?? '') },
        });
      }
      if (args.verbose && readable(q.id)) say(`[${name}] ${formatOutcome(o, r.band)}`);
      // Keywords are a necessary check, not a complete one (README): some answers must be read.
      if (showIds.has(q.id) && readable(q.id))
        say(`[${name}] ${q.id} ${q.text}\n${r.text}\n${references.map((x) => `  ↳ ${x.file} ${x.headingPath.join(' › ')} p${x.page}`).join('\n')}\n`);
    }
    const unheld = args.curve ? await unheldOutcomes(outcomes, async (i) => (await ask(queries[i]!)).o) : null;
    const curve = unheld && { points: thresholdCurve(unheld), heldBack: heldBack(outcomes, unheld) };
    const retrieval = await compareRetrieval(ctx, lib.files, queries, spec.aliases ?? {});
    const pages = await comparePages(ctx, lib.files, queries, spec.aliases ?? {});
    const run = { outcomes, retrieval, pages, provider, ms, ingestS, misses, shownLengths, curve };
    return { ...run, summary: summarise(outcomes, prefs.highThreshold), cached: !lib.built };
  } finally {
    await ctx.close();
  }
}

const results = new Map<string, LibraryRun>();
for (const run of runs) results.set(run.name, await runLibrary(run));
await shutdownOcr();

const first = results.values().next().value!;
const setName = realMore ? 'real_more' : fetchedHeld ? args.set : realExtra ? 'real_extra' : realDev ? 'real_dev' : args.queries;
const title = `${setName} · ${runs.map((r) => `${r.name}: ${r.queries.length}`).join(', ')} questions · answerer: ${first.provider} · docs: ${docsDir}`;
say(
  formatTable(
    title,
    names.map((n) => [n, results.get(n)!.summary]),
  ),
);
say(formatRetrieval(names.map((n) => [n, results.get(n)!.retrieval.rates])));
say(
  formatRankLosses(
    names.map((n) => [n, results.get(n)!.retrieval.behind]),
    readable,
  ),
);
say(
  formatPages(
    names.map((n) => [n, results.get(n)!.pages]),
    readable,
  ),
);
say('');
for (const n of names) say(formatMisses(n, results.get(n)!.misses, results.get(n)!.shownLengths, readable));
for (const n of names) if (results.get(n)!.curve) say(`${formatCurve(n, results.get(n)!.curve!.points, results.get(n)!.curve!.heldBack)}\n`);
const changed: Record<string, ReturnType<typeof changedOutcomes>> = {};
// A real set: each university's library beside the union (the same questions), the union beside union_all (real_more);
// else the first beside the others.
const unions = ['union', 'union_all'].filter((u) => names.includes(u));
const pairs = realExtra
  ? names.flatMap((n) => {
      const u = realExtraUnionOf(n);
      return u && names.includes(u) ? [[n, u]] : [];
    })
  : realDev
    ? [...names.filter((n) => !unions.includes(n) && unions.length > 0).map((n) => [n, unions[0]!]), ...(unions.length === 2 ? [['union', 'union_all']] : [])]
    : names.slice(1).map((n) => [names[0]!, n]);
for (const [a, b] of pairs as Array<[string, string]>) {
  changed[`${a}->${b}`] = changedOutcomes(results.get(a)!.outcomes, results.get(b)!.outcomes);
  say(`\noutcome changed ${a} → ${b}: ${changed[`${a}->${b}`]!.length}`);
  for (const c of changed[`${a}->${b}`]!.filter((c) => readable(c.id))) say(`  ${c.id}: ${c.from}  →  ${c.to}`);
}
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;
for (const n of names) {
  const r = results.get(n)!;
  say(`library ${n}: ${r.cached ? 'from cache' : 'ingested'} in ${r.ingestS.toFixed(1)} s, answer p95 ${p95(r.ms).toFixed(1)} ms`);
}

if (args.out) writeFileSync(args.out, names.flatMap((n) => results.get(n)!.outcomes.map((o) => JSON.stringify({ library: n, ...o }))).join('\n') + '\n');

const round = (v: unknown): unknown =>
  typeof v === 'number'
    ? Number(v.toFixed(4))
    : Array.isArray(v)
      ? v.map(round)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x)]))
        : v;
const figures = (r: LibraryRun) => ({ ...r.summary, retrieval: r.retrieval.rates, pages: r.pages.rates, ...(r.curve ? { curve: r.curve } : {}) });
console.log(
  JSON.stringify({
    queries: setName,
    docs: docsDir,
    provider: first.provider,
    libraries: Object.fromEntries(names.map((n) => [n, round(figures(results.get(n)!))])),
    changed: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, heldOnly ? v.length : v.filter((c) => readable(c.id))])),
    wrong: Object.fromEntries(
      names.map((n) => {
        const wrong = results
          .get(n)!
          .outcomes.filter((o) => !o.right)
          .map((o) => o.id);
        return [n, heldOnly ? wrong.length : wrong.filter(readable)];
      }),
    ),
  }),
);
process.exit(0);
