// The people's half of eval-answers' output: libraries side by side, one row per measure, then each
// library's reliability table and the questions whose outcome changed between libraries.
import type { Outcome } from './answer-scoring';
import type { Summary } from './answer-summary';
import type { PageComparison } from './page-retrieval';
import type { RankLoss, RetrievalRates } from './retrieval-compare';

const pct = (v: number | null) => (v === null ? '   -' : `${(v * 100).toFixed(0).padStart(3)}%`);
const num = (v: number | null, digits = 3) => (v === null ? '-' : v.toFixed(digits));

type Row = [label: string, cell: (s: Summary) => string];

const ROWS: Row[] = [
  ['answerable: right (reference and keywords)', (s) => `${pct(s.answer.right)} of ${s.answer.n}`],
  ['answerable: reference right', (s) => pct(s.answer.ref)],
  ['answerable: keywords right', (s) => pct(s.answer.keywords)],
  ['answerable: fallback', (s) => pct(s.answer.fallback)],
  [
    'close paraphrase: right / ref / kw / fallback',
    (s) => `${pct(s.close.right)} ${pct(s.close.ref)} ${pct(s.close.keywords)} ${pct(s.close.fallback)} (n ${s.close.n})`,
  ],
  ['far paraphrase: right / ref / kw / fallback', (s) => `${pct(s.far.right)} ${pct(s.far.ref)} ${pct(s.far.keywords)} ${pct(s.far.fallback)} (n ${s.far.n})`],
  ['near_miss: fallback', (s) => `${pct(s.nearMiss.fallback)} of ${s.nearMiss.n}`],
  ['off_topic: fallback', (s) => `${pct(s.offTopic.fallback)} of ${s.offTopic.n}`],
  ['answers shown', (s) => String(s.shown)],
  ['AUROC confidence, shown answers', (s) => num(s.aurocShown)],
  ['AUROC confidence, all questions', (s) => num(s.aurocAll)],
  ['expected calibration error (shown)', (s) => num(s.ece)],
  ['  ECE chance gives a calibrated confidence', (s) => num(s.eceIfCalibrated)],
  ['  over-confidence (mean shown − share right)', (s) => num(s.overconfidence)],
  ['shown at >= high threshold: count', (s) => String(s.highShown)],
  ['shown at >= high threshold: precision', (s) => pct(s.highPrecision)],
  ['answerable shown at >= high: share of answerable', (s) => pct(s.highShareOfAnswerable)],
  ['scan gold: right / ref / kw / fallback', (s) => groupCell(s.bySource.scan)],
  ['text gold: right / ref / kw / fallback', (s) => groupCell(s.bySource.text)],
  ['asked across languages (th→en, en→th): right / ref / kw / fallback', (s) => groupCell(acrossLanguages(s))],
  ['yes/no led "yes": agree / led · "no": agree / led', (s) => leadCell(s.yesNoLeads)],
  ['led by a count, date or person: holds a keyword / led', (s) => (s.directLeads.led ? `${s.directLeads.holds}/${s.directLeads.led}` : '-')],
];

/** The answerable questions asked in one language about a document in the other, pooled (languages.ts). */
export function acrossLanguages(s: Summary): Summary['answer'] | undefined {
  const groups = Object.entries(s.byLanguage ?? {})
    .filter(([pair]) => pair.split('→')[0] !== pair.split('→')[1])
    .map(([, g]) => g);
  const n = groups.reduce((t, g) => t + g.n, 0);
  if (n === 0) return undefined;
  const mean = (f: (g: Summary['answer']) => number | null) => groups.reduce((t, g) => t + (f(g) ?? 0) * g.n, 0) / n;
  return { n, ref: mean((g) => g.ref), keywords: mean((g) => g.keywords), right: mean((g) => g.right), fallback: mean((g) => g.fallback) };
}

function leadCell(l: Summary['yesNoLeads']): string {
  return l.shown ? `${l.yes.agree}/${l.yes.led} · ${l.no.agree}/${l.no.led} (of ${l.shown})` : '-';
}

function groupCell(g: Summary['answer'] | undefined): string {
  return g ? `${pct(g.right)} ${pct(g.ref)} ${pct(g.keywords)} ${pct(g.fallback)} (n ${g.n})` : '-';
}

