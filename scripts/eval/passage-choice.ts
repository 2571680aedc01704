// Which of the chat's first five passages the answer leads with, and whether another way of choosing would lead with
// a right one more often (issue 37 items 2 and 3: the order's and the answerer's choices earn their place on data they
// were not written from). For every answerable and near-miss question of every real set's union library (each
// question once), asked as the chat asks (`search`, the evidence order), the first five passages are read with their
// features: the evidence model's confidence, the quote's match (clause-quote.ts, as the answerer weighs a clause), the
// text score against the best of the five, the evidence features; and whether each is at a gold place. Counted by
// half (realDevHalf), aggregates only (no held question is printed):
// - a right reference among the five, first in the evidence order, and the one the answerer leads with;
// - where the answerer leads with another passage than the evidence order's first: right → wrong, wrong → right;
// - how often it does, for answerable questions and for near-misses (a disagreement between the two choosers);
// - a chooser fitted on the fit half (a conditional logit over `--features`, the five passages of a question as one
//   choice) and the share it leads with a right reference, on both halves.
//   bun scripts/eval/passage-choice.ts [--features rank,confidence,quote,text] [--skip REGEX]   (EVAL_CACHE_DIR, EVAL_DOCS)
// Feature names: rank (1 / (place + 1)), confidence, quote, text, and any evidence feature (wordCover, margin, …).
import { parseArgs } from 'node:util';
import { shutdownOcr } from '../../modules/extraction';
import { readQuestion, search } from '../../modules/knowledge';
import { evidenceFor } from '../../modules/knowledge/scoring/evidence';
import { retrievalConfidence } from '../../modules/knowledge/scoring/confidence';
import { quoteClause } from '../../modules/assistant/clause-quote';
import { ANSWER_CLAUSES, quotePlan } from '../../modules/assistant/extractive';
import { RETRIEVE_K } from '../../modules/assistant/service';
import { questionTerms } from '../../modules/assistant/text-match';
import { questionDays } from '../../modules/assistant/date-fit';
import { namedReference, referenceRight } from './answer-scoring';
import { realDevHalf } from './real-dev';
import { realQuestions } from './real-sets';

/** One of a question's first five passages: its features by name, and whether it is at a gold place. */
export interface Candidate {
  features: Record<string, number>;
  right: boolean;
}

export interface ChoiceRow {
  kind: 'answer' | 'near_miss';
  half: 'fit' | 'held';
  /** the place (0-based) of the passage the answer leads with, −1 when it quotes none (the fallback) */
  chosen: number;
  candidates: Candidate[];
}

export const DEFAULT_FEATURES = ['rank', 'confidence', 'quote', 'text'] as const;

const vector = (c: Candidate, names: readonly string[]) => names.map((n) => c.features[n] ?? 0);
const dot = (w: readonly number[], x: readonly number[]) => x.reduce((s, v, i) => s + v * w[i]!, 0);

/**
 * A conditional logit: weights such that the softmax of w·x over a question's candidates gives its right ones (shared
 * equally) the most probability; L2 on every weight. Hand-written: gradient descent over a few weights and a few
 * hundred choices is a few lines, and no JavaScript library fits this model. Questions without a right candidate carry
 * no information about the choice and are left out.
 */
export function fitChooser(rows: readonly ChoiceRow[], names: readonly string[], l2 = 0.01, iterations = 2000, step = 0.5): number[] {
  const groups = rows
    .filter((r) => r.candidates.some((c) => c.right))
    .map((r) => ({ xs: r.candidates.map((c) => vector(c, names)), right: r.candidates.map((c) => c.right) }));
  const w = new Array<number>(names.length).fill(0);
  if (groups.length === 0) return w;
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(names.length).fill(0);
    for (const { xs, right } of groups) {
      const z = xs.map((x) => dot(w, x));
      const top = Math.max(...z);
      const e = z.map((v) => Math.exp(v - top));
      const sum = e.reduce((a, b) => a + b, 0);
      const share = 1 / right.filter(Boolean).length;
      xs.forEach((x, k) => {
        const diff = e[k]! / sum - (right[k] ? share : 0);
        x.forEach((v, i) => (g[i]! += diff * v));
      });
    }
    for (let i = 0; i < w.length; i++) w[i]! -= step * (g[i]! / groups.length + l2 * w[i]!);
  }
  return w;
}

/** The candidate a chooser picks: the highest w·x, the earlier place on a tie; −1 for none. */
export function pick(w: readonly number[], candidates: readonly Candidate[], names: readonly string[]): number {
  let best = -1;
  candidates.forEach((c, i) => {
    if (best < 0 || dot(w, vector(c, names)) > dot(w, vector(candidates[best]!, names))) best = i;
  });
  return best;
}

