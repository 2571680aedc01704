// One line per set and library of a battery's JSON summaries (battery.sh), or of two batteries side by side
// (the first folder is A, the second B; a figure that moved is marked).
//   bun scripts/eval/battery-summary.ts OUT_A [OUT_B]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DirectLeads, YesNoLeads } from './answer-leads';

type Row = Record<string, number | null | undefined>;
type Figures = Record<string, number | null | undefined>;
/** What battery-summary reads of one library in an eval-answers summary line. */
interface LibrarySummary {
  answer?: Figures;
  nearMiss?: Figures;
  offTopic?: Figures;
  ece?: number;
  highPrecision?: number | null;
  highShareOfAnswerable?: number;
  pages?: Record<string, Figures>;
  yesNoLeads?: YesNoLeads;
  directLeads?: DirectLeads;
  /** answerable questions by the question's language and the gold document's ("th→en"; languages.ts) */
  byLanguage?: Record<string, Figures>;
}

/**
 * A run's summary line: an answer set's libraries, a retrieval set's product with the plain rankers under `reference`,
 * or OCR's number recall on the pages people read (scripts/bench/ocr-numbers.ts: each half and all).
 */
interface RunSummary {
  libraries?: Record<string, LibrarySummary>;
  hit10?: number;
  mrr10?: number;
  reference?: Record<string, Figures>;
  ocr_numbers?: { all?: Record<string, Figures> };
}

/** Each run's JSON summary line in `dir` (OUT/<set>.json), by set name, in name order; a run that wrote none is left out. */
function summaries(dir: string): Array<[string, RunSummary]> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const text = readFileSync(join(dir, file), 'utf8').trim();
      return text ? [[file.replace(/\.json$/, ''), JSON.parse(text)] as [string, RunSummary]] : [];
    });
}

/** The figures of one run's summary, keyed "set library". */
export function battery(dir: string): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const [set, summary] of summaries(dir)) {
    if (summary.libraries) {
      for (const [library, l] of Object.entries(summary.libraries)) {
        rows.set(`${set} ${library}`, {
          right: l.answer?.right,
          ansFb: l.answer?.fallback,
          nearFb: l.nearMiss?.fallback,
          offFb: l.offTopic?.fallback,
          ece: l.ece,
          hiP: l.highPrecision,
          hiShare: l.highShareOfAnswerable,
          pageMrr: l.pages?.product?.mrr10,
          rrfMrr: l.pages?.bm25_rrf?.mrr10,
          pageP95: l.pages?.product?.p95Ms,
        });
      }
    } else if (summary.ocr_numbers?.all) {
      for (const [half, f] of Object.entries(summary.ocr_numbers.all)) rows.set(`${set} ${half}`, { numbers: f.numbers, recall: f.recall });
    } else if (summary.mrr10 !== undefined || summary.hit10 !== undefined) {
      const ref = summary.reference ?? {};
      rows.set(set, {
        hit10: summary.hit10,
        mrr10: summary.mrr10,
        rrfHit10: ref.bm25_rrf?.hit10,
        rrfMrr: ref.bm25_rrf?.mrr10,
        triMrr: ref.bm25_trigram?.mrr10,
        wordMrr: ref.bm25_word?.mrr10,
      });
    }
  }
  return rows;
}

/** Each real university's library once (no union), pooled by its questions: all of them, and the sets held out whole. */
const UNIVERSITY = /^(real_dev|real_more|real_extra|real_new|real_scan|real_reg|real_tu|real_vru_dev|real_cal_dev|real_cur_dev|real_fresh_[a-z]+) (?!union)/;
const HELD_WHOLE = /^(real_new|real_tu|real_fresh_[a-z]+) /;

const noSums = () => ({ n: 0, right: 0, ansFb: 0, near: 0, nearFb: 0, yesLed: 0, yesAgree: 0, noLed: 0, noAgree: 0, led: 0, leadHolds: 0 });

