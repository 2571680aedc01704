// One question through answer() (what /api/chat calls), timed, with its references named by file and scored.
import { answer } from '../../modules/assistant/service';
import type { AppContext } from '../../src/context';
import { namedReference, scoreOne, type Aliases, type EvalQuery } from './answer-scoring';
import { languagePair } from './languages';

export async function askOne(ctx: AppContext, files: Map<string, string>, q: EvalQuery, aliases: Aliases) {
  const t0 = performance.now();
  const r = await answer(ctx, { message: q.text, showRegulation: true, inlineReferences: false });
  const t = performance.now() - t0;
  const references = r.references.map((ref) => namedReference(files, ref));
  const o = {
    ...scoreOne(q, { text: r.text, confidence: r.accuracy, evidence: r.evidence, fallback: r.fallback, references }, aliases),
    languagePair: await languagePair(ctx, files, q),
  };
  return { r, t, references, o };
}
