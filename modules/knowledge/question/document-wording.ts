// The question in the documents' wording: each slang member of the synonym list it names (synonyms.ts) written
// as the documents write it, for measuring how much of the question a passage covers (evidence.ts).
import { MemberTrie, runSteps } from './member-trie.ts';
import { memoByString } from './memo.ts';
import { BUILT_IN_SYNONYMS } from './synonym-list.ts';
import {
  initialsSplitIn,
  NO_ADMIN_SYNONYMS,
  normaliseCase,
  prepare,
  preparing,
  SHORT_MEMBER,
  standsAlone,
  THAI_LETTER,
  wordBoundaries,
  type AdminSynonyms,
} from './synonym-keys.ts';
import { codePointLength } from '../index/tokens.ts';

interface Wording {
  /** members matched with or without abbreviation dots between their letters ("ป.ตรี" or "ปตรี"), keys kept without */
  loose: MemberTrie;
  /** short members matched only as written with their dots ("ป.โท"): bare, they are pieces of other words */
  dotted: MemberTrie;
  /** each loose and dotted id's place among all members, longest key first: the longest one found wins */
  looseRank: number[];
  dottedRank: number[];
  /** member key → the documents' form to write instead, or null for a documents' form (kept as written) */
  replace: Map<string, string | null>;
}
const wordings = new WeakMap<AdminSynonyms, Wording>();

// The longest member found at an offset is read, so that a documents' form is read whole before any slang
// member inside it: "ค่าหอพัก" stays as written instead of its "ค่าหอ" being replaced ("ค่าหอพัก พัก"), and
// "เครื่องดื่มที่มีแอลกอฮอล์" keeps its "แอลกอฮอล์"; members of one length rank in the list's order.
const wordingOf = (extra: AdminSynonyms): Wording => wordings.get(extra) ?? runSteps(wordingBuilding(extra));

/** wordingOf, a step at a time (synonyms.ts adminSynonymGroupsInSteps). */
export function* wordingBuilding(extra: AdminSynonyms): Generator<void, Wording> {
  let w = wordings.get(extra);
  if (!w) {
    const replace = new Map<string, string | null>();
    /** key → the dotted form it is matched as, or null: matched loose */
    const dotted = new Map<string, string | null>();
    const groups = [...prepare(BUILT_IN_SYNONYMS), ...(yield* preparing(extra))];
    // (an admin's terms after the first are documents' forms too: they are still written as the first)
    for (const g of groups)
      g.said.forEach((member, i) => {
        const key = g.keys[g.docKeys.length + i]!;
        if (!key || key === g.docKeys[0]) return;
        if (codePointLength(key) > SHORT_MEMBER) dotted.set(key, null);
        else if (member.includes('.')) dotted.set(key, normaliseCase(member));
        else return;
        replace.set(key, g.doc[0]!);
      });
    for (const g of groups)
      for (const key of g.docKeys)
        if (key && !replace.has(key)) {
          replace.set(key, null);
          dotted.set(key, null);
        }
    const loose: string[] = [];
    const looseRank: number[] = [];
    const written: string[] = [];
    const dottedRank: number[] = [];
    [...replace.keys()]
      .sort((a, b) => b.length - a.length)
      .forEach((key, rank) => {
        const form = dotted.get(key);
        if (form) written.push(form), dottedRank.push(rank);
        else loose.push(key), looseRank.push(rank);
      });
    yield;
    const looseTrie = yield* MemberTrie.building(loose);
    const dottedTrie = yield* MemberTrie.building(written);
    w = wordings.get(extra) ?? { loose: looseTrie, dotted: dottedTrie, looseRank, dottedRank, replace };
    wordings.set(extra, w);
  }
  return w;
}

/** The best-ranked member starting at `at`: where it ends, or -1 when none starts there. */
function memberAt(w: Wording, text: string, at: number): number {
  let best = Number.POSITIVE_INFINITY;
  let end = -1;
  const take = (rank: number, e: number) => {
    if (rank < best) (best = rank), (end = e);
  };
  w.loose.walk(text, at, (id, e) => take(w.looseRank[id]!, e), true);
  w.dotted.walk(text, at, (id, e) => take(w.dottedRank[id]!, e));
  return end;
}

/**
 * The question in the documents' wording: each slang member it mentions replaced by its group's first
 * documents' form ("ไปค่ายกินเหล้า" → "ไปกิจกรรมนอกสถานที่กินเครื่องดื่มที่มีแอลกอฮอล์"), for measuring how
 * much of the question a passage covers.
 */
export function inDocumentWording(query: string, extra: AdminSynonyms = NO_ADMIN_SYNONYMS): string {
  return rewritten(query, extra).text;
}

export interface Rewritten {
  readonly text: string;
  readonly written: readonly string[];
}

// A question is rewritten for its focus words and for its wording (question.ts reads both): once per synonym list.
const rewrittenBy = new WeakMap<AdminSynonyms, (query: string) => Rewritten>();

/** inDocumentWording, with the documents' forms it wrote in place of slang ("โดนไล่ออก" → "ให้ออก"). */
export function rewritten(query: string, extra: AdminSynonyms = NO_ADMIN_SYNONYMS): Rewritten {
  let read = rewrittenBy.get(extra);
  if (!read) rewrittenBy.set(extra, (read = memoByString((q: string) => rewrite(q, extra), 64)));
  return read(query);
}

function rewrite(query: string, extra: AdminSynonyms): Rewritten {
  const wording = wordingOf(extra);
  const written: string[] = [];
  const text = normaliseCase(query);
  let boundaries: Set<number> | null = null; // only segmented when some member is found
  // The document form is set apart by a space only where the question has no Thai letter beside it: a space
  // leaves the neighbour to be segmented alone, and a short one then stays whole ("สูบบุหรี่ในหอ" → "ยาสูบ ในหอ":
  // ในหอ, a word no document has, became the question's rarest); in the run of the text it is cut as before.
  let out = '';
  let from = 0;
  const splitsInitials = initialsSplitIn(text);
  for (let at = 0; at < text.length; ) {
    const end = memberAt(wording, text, at);
    if (end < 0) {
      at++;
      continue;
    }
    const m = text.slice(at, end);
    const doc = wording.replace.get(m.replace(/\./g, ''));
    if (doc && standsAlone((boundaries ??= wordBoundaries(text)), at, m.length) && !splitsInitials(at, end)) {
      const pad = (c: string | undefined) => (c && THAI_LETTER.test(c) ? '' : ' ');
      written.push(doc);
      out += `${text.slice(from, at)}${pad(text[at - 1])}${doc}${pad(text[end])}`;
      from = end;
    }
    at = end;
  }
  return Object.freeze({ text: out + text.slice(from), written: Object.freeze(written) });
}
