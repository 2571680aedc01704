// The fit-half questions of every real set, and how many of them a pattern matches: the way to read questions before
// writing a rule from them. Only questions realDevHalf puts in the fit half are read (a halved set's held half and the
// sets held out whole never are), so a listing made here cannot show a held question, as a listing of a queries file
// by hand can.
//   bun scripts/eval/fit-questions.ts [REGEX …] [--show]   (--show prints the matching questions; no regex: all of them)
import type { EvalQuery } from './answer-scoring';
import { realDevHalf } from './real-dev';
import { everyRealSet } from './real-sets';

/** The fit-half questions among `questions` (a question met twice, as the unions repeat them, once). */
export function fitQuestions(questions: Iterable<EvalQuery>): EvalQuery[] {
  const seen = new Map<string, EvalQuery>();
  for (const q of questions) if (realDevHalf(q.id) === 'fit' && !seen.has(q.id)) seen.set(q.id, q);
  return [...seen.values()];
}

/** Every real set's questions (each set's library of all its documents asks all of them: real-sets.ts). */
export const realQuestions = (): EvalQuery[] => everyRealSet().flatMap((set) => set.run.queries);

if (import.meta.main) {
  const show = process.argv.includes('--show');
  const patterns = process.argv.slice(2).filter((a) => a !== '--show');
  const questions = fitQuestions(realQuestions());
  console.log(`${questions.length} fit-half questions`);
  for (const source of patterns.length ? patterns : ['']) {
    const re = new RegExp(source);
    const byKind: Record<string, number> = {};
    for (const q of questions.filter((q) => re.test(q.text))) {
      byKind[q.kind] = (byKind[q.kind] ?? 0) + 1;
      if (show) console.log(`  ${q.id} ${q.kind} ${q.text}`);
    }
    console.log(`${source || '(all)'} ${JSON.stringify(byKind)}`);
  }
}
