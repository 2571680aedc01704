// What a quick screen (fail-classes.ts) is asked to leave out: sets not yet judged on (a fresh set is first run as the
// judge of a change, so screens before it skip it), and one piece of the evidence, as an ablation row reads it: a
// rule group (`eval-answers.ts --ablate`) or one weight of the shipped confidence model set to 0 (no refit).
import { parseArgs } from 'node:util';
import { EVIDENCE_RULE_GROUPS, setEvidenceAblation } from '../../modules/knowledge/scoring/evidence';
import { confidenceModel, setConfidenceModel, type ConfidenceModel } from '../../modules/knowledge/scoring/confidence';

export interface ScreenOptions {
  /** print the fit half's questions of this class */
  show: string | null;
  /** sets whose name matches are not asked */
  skip: RegExp | null;
  /** a rule group left out, or `weight:<feature>` for a weight set to 0 */
  ablate: string | null;
  /** the counts of each set's union beside the halves' (aggregates only, as the halves') */
  bySet: boolean;
  /** the same counts by what each question asks (Question.asked) */
  byKind: boolean;
}

export function screenOptions(argv: string[]): ScreenOptions {
  const { values } = parseArgs({
    args: argv,
    options: { show: { type: 'string' }, skip: { type: 'string' }, ablate: { type: 'string' }, 'by-set': { type: 'boolean' }, 'by-kind': { type: 'boolean' } },
  });
  const ablate = values.ablate ?? null;
  if (ablate && !ablate.startsWith('weight:') && !(EVIDENCE_RULE_GROUPS as readonly string[]).includes(ablate))
    throw new Error(`--ablate ${ablate}: a rule group (${EVIDENCE_RULE_GROUPS.join(', ')}) or weight:<feature>`);
  return {
    show: values.show ?? null,
    skip: values.skip ? new RegExp(values.skip) : null,
    ablate,
    bySet: values['by-set'] ?? false,
    byKind: values['by-kind'] ?? false,
  };
}

/** The shipped model with one feature's weight at 0. */
export function withoutWeight(model: ConfidenceModel, feature: string): ConfidenceModel {
  if (!(feature in model.weights)) throw new Error(`weight:${feature}: the model has no such weight (${Object.keys(model.weights).join(', ')})`);
  return { bias: model.bias, weights: { ...model.weights, [feature]: 0 } };
}

/** Measurement only: the ablation takes effect for every answer asked after it. */
export function applyAblation(ablate: string | null): void {
  if (!ablate) return;
  if (ablate.startsWith('weight:')) setConfidenceModel(withoutWeight(confidenceModel(), ablate.slice('weight:'.length)));
  else setEvidenceAblation([ablate as (typeof EVIDENCE_RULE_GROUPS)[number]]);
}
