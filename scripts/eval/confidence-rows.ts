// The rows the confidence model is fitted on and checked on (scripts/fit-confidence.ts): for every question of
// a library, the chat's search and the embedded answerer's quote (as modules/assistant/service.ts answers), the
// evidence features of the quoted passage and whether the shown answer is right (README scoring: the first
// reference at a gold place and every keyword in the quote). The first five retrieved passages' features and
// whether each is a right reference ride along, to see where a right passage is passed over.
import { readQuestion, search } from '../../modules/knowledge';
import { evidenceFor, type Evidence } from '../../modules/knowledge/scoring/evidence';
import { extractiveAnswer } from '../../modules/assistant/extractive';
import { RETRIEVE_K } from '../../modules/assistant/service';
import { type Aliases, type EvalQuery, keywordsFound, type Kind, namedReference, referenceRight } from './answer-scoring';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary, prepareLibrary } from './library-cache';
import { readQueries, realDevHalf, type EvalRun } from './real-dev';

const everyDocument = { has: () => true };

export interface Candidate {
  rank: number;
  refRight: boolean;
  f: Evidence;
}

export interface Row {
  /** the library the question was asked of: crru, sut, ssru, union, campus, campus2, dorm, exam */
  source: string;
  id: string;
  kind: Kind;
  /** real_dev's fixed half (real-dev.ts realDevHalf); 'own' for our own sets */
  half: 'fit' | 'held' | 'own';
  /** the quoted passage's evidence; null when nothing was quotable (always the fallback) */
  f: Evidence | null;
  right: boolean;
  refRight: boolean;
  keywordsRight: boolean;
  /** rank of the quoted passage among the retrieved (0 = first), -1 when nothing was quoted */
  quoted: number;
  /** rank of the first retrieved passage at a gold place (0 = first), -1 when none of the retrieved is */
  goldRank: number;
  candidates: Candidate[];
}

/** Our own sets a confidence fit reads beside the real ones, each asked of its library A (campus2 of campus_dev's). */
export type OwnSet = 'campus' | 'campus2' | 'dorm' | 'exam';

export function ownSetRuns(names: readonly OwnSet[]): EvalRun[] {
  const shared = join(import.meta.dir, '..', '..', '..', 'shared');
  const data = join(import.meta.dir, 'data');
  const campus = JSON.parse(readFileSync(join(import.meta.dir, 'campus-libraries.json'), 'utf8'));
  const campusA = (campus.libraries.A as string[]).map((f) => join(shared, 'fixtures', 'docs', f));
  const of = (name: OwnSet): [string, string[]] => {
    if (name === 'campus') return [join(shared, 'eval', 'campus_dev', 'queries.jsonl'), campusA];
    if (name === 'campus2') return [join(data, 'campus_dev2', 'queries.jsonl'), campusA];
    const dir = join(data, name);
    const lib = JSON.parse(readFileSync(join(dir, 'libraries.json'), 'utf8'));
    return [join(dir, 'queries.jsonl'), (lib.libraries.A as string[]).map((f) => join(dir, f))];
  };
  return names.map((name) => {
    const [queries, files] = of(name);
    return { name, queries: readQueries(queries), prepare: () => prepareLibrary(files) };
  });
}

export async function collectRows(source: string, run: EvalRun, own: boolean, aliases: Aliases = {}): Promise<Row[]> {
  const lib = await run.prepare();
  const ctx = await openLibrary(lib);
  const rows: Row[] = [];
  try {
    for (const q of run.queries) rows.push(await rowFor(source, own, q, lib.files, aliases, ctx));
  } finally {
    await ctx.close();
  }
  return rows;
}

async function rowFor(
  source: string,
  own: boolean,
  q: EvalQuery,
  files: Map<string, string>,
  aliases: Aliases,
  ctx: Awaited<ReturnType<typeof openLibrary>>,
): Promise<Row> {
  const question = readQuestion(q.text);
  const hits = await search(ctx, question, { k: RETRIEVE_K, live: () => everyDocument });
  const quote = extractiveAnswer(question, hits);
  const ref = (h: (typeof hits)[number]) => namedReference(files, h);
  const answerable = q.kind === 'answer';
  const candidates = hits
    .slice(0, 5)
    .map((h, rank) => ({ rank, refRight: answerable && referenceRight(q, ref(h), aliases), f: evidenceFor(question, hits, h) }));
  const used = quote?.used[0];
  const goldRank = answerable ? hits.findIndex((h) => referenceRight(q, ref(h), aliases)) : -1;
  const refRight = !!used && answerable && referenceRight(q, ref(used), aliases);
  const keywordsRight = !!quote && answerable && keywordsFound(quote.text, q.answer_keywords ?? [], q.answer_keyword_alternatives);
  return {
    source,
    id: q.id,
    kind: q.kind,
    half: own ? 'own' : realDevHalf(q.id),
    f: used ? evidenceFor(question, hits, used) : null,
    right: refRight && keywordsRight,
    refRight,
    keywordsRight,
    quoted: used ? hits.indexOf(used) : -1,
    goldRank,
    candidates,
  };
}