export function formatTable(title: string, summaries: Array<[string, Summary]>): string {
  const width = Math.max(...ROWS.map((r) => r[0].length)) + 2;
  const cells = ROWS.map(([label, cell]) => [label, ...summaries.map(([, s]) => cell(s))]);
  const colWidth = Math.max(12, ...cells.flatMap((c) => c.slice(1).map((x) => x.length))) + 2;
  const head = ''.padEnd(width) + summaries.map(([name]) => `library ${name}`.padEnd(colWidth)).join('');
  const lines = [title, head, ...cells.map(([label, ...rest]) => label!.padEnd(width) + rest.map((x) => x.padEnd(colWidth)).join(''))];
  for (const [name, s] of summaries) {
    const types = Object.entries(s.byQuestionType);
    if (types.length) {
      lines.push('', `per question_type, library ${name}: right / ref / kw / fallback`);
      for (const [type, g] of types) lines.push(`  ${type.padEnd(20)}${groupCell(g)}`);
    }
    lines.push('', `reliability, library ${name} (shown answers): band  count  right  fraction right  mean confidence`);
    for (const b of s.reliability) {
      if (!b.count) continue;
      const band = `${b.from}-${b.from === 90 ? 100 : b.from + 9}`;
      lines.push(
        `  ${band.padEnd(8)}${String(b.count).padStart(5)}${String(b.right).padStart(7)}${pct(b.fractionRight).padStart(16)}${b.meanConfidence.toFixed(1).padStart(17)}`,
      );
    }
  }
  return lines.join('\n');
}

export function formatOutcome(o: Outcome, band: string): string {
  const verdict =
    o.kind === 'answer'
      ? `${o.right ? 'RIGHT' : 'wrong'} ref:${o.refRight ? 'y' : 'n'} kw:${o.keywordsRight ? 'y' : 'n'}`
      : o.right
        ? 'RIGHT (fallback)'
        : 'wrong (answered)';
  return `${o.id.padEnd(12)} ${o.kind.padEnd(9)} ${(o.paraphrase ?? '').padEnd(5)} ${o.confidence.toFixed(1).padStart(5)}% ${band.padEnd(6)} ${o.fallback ? 'fallback' : o.topRef}  ${verdict}`;
}

/** Retrieval of a right-reference passage, the product beside the reference rankers, per library. */
export function formatRetrieval(libraries: Array<[string, Record<string, RetrievalRates>]>): string {
  const lines = ['', 'retrieval: a passage with the right reference at rank 1 / within 5 / MRR@10 (answerable questions)'];
  lines.push(''.padEnd(16) + libraries.map(([name]) => `library ${name}`.padEnd(26)).join(''));
  for (const ranker of Object.keys(libraries[0]?.[1] ?? {})) {
    const cells = libraries.map(([, rows]) => {
      const r = rows[ranker]!;
      return `${num(r.hit1, 2)} / ${num(r.hit5, 2)} / ${num(r.mrr10, 2)}`.padEnd(26);
    });
    lines.push(ranker.padEnd(16) + cells.join(''));
  }
  return lines.join('\n');
}

/** How many of a list are held questions, which a run counts but never names. */
const heldCount = (all: number, named: number) => (all > named ? ` (${all - named} held, not named)` : '');

/**
 * The questions where a reference ranker put the right passage higher than the product, per library; `readable`
 * names only the questions a run may print (held ones are counted).
 */
export function formatRankLosses(libraries: Array<[string, RankLoss[]]>, readable: (id: string) => boolean = () => true): string {
  const lines: string[] = [];
  for (const [name, losses] of libraries) {
    if (!losses.length) continue;
    const named = losses.filter((l) => readable(l.id));
    lines.push(`\nright passage ranked lower than a reference ranker, library ${name} (rank, 0 = not in 10)${heldCount(losses.length, named.length)}:`);
    for (const l of named) lines.push(`  ${l.id.padEnd(12)} product ${l.product}  ${l.ranker} ${l.rank}`);
  }
  return lines.join('\n');
}

/** Page-level retrieval per library: the product's pages beside the plain rankers and their fusion. */
export function formatPages(libraries: Array<[string, PageComparison]>, readable: (id: string) => boolean = () => true): string {
  const lines = ['', 'page retrieval: a gold page at rank 1 / 5 / 10, MRR@10, p50 / p95 ms a question (answerable questions)'];
  for (const [name, c] of libraries) {
    lines.push(`library ${name}`);
    for (const [ranker, r] of Object.entries(c.rates))
      lines.push(
        `  ${ranker.padEnd(14)}${num(r.hit1, 2)} / ${num(r.hit5, 2)} / ${num(r.hit10, 2)} / ${num(r.mrr10, 3)}   ${r.p50Ms.toFixed(1)} / ${r.p95Ms.toFixed(1)} ms (n ${r.n})`,
      );
    const named = c.behind.filter((l) => readable(l.id));
    if (c.behind.length)
      lines.push(`  behind the fusion: ${named.map((l) => `${l.id} ${l.product}<${l.rank}`).join(', ')}${heldCount(c.behind.length, named.length)}`);
  }
  return lines.join('\n');
}
