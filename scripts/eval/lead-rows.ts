// Which leads mislead, by the kind the question asks (eval README, 'Leads that mislead'): every real set's answerable
// question once in its union library, the direct answer its reply opens with (a count, a person, a place: not the
// yes/no verdict, which `battery-summary.ts` reads against the document's answer) and whether that lead holds an
// answer keyword. A fit-half row carries its question, its lead and its keywords, to read; a held one its id, half,
// kind and outcome only, to count.
//   bun scripts/eval/lead-rows.ts > rows.jsonl          (EVAL_CACHE_DIR / EVAL_DOCS as for eval-answers.ts)
//   bun scripts/eval/lead-rows.ts --sum a.jsonl [b.jsonl …]   (led / holding a keyword, by half and kind, per file)
import { readFileSync } from 'node:fs';
import { shutdownOcr } from '../../modules/extraction';
import { readQuestion } from '../../modules/knowledge';
import { directLead, yesNoLead } from './answer-leads';
import type { EvalQuery } from './answer-scoring';
import { askOne } from './ask-one';
import { realDevHalf } from './real-dev';
import { realQuestions } from './real-sets';

export interface LeadRow {
  id: string;
  half: 'fit' | 'held';
  /** the kind the question asks (readQuestion's `asked`), 'none' when it asks none */
  asked: string;
  /** 'led': the lead holds a keyword or not; absent when the reply leads with no direct answer or falls back */
  holds?: boolean;
  // fit rows only
  question?: string;
  lead?: string;
  keywords?: string[];
}

/** One question's row: what a held question's row may say is its id, half, kind and outcome. */
export function leadRow(q: EvalQuery, half: 'fit' | 'held', reply: { text: string; fallback: boolean }, holds: boolean | undefined): LeadRow {
  const lead = reply.fallback || yesNoLead(reply.text) !== 'none' ? null : directLead(reply.text);
  const row: LeadRow = { id: q.id, half, asked: readQuestion(q.text).asked ?? 'none', ...(holds === undefined ? {} : { holds }) };
  return half === 'fit' ? { ...row, question: q.text, ...(lead === null ? {} : { lead }), keywords: q.answer_keywords ?? [] } : row;
}

/** "half kind" → led and holding a keyword, over the rows that lead. */
export function leadSums(rows: LeadRow[]): Record<string, { led: number; holds: number }> {
  const sums: Record<string, { led: number; holds: number }> = {};
  for (const r of rows) {
    if (r.holds === undefined) continue;
    for (const key of [`${r.half} all`, `${r.half} ${r.asked}`]) {
      const s = (sums[key] ??= { led: 0, holds: 0 });
      s.led += 1;
      if (r.holds) s.holds += 1;
    }
  }
  return Object.fromEntries(Object.entries(sums).sort(([a], [b]) => (a < b ? -1 : 1)));
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === '--sum') {
    for (const file of args.slice(1)) {
      const rows = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LeadRow);
      for (const [key, s] of Object.entries(leadSums(rows))) console.log(`${file}\t${key}\tled ${s.led}\tholds ${s.holds}`);
    }
  } else {
    for await (const { q, library, ctx, aliases } of realQuestions()) {
      if (q.kind !== 'answer') continue;
      const { r, o } = await askOne(ctx, library.files, q, aliases);
      console.log(JSON.stringify(leadRow(q, realDevHalf(q.id), r, o.leadHolds)));
    }
    await shutdownOcr();
  }
}