export function pooled(dir: string): Map<string, Row> {
  const sums = new Map<string, ReturnType<typeof noSums>>();
  for (const [set, summary] of summaries(dir)) {
    if (set === 'real_dev_held') continue;
    for (const [library, l] of Object.entries(summary.libraries ?? {})) {
      const key = `${set} ${library}`;
      if (!UNIVERSITY.test(key)) continue;
      for (const pool of HELD_WHOLE.test(key) ? ['pooled: every real library', 'pooled: the sets held out whole'] : ['pooled: every real library']) {
        const s = sums.get(pool) ?? noSums();
        const n = l.answer?.n ?? 0;
        const near = l.nearMiss?.n ?? 0;
        s.n += n;
        s.right += n * (l.answer?.right ?? 0);
        s.ansFb += n * (l.answer?.fallback ?? 0);
        s.near += near;
        s.nearFb += near * (l.nearMiss?.fallback ?? 0);
        s.yesLed += l.yesNoLeads?.yes.led ?? 0;
        s.yesAgree += l.yesNoLeads?.yes.agree ?? 0;
        s.noLed += l.yesNoLeads?.no.led ?? 0;
        s.noAgree += l.yesNoLeads?.no.agree ?? 0;
        s.led += l.directLeads?.led ?? 0;
        s.leadHolds += l.directLeads?.holds ?? 0;
        sums.set(pool, s);
      }
      // the questions asked in one language about a document written in the other, over every real library
      for (const [pair, g] of Object.entries(l.byLanguage ?? {})) {
        const [asked, written] = pair.split('→');
        if (asked === written) continue;
        const across = 'pooled: asked across languages';
        const s = sums.get(across) ?? noSums();
        const n = g.n ?? 0;
        s.n += n;
        s.right += n * (g.right ?? 0);
        s.ansFb += n * (g.fallback ?? 0);
        sums.set(across, s);
      }
    }
  }
  return new Map(
    [...sums].map(([pool, s]) => [
      pool,
      {
        answerable: s.n,
        right: s.right / s.n,
        ansFb: s.ansFb / s.n,
        nearFb: s.near ? s.nearFb / s.near : undefined,
        // a yes/no question's lead (answer-scoring.ts yesNoLead): counts, led and agreeing with the document's answer
        yesLed: s.yesLed,
        yesAgree: s.yesAgree,
        noLed: s.noLed,
        noAgree: s.noAgree,
        // a count's, a date's or a person's lead (answer-scoring.ts directLead): how many, and how many hold a keyword
        led: s.led,
        leadHolds: s.leadHolds,
      },
    ]),
  );
}

/**
 * The issue's floor over every library's page ranking: how many rows rank pages (an answer set's libraries, ours and
 * the real ones, unions included), and in how many the product's page MRR@10 is under the plain rankers' fusion.
 */
export function pageFloor(rows: Map<string, Row>): Row {
  const paged = [...rows.values()].filter((r) => typeof r.pageMrr === 'number' && typeof r.rrfMrr === 'number');
  return { pageRows: paged.length, underFusion: paged.filter((r) => r.pageMrr! < r.rrfMrr! - 1e-9).length };
}
const PAGE_FLOOR_ROW = 'page rows: under the plain fusion';

/** Figures that are counts, printed whole. */
const COUNTS = new Set(['answerable', 'numbers', 'yesLed', 'yesAgree', 'noLed', 'noAgree', 'led', 'leadHolds', 'pageRows', 'underFusion']);

const fmt = (v: number | null | undefined) => (v === undefined || v === null ? '-' : v.toFixed(3).replace(/^0\./, '.'));

/**
 * The lines comparing two batteries' rows (B null: A's alone). A row only one side has is marked, and a pool whose
 * question count differs is starred: a battery still running, or one whose set failed, pools fewer libraries, and its
 * pooled figures are not the other's (a partial run's pooled right can read .1 above the finished run's).
 */
export function compareRows(A: Map<string, Row>, B: Map<string, Row> | null): string[] {
  const lines: string[] = [];
  for (const [key, row] of A) {
    const other = B?.get(key);
    const cells = Object.entries(row).map(([k, v]) => {
      const count = COUNTS.has(k);
      if (!other) return count ? `${k} ${v}` : `${k} ${fmt(v)}`;
      const w = other[k];
      if (count) return v === w ? `${k} ${v}` : `${k} ${v}→${w} *`;
      const moved = k !== 'pageP95' && fmt(v) !== fmt(w);
      return moved ? `${k} ${fmt(v)}→${fmt(w)} *` : `${k} ${fmt(v)}`;
    });
    const alone = B && !other ? '  * only in the first battery' : '';
    lines.push(`${key.padEnd(28)} ${cells.join('  ')}${alone}`);
  }
  for (const key of B?.keys() ?? []) if (!A.has(key)) lines.push(`${key.padEnd(28)} * only in the second battery`);
  return lines;
}

function main(a: string, b?: string) {
  const rowsOf = (dir: string) => {
    const rows = battery(dir);
    return new Map([...rows, ...pooled(dir), [PAGE_FLOOR_ROW, pageFloor(rows)]]);
  };
  const A = rowsOf(a);
  const B = b && existsSync(b) ? rowsOf(b) : null;
  for (const line of compareRows(A, B)) console.log(line);
}

if (import.meta.main) main(process.argv[2], process.argv[3]);
