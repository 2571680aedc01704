// Metrics for scripts/eval-retrieval.ts: hit@k, MRR@10, latency percentiles, AUROC.

export interface QueryOutcome {
  ranked: string[];
  gold?: string[];
  ms: number;
  confidence: number;
  expect?: 'answer' | 'refuse';
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Probability that a random positive scores above a random negative (ties count half). */
export function auroc(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

export function summarize(outcomes: QueryOutcome[], k: number): Record<string, number> {
  const judged = outcomes.filter((o) => o.gold && o.gold.length > 0);
  const rankOf = (o: QueryOutcome) => o.ranked.findIndex((id) => o.gold!.includes(id));
  const rate = (pred: (o: QueryOutcome) => boolean) => (judged.length ? Number((judged.filter(pred).length / judged.length).toFixed(4)) : 0);
  const mrr = judged.reduce((s, o) => {
    const r = rankOf(o);
    return s + (r >= 0 && r < 10 ? 1 / (r + 1) : 0);
  }, 0);
  const times = outcomes.map((o) => o.ms);
  return {
    n: judged.length,
    hit1: rate((o) => rankOf(o) === 0),
    hit5: rate((o) => rankOf(o) >= 0 && rankOf(o) < 5),
    hit10: rate((o) => rankOf(o) >= 0 && rankOf(o) < Math.min(10, k)),
    mrr10: judged.length ? Number((mrr / judged.length).toFixed(4)) : 0,
    p50_ms: Number(percentile(times, 0.5).toFixed(2)),
    p95_ms: Number(percentile(times, 0.95).toFixed(2)),
  };
}
