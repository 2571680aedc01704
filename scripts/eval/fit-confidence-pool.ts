// Fits the confidence model on the fit halves of every halved real set at once (issue 37 item 3: "confidence learned
// on real data"), where scripts/fit-confidence.ts reads real_dev's fit half alone beside our own sets. The shipped
// bias and evidence weights were fitted on our own clean-text sets; a refit on real_dev's 53 fit questions alone did
// not carry to its held half. The halved real sets together (real_dev, real_more, real_extra, real_scan, real_reg,
// real_vru_dev, real_cal_dev: each question in its own university's library, its half by real-dev.ts realDevHalf) hold
// several times as many fit questions, from twelve universities.
//   bun scripts/eval/fit-confidence-pool.ts [--fixed F,…] [--l2 X] [--own-share X] [--out M.json] [--rows R.jsonl]
// Rows (confidence-rows.ts): the chat's search and the embedded answerer's quote under the model in use, each
// question's quoted passage labelled right or not. The fit: every weight and the bias free unless --fixed, each real
// set weighing the same in all (its questions equally), our own sets (campus_dev A, dorm A, exam A) --own-share of
// the weight (default 0: they are regression checks); l2 chosen by leaving one real set out at a time. Printed:
// row figures (aggregates only) of the model in use and the fitted one on the pooled fit half, the pooled held
// halves, the sets held out whole (real_new, real_tu, real_fresh_a … e) and our own sets. A row figure is a guide;
// the model is judged end to end: `EVAL_ARGS="--model M.json" bash scripts/eval/battery.sh …` beside the model in use.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EVIDENCE_FEATURES } from '../../modules/knowledge/scoring/evidence';
import { confidenceModel, type ConfidenceModel } from '../../modules/knowledge/scoring/confidence';
import { shutdownOcr } from '../../modules/extraction';
import { collectRows, ownSetRuns, type Row } from './confidence-rows';
import { figures, fitLogistic, fixedPart, formatFigures, logLoss, rowConfidence, type Example, type Feature } from './logistic';
import { realSetRuns } from './real-set-runs';

/** Each halved real set by its own universities' libraries (a question asked of the library it was written from). */
export const HALVED_SETS: Record<string, readonly string[]> = {
  real_dev: ['crru', 'sut', 'ssru'],
  real_more: ['rmuti', 'ku', 'sskru'],
  real_extra: ['crru', 'sut', 'ssru', 'rmuti', 'ku', 'sskru'],
  real_scan: ['rbru'],
  real_reg: ['rmutp'],
  real_vru_dev: ['vrud'],
  real_cal_dev: ['kmutt', 'swu', 'cmu'],
  real_cur_dev: ['kmutnbk', 'kuk', 'sutk'],
};
/** The sets held out whole: never fitted on, read as aggregates. */
export const WHOLE_HELD_SETS: Record<string, readonly string[]> = {
  real_new: ['rmutt', 'up'],
  real_tu: ['tu'],
  real_fresh_a: ['snru'],
  real_fresh_b: ['uru'],
  real_fresh_c: ['vru'],
  real_fresh_d: ['kru'],
  real_fresh_e: ['vrue'],
  real_fresh_f: ['kmitl'],
  real_fresh_g: ['sdu'],
  real_fresh_h: ['psu'],
  real_fresh_i: ['wu'],
  real_fresh_k: ['rmutl'],
  real_fresh_m: ['vrum'],
  real_fresh_l: ['arit'],
  real_fresh_n: ['sdun'],
  real_fresh_o: ['rmuttg'],
  real_fresh_p: ['vrup'],
  real_fresh_q: ['vruq'],
  real_fresh_r: ['vrur'],
  real_fresh_s: ['vrus'],
  real_fresh_t: ['kukps'],
  real_fresh_u: ['kmutnb'],
  real_fresh_v: ['kmuttv'],
  real_fresh_w: ['kmuttw'],
  real_fresh_x: ['urux', 'aritx'],
  real_fresh_y: ['kmitly', 'vrumy'],
  real_fresh_z: ['kukpsz', 'vrurz'],
  real_fresh_za: ['kmutnbaa', 'kmuttvaa'],
  real_fresh_zb: ['psuzb', 'uruzb'],
  real_fresh_zc: ['kuzc', 'sutzc'],
  real_fresh_zd: ['kmutnbzd', 'kuzd'],
  real_fresh_ze: ['sutze', 'kuze'],
};
const L2_GRID = [0.003, 0.01, 0.03, 0.1, 0.3, 1];

/** A row with the set its question belongs to (the unit of weight and of leaving out). */
export type Tagged = Row & { set: string };

async function collect(): Promise<Tagged[]> {
  const rows: Tagged[] = [];
  for (const [set, libraries] of Object.entries({ ...HALVED_SETS, ...WHOLE_HELD_SETS }))
    for (const run of realSetRuns(set, [...libraries]) ?? []) {
      const got = await collectRows(`${set}:${run.name}`, run, false);
      rows.push(...got.map((r) => ({ ...r, set })));
      console.error(`rows: ${set} ${run.name} ${got.length}`);
    }
  for (const run of ownSetRuns(['campus', 'dorm', 'exam'])) rows.push(...(await collectRows(run.name, run, true)).map((r) => ({ ...r, set: run.name })));
  return rows;
}