export interface HalfCounts {
  answerable: number;
  rightAmongFive: number;
  rightFirst: number;
  rightChosen: number;
  rightFitted: number;
  /** the answer led with another passage than the first: the first right and the chosen not, and the other way */
  movedRightToWrong: number;
  movedWrongToRight: number;
  answerableMoved: number;
  nearMisses: number;
  nearMissMoved: number;
}

/** The counts of one half's rows under the fitted chooser `w`. */
export function halfCounts(rows: readonly ChoiceRow[], w: readonly number[], names: readonly string[]): HalfCounts {
  const c: HalfCounts = {
    answerable: 0,
    rightAmongFive: 0,
    rightFirst: 0,
    rightChosen: 0,
    rightFitted: 0,
    movedRightToWrong: 0,
    movedWrongToRight: 0,
    answerableMoved: 0,
    nearMisses: 0,
    nearMissMoved: 0,
  };
  const at = (r: ChoiceRow, i: number) => i >= 0 && (r.candidates[i]?.right ?? false);
  for (const r of rows) {
    const moved = r.chosen > 0;
    if (r.kind === 'near_miss') {
      c.nearMisses++;
      if (moved) c.nearMissMoved++;
      continue;
    }
    c.answerable++;
    if (r.candidates.some((x) => x.right)) c.rightAmongFive++;
    if (at(r, 0)) c.rightFirst++;
    if (at(r, r.chosen)) c.rightChosen++;
    if (at(r, pick(w, r.candidates, names))) c.rightFitted++;
    if (moved) {
      c.answerableMoved++;
      if (at(r, 0) && !at(r, r.chosen)) c.movedRightToWrong++;
      if (!at(r, 0) && at(r, r.chosen)) c.movedWrongToRight++;
    }
  }
  return c;
}

async function collect(skip: RegExp | null): Promise<ChoiceRow[]> {
  const rows: ChoiceRow[] = [];
  const everyDocument = { has: () => true };
  for await (const { q, library, ctx, aliases } of realQuestions(skip)) {
    const question = readQuestion(q.text);
    const hits = await search(ctx, question, { k: RETRIEVE_K, live: () => everyDocument });
    const plan = quotePlan(question, hits);
    const terms = questionTerms(question);
    const values = { numbers: [...new Set(question.stated.values())], days: questionDays(question.text) };
    const five = hits.slice(0, ANSWER_CLAUSES);
    const best = Math.max(...five.map((h) => Math.max(h.retrievalScore ?? h.score, 0))) || 1;
    rows.push({
      kind: q.kind as ChoiceRow['kind'],
      half: realDevHalf(q.id),
      chosen: plan ? hits.indexOf(plan.quoted[0]!) : -1,
      candidates: five.map((h, place) => ({
        features: {
          rank: 1 / (place + 1),
          confidence: retrievalConfidence(question, hits, { passage: h }).confidence / 100,
          quote: quoteClause(h, terms, question.asked, values, question.list, question).score,
          text: Math.max(h.retrievalScore ?? h.score, 0) / best,
          ...evidenceFor(question, hits, h),
        },
        right: q.kind === 'answer' && referenceRight(q, namedReference(library.files, h), aliases),
      })),
    });
  }
  return rows;
}

if (import.meta.main) {
  const { values: args } = parseArgs({ args: process.argv.slice(2), options: { features: { type: 'string' }, skip: { type: 'string' } } });
  const names = args.features ? args.features.split(',').filter(Boolean) : [...DEFAULT_FEATURES];
  const rows = await collect(args.skip ? new RegExp(args.skip) : null);
  const w = fitChooser(
    rows.filter((r) => r.half === 'fit' && r.kind === 'answer'),
    names,
  );
  console.log(`fitted on the fit half's answerable questions: ${names.map((n, i) => `${n} ${w[i]!.toFixed(2)}`).join(', ')}`);
  const share = (n: number, of: number) => (of ? (n / of).toFixed(3) : '-');
  for (const half of ['fit', 'held'] as const) {
    const c = halfCounts(
      rows.filter((r) => r.half === half),
      w,
      names,
    );
    console.log(
      `${half.padEnd(4)} answerable ${c.answerable}: a right reference among the five ${share(c.rightAmongFive, c.answerable)}, ` +
        `first in the evidence order ${share(c.rightFirst, c.answerable)}, led with ${share(c.rightChosen, c.answerable)}, ` +
        `fitted chooser ${share(c.rightFitted, c.answerable)}; led with another than the first ${c.answerableMoved} ` +
        `(right → wrong ${c.movedRightToWrong}, wrong → right ${c.movedWrongToRight}); near-misses ${c.nearMisses}, ` +
        `led with another than the first ${c.nearMissMoved} (${share(c.nearMissMoved, c.nearMisses)} against ${share(c.answerableMoved, c.answerable)})`,
    );
  }
  await shutdownOcr();
}
