// Where the key fact went when an answer cites the right place but misses a keyword (eval-answers.ts prints the
// counts for every library, held ones included; ids only where a run may name its questions). Each missing keyword
// is looked for, nearest first, in:
//   quote    the cited passage (or its headings) — the fact was there, the quote left it out;
//   sibling  another passage of the same page or the same clause — a sub-item, the next row, a page break;
//   page     the page's stored text but no passage — chunking lost it;
//   document another page or clause of the cited document — the clause runs on, or the fact is stated elsewhere;
//   absent   not in the document at all — a misread, or the keyword is a paraphrase of what the page says.
// An absent keyword is told apart further: `spelled` when the cited page holds it once spelling is folded (the text
// layer's ำ or tone marks), `number` when the page holds its number but other words around it.
// A question counts in the bucket of its farthest missing keyword (what a fix has to reach). `loose` counts the misses
// the answer holds once tone marks, ำ written as ํ+า and invisible characters are folded: the text layer's spelling,
// not a fact the quote left out (the README keeps keywords in correct Thai, so these stay misses).
import { withoutInvisible } from '../../src/thai/invisible';
import { normaliseForKeywords } from './answer-scoring';

export const MISS_BUCKETS = ['quote', 'sibling', 'page', 'document', 'absent'] as const;
export type MissBucket = (typeof MISS_BUCKETS)[number];

export interface MissSources {
  answer: string;
  /** the cited passage's text and headings */
  cited: string;
  /** the document's other passages on the cited page or in the cited clause */
  siblings: string[];
  /** the cited page's stored text */
  page: string;
  /** the document's other passages */
  document: string[];
}

export interface KeywordMiss {
  keyword: string;
  bucket: MissBucket;
  /** the answer holds it once spelling the text layer varies is folded */
  loose: boolean;
  /** an absent keyword: the page holds it once spelling is folded, or holds its number */
  absentKind?: 'spelled' | 'number' | 'words';
}

const normal = (s: string) => normaliseForKeywords(withoutInvisible(s));
// tone marks and the dropped/split sara am of broken text layers (README: "ดาเนิน", "วันทาการ", lost tone marks)
const loose = (s: string) =>
  normal(s)
    .replace(/\u0e4d\u0e32/g, 'ำ')
    .replace(/ำ/g, 'า')
    .replace(/[\u0e48-\u0e4c]/g, '');

/** The keywords (no alternative form of which is in the answer) with where each was found. */
export function keywordMisses(keywords: string[], alternatives: Record<string, string[]>, src: MissSources): KeywordMiss[] {
  const answer = normal(src.answer);
  const places: Array<[MissBucket, string]> = [
    ['quote', normal(src.cited)],
    ['sibling', normal(src.siblings.join('\n'))],
    ['page', normal(src.page)],
    ['document', normal(src.document.join('\n'))],
  ];
  const misses: KeywordMiss[] = [];
  for (const k of keywords) {
    const forms = [k, ...(alternatives[k] ?? [])].map(normal);
    if (forms.some((f) => answer.includes(f))) continue;
    const found = places.find(([, text]) => forms.some((f) => text.includes(f)));
    const miss: KeywordMiss = { keyword: k, bucket: found?.[0] ?? 'absent', loose: forms.some((f) => loose(src.answer).includes(loose(f))) };
    if (!found) miss.absentKind = absentKind(forms, `${src.cited}\n${src.siblings.join('\n')}\n${src.page}`);
    misses.push(miss);
  }
  return misses;
}

function absentKind(forms: string[], near: string): 'spelled' | 'number' | 'words' {
  if (forms.some((f) => loose(near).includes(loose(f)))) return 'spelled';
  const numbers = forms.flatMap((f) => f.match(/\d+(?:\.\d+)?/g) ?? []);
  const nearNumbers = new Set(normal(near).match(/\d+(?:\.\d+)?/g) ?? []);
  return numbers.length && numbers.every((n) => nearNumbers.has(n)) ? 'number' : 'words';
}

/** The question's bucket: its farthest missing keyword's. */
export function questionBucket(misses: KeywordMiss[]): MissBucket | null {
  let worst = -1;
  for (const m of misses) worst = Math.max(worst, MISS_BUCKETS.indexOf(m.bucket));
  return worst < 0 ? null : MISS_BUCKETS[worst]!;
}

export interface MissRecord {
  id: string;
  misses: KeywordMiss[];
  questionType?: string | null;
  /** the cited passage's length, and whether it is a numbered clause (else prose, a table, a page) */
  cited?: { chars: number; clause: boolean };
  /** a quoted clause was cut at the quote's length limit (clause-quote.ts ends it with " …") */
  cut?: boolean;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
};

/** Counts per bucket, the loose ones, and shown answers' length (median / p90 characters). */
export function formatMisses(name: string, records: MissRecord[], shownLengths: number[], readable: (id: string) => boolean): string {
  const counts = Object.fromEntries(MISS_BUCKETS.map((b) => [b, 0])) as Record<MissBucket, number>;
  for (const r of records) {
    const b = questionBucket(r.misses);
    if (b) counts[b]++;
  }
  const looseCount = records.filter((r) => r.misses.some((m) => m.loose)).length;
  const absent = records.flatMap((r) => r.misses.filter((m) => m.absentKind));
  const absentBy = (k: string) => absent.filter((m) => m.absentKind === k).length;
  const lines = [
    `reference right, keywords wrong, library ${name}: ${records.length} — ${MISS_BUCKETS.map((b) => `${b} ${counts[b]}`).join(', ')}; in the answer once spelling is folded ${looseCount}`,
    `  absent keywords: ${absent.length} (on the page once spelling is folded ${absentBy('spelled')}, its number on the page ${absentBy('number')}, neither ${absentBy('words')})`,
    `  answer length (shown answers, characters): median ${quantile(shownLengths, 0.5)}, p90 ${quantile(shownLengths, 0.9)} (n ${shownLengths.length})`,
  ];
  // what the misses have in common, per bucket (counts only: held runs print these too)
  for (const b of MISS_BUCKETS) {
    const inBucket = records.filter((r) => questionBucket(r.misses) === b);
    if (!inBucket.length) continue;
    const types = new Map<string, number>();
    for (const r of inBucket) types.set(r.questionType ?? '-', (types.get(r.questionType ?? '-') ?? 0) + 1);
    const chars = inBucket.flatMap((r) => (r.cited ? [r.cited.chars] : []));
    const clauses = inBucket.filter((r) => r.cited?.clause).length;
    const cut = inBucket.filter((r) => r.cut).length;
    lines.push(
      `  ${b}: ${[...types].map(([t, n]) => `${t} ${n}`).join(', ')}; cited passage ${clauses} clause / ${inBucket.length - clauses} other, chars median ${quantile(chars, 0.5)} max ${quantile(chars, 1)}; quote cut at its length ${cut}`,
    );
  }
  for (const r of records.filter((x) => readable(x.id)))
    lines.push(
      `  ${r.id.padEnd(12)} ${r.misses.map((m) => `${m.keyword}: ${m.bucket}${m.absentKind ? `/${m.absentKind}` : ''}${m.loose ? ' (loose)' : ''}`).join(' · ')}`,
    );
  return lines.join('\n');
}
