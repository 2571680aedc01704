// Two versions' threshold curves side by side, pooled over the real sets and over our own, and each version's
// answerable right and fallback at the other's near-miss fallback (curve-pool.ts). Each directory holds
// eval-answers outputs made with --curve (the JSON line last in each file); libraries pair up by file and name.
//   bun scripts/eval/curve-compare.ts <dir A> <dir B> [threshold, default 30]
// E.g. /tmp/curve.sh-style runs of real_dev, real_more, real_extra, real_new, real_scan, real_reg, real_tu (their
// unions), campus_dev A/B and campus_dev2, each with --curve, once per tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atNearMiss, poolCurves, type CountedCurve } from './curve-pool';
import type { CurvePoint } from './threshold-curve';

const REAL_SETS = new Set(['real_dev', 'real_more', 'real_extra', 'real_new', 'real_scan', 'real_reg', 'real_tu']);
const [dirA, dirB, at = '30'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: curve-compare.ts <dir A> <dir B> [threshold]');
const threshold = Number(at);

interface Library {
  real: boolean;
  curve: CountedCurve;
}

function read(dir: string): Map<string, Library> {
  const out = new Map<string, Library>();
  for (const file of readdirSync(dir).sort()) {
    const last = readFileSync(join(dir, file), 'utf8').trim().split('\n').at(-1) ?? '';
    if (!last.startsWith('{')) continue;
    const run = JSON.parse(last) as {
      queries: string;
      libraries: Record<string, { answer: { n: number }; nearMiss: { n: number }; offTopic: { n: number }; curve?: { points: CurvePoint[] } }>;
    };
    for (const [name, lib] of Object.entries(run.libraries ?? {}))
      if (lib.curve)
        out.set(`${file}/${name}`, {
          real: REAL_SETS.has(run.queries),
          curve: { answers: lib.answer.n, nearMisses: lib.nearMiss.n, offTopic: lib.offTopic.n, points: lib.curve.points },
        });
  }
  return out;
}

const a = read(dirA);
const b = read(dirB);
const keys = [...a.keys()].filter((k) => b.has(k));
const p = (x: number | null | undefined) => (x == null ? '   -' : x.toFixed(3));
const line = (c: CurvePoint) => `right ${p(c.answerRight)} fb ${p(c.answerFallback)} near ${p(c.nearMissFallback)} off ${p(c.offTopicFallback)}`;
function compare(name: string, ca: CountedCurve, cb: CountedCurve) {
  console.log(`${name} (answerable ${ca.answers}, near-miss ${ca.nearMisses}, off-topic ${ca.offTopic})`);
  for (const [i, pa] of ca.points.entries()) console.log(`  t${String(pa.threshold).padStart(2)}  A ${line(pa)}  |  B ${line(cb.points[i]!)}`);
  const ta = ca.points.find((x) => x.threshold === threshold);
  const tb = cb.points.find((x) => x.threshold === threshold);
  if (!ta || !tb) return;
  const bAtA = atNearMiss(cb.points, ta.nearMissFallback ?? 0);
  const aAtB = atNearMiss(ca.points, tb.nearMissFallback ?? 0);
  const m = (x: { answerRight: number; answerFallback: number } | null) => (x ? `right ${p(x.answerRight)} fb ${p(x.answerFallback)}` : 'outside the curve');
  console.log(
    `  at A's near-miss fallback ${p(ta.nearMissFallback)} (t${threshold}): A ${m({ answerRight: ta.answerRight ?? 0, answerFallback: ta.answerFallback ?? 0 })}, B ${m(bAtA)}`,
  );
  console.log(
    `  at B's near-miss fallback ${p(tb.nearMissFallback)} (t${threshold}): A ${m(aAtB)}, B ${m({ answerRight: tb.answerRight ?? 0, answerFallback: tb.answerFallback ?? 0 })}`,
  );
}
for (const real of [true, false]) {
  const group = keys.filter((k) => a.get(k)!.real === real);
  if (group.length)
    compare(real ? 'pooled real sets' : 'pooled own sets', poolCurves(group.map((k) => a.get(k)!.curve)), poolCurves(group.map((k) => b.get(k)!.curve)));
}
for (const k of keys) compare(k, a.get(k)!.curve, b.get(k)!.curve);
