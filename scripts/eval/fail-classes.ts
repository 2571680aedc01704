// Where the real sets' answers fail: every answerable and near-miss question of every real set's union library (each
// question once, in the first union that asks it), asked as the chat asks, counted by class for each half (realDevHalf:
// fit or held). Held questions are counted only; `--show CLASS` prints the fit half's questions of a class (nm:shown for
// the near-misses answered: their text, the first references, the answer and the gold place) to read before writing a
// rule, never a held one. `--skip REGEX` leaves out the sets a change is to be judged on first; `--ablate GROUP` or
// `--ablate weight:FEATURE` screens an ablation row (screen-options.ts). With the libraries cached a screen takes
// seconds: a quick read before a battery, never instead of it. `--by-set` adds each set's counts (answerable, right,
// fallback, near-miss outcomes) by half: where a screen's move comes from, without naming a held question. `--by-kind`
// adds the same counts by what the question asks (Question.asked: count, when, whether, who, where; none), so a rule
// meant for one kind of question is read on that kind's rows, which the halves' totals drown.
//   bun scripts/eval/fail-classes.ts [--show CLASS] [--skip REGEX] [--ablate G] [--by-set] [--by-kind]   (EVAL_CACHE_DIR / EVAL_DOCS as for eval-answers.ts)
// The classes, for an answerable question: right; fallback; the first reference at a gold place but a keyword missing
// from the answer (ref-ok-kw-missing, ':in-passage' when the cited passage holds every keyword and the quote left one
// out, ':on-page' when another passage of the cited page holds them, ':not-on-page' when the page's text lacks one: OCR
// misread it, or the scorer's keyword is written otherwise); the right file at another place (rightfile-wrongplace);
// another file (wrongfile); "(right later)" when a later reference is at a gold place, "+kw" when the keywords are in
// the answer.
// Each is counted again with "hi:" when the answer was shown at ≥ 80 (the high band the issue asks to be ≥ 95 % right).
// A fallback is counted again by where the chat's search put the gold place (a fallback cites nothing): "fb:gold-first"
// (the confidence sent back the passage that answers), "fb:gold-2to5", "fb:gold-6to10", else by the first passage's
// file, "fb:rightfile" or "fb:wrongfile".
// A near-miss is nm:fb (sent back), nm:shown or nm:shown-hi.
import { shutdownOcr } from '../../modules/extraction';
import { pageParts } from '../../modules/knowledge/index/passage-pages';
import { documentPassages } from '../../modules/knowledge/service';
import { readQuestion, searchWithPages } from '../../modules/knowledge';
import { goldPlaces, keywordsFound, namedReference, referenceRight, type Aliases, type EvalQuery } from './answer-scoring';
import { askOne } from './ask-one';
import { realDevHalf } from './real-dev';
import { realQuestions } from './real-sets';
import { applyAblation, screenOptions } from './screen-options';

export const HIGH_BAND = 80;

export interface AskedOutcome {
  right: boolean;
  fallback: boolean;
  refRight: boolean;
  keywordsRight: boolean;
  /** the answer's references' files, first first */
  files: string[];
  /** index of the first reference at a gold place, −1 when none is */
  rightAt: number;
  /** every keyword is in the first reference's whole passage (the quote left it out) */
  keywordsInFirst: boolean;
  /** every keyword is in the text of the first reference's page (another passage of the page holds it) */
  keywordsOnPage: boolean;
}

/** The class of an answerable question's outcome (the header says what each means). */
export function failClass(o: AskedOutcome, goldFiles: ReadonlySet<string>): string {
  if (o.right) return 'right';
  if (o.fallback) return 'fallback';
  if (o.refRight) return `wrong:ref-ok-kw-missing${o.keywordsInFirst ? ':in-passage' : o.keywordsOnPage ? ':on-page' : ':not-on-page'}`;
  const later = o.rightAt > 0 ? '(right later)' : '';
  const kw = o.keywordsRight ? '+kw' : '';
  const top = o.files[0];
  return `${top !== undefined && goldFiles.has(top) ? 'wrong:rightfile-wrongplace' : 'wrong:wrongfile'}${later}${kw}`;
}

/** Where a fallback's gold place stood among the chat's first ten passages (`rightAt`, −1: none), else whose file led. */
export function fallbackClass(rightAt: number, firstFileIsGold: boolean): string {
  if (rightAt === 0) return 'fb:gold-first';
  if (rightAt > 0) return rightAt < 5 ? 'fb:gold-2to5' : 'fb:gold-6to10';
  return firstFileIsGold ? 'fb:rightfile' : 'fb:wrongfile';
}

/** The class of a near-miss question's outcome. */
export function nearMissClass(fallback: boolean, confidence: number): string {
  return fallback ? 'nm:fb' : confidence >= HIGH_BAND ? 'nm:shown-hi' : 'nm:shown';
}

function outcomeOf(
  q: EvalQuery,
  refs: Parameters<typeof referenceRight>[1][],
  o: { right: boolean; refRight: boolean; keywordsRight: boolean },
  fallback: boolean,
  aliases: Aliases,
  firstPageText: string,
): AskedOutcome {
  const holds = (text: string) => keywordsFound(text, q.answer_keywords ?? [], q.answer_keyword_alternatives);
  return {
    right: o.right,
    fallback,
    refRight: o.refRight,
    keywordsRight: o.keywordsRight,
    files: refs.map((ref) => aliases[ref!.file] ?? ref!.file),
    rightAt: refs.findIndex((ref) => referenceRight(q, ref, aliases)),
    keywordsInFirst: refs[0] !== undefined && holds(refs[0].text),
    keywordsOnPage: holds(firstPageText),
  };
}

