// A run's outcomes summed (answer-scoring.ts scores each question): right, reference, keywords and fallback per kind
// and per group, and whether the confidence means anything (AUROC, a reliability table with its expected calibration
// error, precision of high answers). Pure functions over plain records.
import { directLeads, yesNoLeads, type DirectLeads, type YesNoLeads } from './answer-leads';
import type { Kind, Outcome } from './answer-scoring';
import { calibrationNoise } from './calibration-noise';
import { auroc, reliability, type ReliabilityBin } from './confidence-measures';

const rate = (n: number, d: number): number | null => (d ? n / d : null);

export interface GroupRates {
  n: number;
  ref: number | null;
  keywords: number | null;
  right: number | null;
  fallback: number | null;
}

function groupRates(outcomes: Outcome[]): GroupRates {
  const n = outcomes.length;
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  return {
    n,
    ref: rate(
      count((o) => o.refRight),
      n,
    ),
    keywords: rate(
      count((o) => o.keywordsRight),
      n,
    ),
    right: rate(
      count((o) => o.right),
      n,
    ),
    fallback: rate(
      count((o) => o.fallback),
      n,
    ),
  };
}

export interface Summary {
  answer: GroupRates;
  close: GroupRates;
  far: GroupRates;
  nearMiss: GroupRates; // right = fell back
  offTopic: GroupRates;
  shown: number;
  /** Shown answers only: positives are right answers, negatives wrong ones (incl. answered near-miss/off-topic). */
  aurocShown: number | null;
  /** Every question: positives are right answers to answerable questions; negatives everything else. */
  aurocAll: number | null;
  reliability: ReliabilityBin[];
  ece: number | null;
  /** mean shown confidence minus the share of shown answers right, and the ECE chance gives a calibrated confidence here (calibration-noise.ts) */
  overconfidence: number | null;
  eceIfCalibrated: number | null;
  highShown: number;
  highPrecision: number | null;
  /** answerable questions shown at >= the high threshold, as a share of all answerable ones */
  highShareOfAnswerable: number | null;
  /** answerable questions per source_type (scan / text), when the set says */
  bySource: Record<string, GroupRates>;
  /** answerable questions per question_type, when the set says */
  byQuestionType: Record<string, GroupRates>;
  /** answerable questions by the question's language and the gold document's ("th→en"), where the run knows them */
  byLanguage: Record<string, GroupRates>;
  /** shown answers to yes_no questions the set answers: how many lead with a verdict of each kind, and how many agree */
  yesNoLeads: YesNoLeads;
  /** shown answerable answers led by a direct answer of another kind, and how many of those leads hold an answer keyword */
  directLeads: DirectLeads;
}

function groupedBy(outcomes: Outcome[], key: (o: Outcome) => string | null | undefined): Record<string, GroupRates> {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const k = key(o);
    if (k) groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, os]) => [k, groupRates(os)]));
}

export function summarise(outcomes: Outcome[], highThreshold = 80): Summary {
  const of = (k: Kind) => outcomes.filter((o) => o.kind === k);
  const answers = of('answer');
  const shown = outcomes.filter((o) => !o.fallback);
  const high = shown.filter((o) => o.confidence >= highThreshold);
  const answeredRight = (o: Outcome) => o.kind === 'answer' && o.right;
  const rel = reliability(shown);
  return {
    answer: groupRates(answers),
    close: groupRates(answers.filter((o) => o.paraphrase === 'close')),
    far: groupRates(answers.filter((o) => o.paraphrase === 'far')),
    nearMiss: groupRates(of('near_miss')),
    offTopic: groupRates(of('off_topic')),
    shown: shown.length,
    aurocShown: auroc(
      shown.filter(answeredRight).map((o) => o.confidence),
      shown.filter((o) => !answeredRight(o)).map((o) => o.confidence),
    ),
    aurocAll: auroc(
      outcomes.filter(answeredRight).map((o) => o.confidence),
      outcomes.filter((o) => !answeredRight(o)).map((o) => o.confidence),
    ),
    reliability: rel.bins,
    ece: rel.ece,
    ...calibrationNoise(shown),
    highShown: high.length,
    highPrecision: rate(high.filter(answeredRight).length, high.length),
    highShareOfAnswerable: rate(high.filter((o) => o.kind === 'answer').length, answers.length),
    bySource: groupedBy(answers, (o) => o.sourceType),
    byQuestionType: groupedBy(answers, (o) => o.questionType),
    byLanguage: groupedBy(answers, (o) => o.languagePair),
    yesNoLeads: yesNoLeads(outcomes),
    directLeads: directLeads(answers),
  };
}

/** Questions whose right/wrong (or fallback) differs between two runs of the same set. */
export function changedOutcomes(a: Outcome[], b: Outcome[]): Array<{ id: string; from: string; to: string }> {
  const label = (o: Outcome) => `${o.right ? 'right' : 'wrong'}${o.fallback ? ' (fallback)' : ''} ${Math.round(o.confidence)}% ${o.topRef}`;
  const byId = new Map(b.map((o) => [o.id, o]));
  const changed: Array<{ id: string; from: string; to: string }> = [];
  for (const o of a) {
    const other = byId.get(o.id);
    if (other && (other.right !== o.right || other.fallback !== o.fallback)) changed.push({ id: o.id, from: label(o), to: label(other) });
  }
  return changed;
}