const isReal = (r: Tagged) => r.set in HALVED_SETS;
const isOwn = (r: Tagged) => r.half === 'own';

/** The fit half's quoted rows (and our own sets at their share), each real set weighing the same. */
export function trainingExamples(rows: readonly Tagged[], ownShare: number, leaveOut?: string): Example[] {
  const train = rows.filter((r) => r.f && r.set !== leaveOut && ((isReal(r) && r.half === 'fit') || (ownShare > 0 && isOwn(r))));
  const groups = [...new Set(train.map((r) => r.set))];
  const real = groups.filter((g) => g in HALVED_SETS);
  const own = groups.filter((g) => !(g in HALVED_SETS));
  const count = new Map(groups.map((g) => [g, train.filter((r) => r.set === g).length]));
  const share = (g: string) => (real.includes(g) ? (1 - (own.length ? ownShare : 0)) / real.length : ownShare / own.length) / count.get(g)!;
  return train.map((r) => ({ f: r.f!, y: r.right ? 1 : 0, w: share(r.set) }));
}

interface Options {
  fixed: string;
  l2?: string;
  ownShare: number;
  out?: string;
}

function main(rows: Tagged[], args: Options) {
  const OWN_SHARE = args.ownShare;
  const fixedNames = args.fixed.split(',').filter(Boolean);
  const shipped = confidenceModel();
  const free = EVIDENCE_FEATURES.filter((f) => !fixedNames.includes(f)) as Feature[];
  const fixed = fixedPart(shipped, fixedNames);
  const chooseL2 = () => {
    if (args.l2) return Number(args.l2);
    let best = { l2: L2_GRID[0]!, loss: Infinity };
    for (const l2 of L2_GRID) {
      let loss = 0;
      for (const set of Object.keys(HALVED_SETS)) {
        const left = trainingExamples(
          rows.filter((r) => r.set === set),
          0,
        ).map((e) => ({ ...e, w: 1 }));
        if (left.length) loss += logLoss(fitLogistic(trainingExamples(rows, OWN_SHARE, set), free, l2, fixed), left) / left.length;
      }
      if (loss < best.loss) best = { l2, loss };
    }
    return best.l2;
  };
  const l2 = chooseL2();
  const raw = fitLogistic(trainingExamples(rows, OWN_SHARE), free, l2, fixed);
  const model: ConfidenceModel = {
    bias: Number(raw.bias.toFixed(3)),
    weights: Object.fromEntries(Object.entries(raw.weights).map(([k, v]) => [k, Number(v!.toFixed(3))])),
  };
  console.log(`rows ${rows.length}; fit rows ${trainingExamples(rows, OWN_SHARE).length}; l2 ${l2}`);
  console.log(
    `fitted: bias ${model.bias}, ${Object.entries(model.weights)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  const parts: Array<[string, (r: Tagged) => boolean]> = [
    ['real fit halves', (r) => isReal(r) && r.half === 'fit'],
    ['real held halves', (r) => isReal(r) && r.half === 'held'],
    ['real_dev held', (r) => r.set === 'real_dev' && r.half === 'held'],
    ['held whole', (r) => r.set in WHOLE_HELD_SETS],
    ...Object.keys(WHOLE_HELD_SETS).map((s): [string, (r: Tagged) => boolean] => [`  ${s}`, (r) => r.set === s]),
    ['own sets', isOwn],
  ];
  for (const [name, m] of [
    ['in use', shipped],
    ['fitted', model],
  ] as const) {
    console.log('');
    for (const [part, keep] of parts)
      console.log(
        formatFigures(
          `${name} ${part}`,
          figures(rows.filter(keep), (r) => rowConfidence(m, r)),
        ),
      );
  }
  if (args.out)
    writeFileSync(
      args.out,
      `${JSON.stringify({ ...model, provenance: { fitted_by: `bun scripts/eval/fit-confidence-pool.ts --fixed '${args.fixed}' --own-share ${OWN_SHARE}`, l2 } }, null, 2)}\n`,
    );
}

if (import.meta.main) {
  const { values: args } = parseArgs({
    options: {
      fixed: { type: 'string', default: '' },
      l2: { type: 'string' },
      'own-share': { type: 'string', default: '0' },
      out: { type: 'string' },
      rows: { type: 'string' },
    },
  });
  const rows = await collect();
  // the rows for reading aggregates by shape (a held row's text is never printed by this script)
  if (args.rows) writeFileSync(args.rows, rows.map((r) => JSON.stringify(r)).join('\n'));
  main(rows, { fixed: args.fixed!, l2: args.l2, ownShare: Number(args['own-share']), out: args.out });
  await shutdownOcr();
  process.exit(0);
}