/** The text of a document's page, from its passages (each passage's part on that page). */
async function pageText(ctx: Parameters<typeof documentPassages>[0], documentId: string | undefined, page: number | undefined): Promise<string> {
  if (documentId === undefined || page === undefined) return '';
  const passages = await documentPassages(ctx, documentId);
  return passages
    .flatMap((p) => pageParts(p))
    .filter((part) => part.page === page)
    .map((part) => part.text)
    .join('\n');
}

type Asked = Awaited<ReturnType<typeof askOne>>;

/** Counts by row: "fit" and "held", and for each group counted by ("<set>", "kind:<asked>") "fit <group>" and "held <group>" for the outcomes a group row keeps. */
export type Counts = Record<string, Record<string, number>>;
// A set's (or a kind's) row keeps the outcomes, the right answers in the high band, and, of its fallbacks, those that
// sent back the passage that answers (the largest class).
const SET_ROW_KEYS: ReadonlySet<string> = new Set(['answerable', 'right', 'hi:right', 'fallback', 'fb:gold-first', 'nm:fb', 'nm:shown', 'nm:shown-hi']);

/**
 * One question's class counted in its half's row, and in the row of that half of each group named (its set,
 * "kind:<asked>"; null: not counted by it).
 */
export function tally(counts: Counts, half: 'fit' | 'held', key: string, ...groups: (string | null)[]): void {
  const add = (row: string) => {
    const r = (counts[row] ??= {});
    r[key] = (r[key] ?? 0) + 1;
  };
  add(half);
  if (SET_ROW_KEYS.has(key)) for (const group of groups) if (group !== null) add(`${half} ${group}`);
}

/** The rows as printed: the two halves first, then the group rows (sets, kinds) by name; each row's keys sorted. */
export function countLines(counts: Counts): string[] {
  const rows = Object.keys(counts).sort((a, b) => Number(a.includes(' ')) - Number(b.includes(' ')) || (a < b ? -1 : a > b ? 1 : 0));
  return rows.map((row) => `${row} ${JSON.stringify(Object.fromEntries(Object.entries(counts[row]!).sort()))}`);
}

/** A fit-half question's outcome, to read (never called for a held one). */
function print(name: string, q: EvalQuery, r: Asked['r'], references: Asked['references'], cls: string) {
  console.log(`\n[${name}] ${q.id} ${r.accuracy}% ${cls} Q: ${q.text}`);
  for (const ref of references.slice(0, 3))
    console.log(`  ref: ${ref.file} ${ref.headingPath.join(' > ')} p${ref.page} | ${ref.text.replace(/\s+/g, ' ').slice(0, 140)}`);
  console.log(`  A: ${r.text.replace(/\s+/g, ' ').slice(0, 300)}`);
  console.log(`  gold: ${q.gold_file ?? '-'} ${q.gold_clause ?? ''} p${q.gold_page ?? ''} kw: ${JSON.stringify(q.answer_keywords ?? [])}`);
}

if (import.meta.main) {
  const { show, skip, ablate, bySet, byKind } = screenOptions(process.argv.slice(2));
  applyAblation(ablate);
  const counts: Counts = { fit: {}, held: {} };
  let set: string | null = null;
  let kind: string | null = null;
  const count = (half: 'fit' | 'held', key: string) => tally(counts, half, key, set, kind);
  for await (const { set: name, q, library, ctx, aliases } of realQuestions(skip)) {
    set = bySet ? name : null;
    kind = byKind ? `kind:${readQuestion(q.text).asked ?? 'none'}` : null;
    const half = realDevHalf(q.id);
    const { r, references, o } = await askOne(ctx, library.files, q, aliases);
    if (q.kind === 'near_miss') {
      const cls = nearMissClass(r.fallback, r.accuracy);
      count(half, cls);
      if (show && half === 'fit' && cls.startsWith(show)) print(name, q, r, references, cls);
      continue;
    }
    const first = r.references[0];
    const onPage = o.refRight && !o.right ? await pageText(ctx, first?.documentId, first?.page) : '';
    const cls = failClass(outcomeOf(q, references, o, r.fallback, aliases, onPage), new Set(goldPlaces(q).map((g) => g.file)));
    count(half, 'answerable');
    count(half, cls);
    if (!r.fallback && r.accuracy >= HIGH_BAND) count(half, `hi:${cls}`);
    if (r.fallback) {
      const everyDocument = async () => ({ has: () => true });
      const { hits } = await searchWithPages(ctx, readQuestion(q.text), { k: 10, live: everyDocument });
      const refs = hits.map((h) => namedReference(library.files, h));
      const first = refs[0] ? (aliases[refs[0].file] ?? refs[0].file) : undefined;
      const goldAt = refs.findIndex((ref) => referenceRight(q, ref, aliases));
      count(half, fallbackClass(goldAt, first !== undefined && goldPlaces(q).some((g) => g.file === first)));
    }
    if (show && half === 'fit' && cls.startsWith(show)) print(name, q, r, references, cls);
  }
  for (const line of countLines(counts)) console.log(line);
  await shutdownOcr();
}
