// The embedded answerer used when no model server is configured: it quotes the sentences of the
// best-matching clauses that cover the question's topic words, introduced by their heading path
// ("ตาม<document> <หมวด …> ข้อ ๕ …"). Nothing is generated, so nothing can be invented.
import type { SearchHit } from '../knowledge/service';
import { fold, matchScore, questionTerms } from './text-match';

const CLAUSE_START = /^(?:ข้อ|มาตรา)\s*[0-9๐-๙]/;
const LIST_ITEM = /^\(?[0-9๐-๙]+[).]/;
const LEADS_A_LIST = /(ดังต่อไปนี้|ดังนี้|ต่อไปนี้|ได้แก่)\s*$/;
// Words that open a new sentence inside a long Thai line (Thai separates sentences with a space).
const SENTENCE_OPENER = /^(?:และ|ทั้งนี้|หาก|ในกรณี|ห้าม|โดย|เว้นแต่|แต่|อนึ่ง|นอกจากนี้|กรณี)/;
const TABLE_ROW = / \| /;
const MIN_PIECE = 50;
const MAX_CLAUSE_CHARS = 700;

export interface ExtractiveResult {
  text: string;
  /** The clauses quoted, best first. */
  used: SearchHit[];
  /** How well the quoted text covers the question, 0–1. */
  coverage: number;
}

/** A clause as sentence-sized pieces: lines, long lines cut before sentence openers, tiny pieces merged. */
export function pieces(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n').map((l) => l.replace(/\t+/g, ' | ').trim()).filter(Boolean)) {
    if (TABLE_ROW.test(line)) {
      out.push(line); // a table row is one fact: never merged, never cut
      continue;
    }
    const parts: string[] = [];
    for (const seg of line.split(' ')) {
      const last = parts.length - 1;
      if (last >= 0 && !(SENTENCE_OPENER.test(seg) && parts[last].length >= MIN_PIECE)) parts[last] += ' ' + seg;
      else parts.push(seg);
    }
    // a short tail ("ทั้งนี้ …") belongs to its neighbour
    for (const p of parts) {
      if (out.length && p.length < MIN_PIECE / 2 && !LIST_ITEM.test(p) && !CLAUSE_START.test(p)) out[out.length - 1] += ' ' + p;
      else out.push(p);
    }
  }
  return out;
}

function clauseLabel(hit: SearchHit): string | null {
  const last = hit.headingPath[hit.headingPath.length - 1];
  return last && CLAUSE_START.test(last) ? last : null;
}

/** "ตาม<title> <หมวด …>" — where the quoted clause sits. */
export function citationLead(hit: SearchHit): string {
  const label = clauseLabel(hit);
  const sections = hit.headingPath.slice(hit.headingPath[0] === hit.title ? 1 : 0).filter((h) => h !== label);
  return ['ตาม' + hit.title, ...sections].join(' ');
}

function quoteClause(hit: SearchHit, q: ReturnType<typeof questionTerms>): { text: string; score: number } {
  const ps = pieces(hit.text);
  const scores = ps.map((p) => matchScore(q, p));
  const best = Math.max(0, ...scores);
  const keep = new Set<number>();
  scores.forEach((s, i) => s >= Math.max(0.15, best * 0.6) && keep.add(i));
  // A table row is picked by a question word the header lacks (the row's own name: "ชมรม"), and a
  // chosen row needs the header row to be read.
  const header = ps.findIndex((p) => TABLE_ROW.test(p));
  if (header >= 0) {
    const rowWords = q.words.filter((w) => !fold(ps[header]).includes(w));
    ps.forEach((p, i) => i > header && TABLE_ROW.test(p) && rowWords.some((w) => fold(p).includes(w)) && keep.add(i));
  }
  if ([...keep].some((i) => i > header && header >= 0 && TABLE_ROW.test(ps[i]))) keep.add(header);
  // A chosen lead-in that announces a list ("… ดังต่อไปนี้") is useless without its items.
  for (const i of [...keep]) if (LEADS_A_LIST.test(ps[i])) for (let j = i + 1; j < ps.length && LIST_ITEM.test(ps[j]); j++) keep.add(j);
  // Chosen list items need the lead-in that says what they list.
  for (const i of [...keep]) if (LIST_ITEM.test(ps[i])) for (let j = i - 1; j >= 0; j--) if (!LIST_ITEM.test(ps[j])) { keep.add(j); break; }
  let text = '';
  let prev = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (text.length > MAX_CLAUSE_CHARS) {
      text += ' …';
      break;
    }
    const gap = prev >= 0 && i > prev + 1;
    const sep = !text ? '' : LIST_ITEM.test(ps[i]) || TABLE_ROW.test(ps[i]) ? '\n' : ' ';
    text += (gap && !TABLE_ROW.test(ps[i]) ? ' … ' : sep) + ps[i];
    prev = i;
  }
  const label = clauseLabel(hit);
  if (label && !CLAUSE_START.test(text)) text = `${label.split('–')[0]} ${keep.has(0) ? '' : '… '}${text}`;
  return { text, score: best };
}

export function extractiveAnswer(question: string, hits: SearchHit[]): ExtractiveResult | null {
  if (!hits.length) return null;
  const q = questionTerms(question);
  const top = hits[0].score || 1;
  const quoted = hits
    .slice(0, 4)
    .map((hit) => ({ hit, ...quoteClause(hit, q) }))
    // a clause ranked far below the top needs to match much better to be worth quoting
    .map((c) => ({ ...c, rank: c.score * Math.pow(Math.max(c.hit.score, 0) / top, 0.25) }))
    .sort((a, b) => b.rank - a.rank);
  const first = quoted[0];
  if (!first || first.score < 0.2) return null;
  const chosen = [first];
  const second = quoted[1];
  if (second && second.score >= 0.35 && second.rank >= first.rank * 0.8 && second.hit.documentId + second.text !== first.hit.documentId + first.text) chosen.push(second);
  const parts = chosen.map((c, i) => `${i ? 'นอกจากนี้ ' : ''}${citationLead(c.hit)} ${c.text}`);
  return { text: parts.join('\n\n'), used: chosen.map((c) => c.hit), coverage: first.score };
}
