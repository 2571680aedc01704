// The words students type versus the words regulations are written in (the built-in list is synonym-list.ts;
// admins add their own groups in the console: modules/synonyms keeps them in SQLite and per app, and they
// reach these functions through the Question). A question containing a group's slang is also searched with the documents' wording
// (query expansion), and is read in that wording when measuring how much of it a passage covers. Slang is
// never added to a query: documents don't use it, and it would only add noise. Members are found with a
// trie (member-trie.ts), never one alternation of the whole list.
import { Claims, MemberTrie, runSteps, runStepsAsync } from './member-trie.ts';
import { BUILT_IN_SYNONYMS, type SynonymGroup } from './synonym-list.ts';
import {
  initialsSplitInFlat,
  NO_ADMIN_SYNONYMS,
  normalise,
  normaliseCase,
  prepare,
  preparing,
  SHORT_MEMBER,
  standsAlone,
  THAI_MARK,
  wordBoundaries,
  type AdminSynonyms,
  type PreparedGroup,
} from './synonym-keys.ts';
import { codePointLength, segmentWords } from '../index/tokens.ts';
import { expandAmounts, expandTimes, expandYears, yearsAndTerms } from './written-out.ts';
import { inDocumentWording, rewritten, wordingBuilding } from './document-wording.ts';

export { BUILT_IN_SYNONYMS, inDocumentWording, NO_ADMIN_SYNONYMS, rewritten, yearsAndTerms, type AdminSynonyms, type SynonymGroup };

// An admin's groups: the terms are equivalent, so a question naming one is also searched with all the
// others (each counts as a documents' wording). Where one wording is needed (inDocumentWording, how much
// of the question a passage covers) it is the first term: the editor asks for the documents' word first.
// They are a value of the app's (modules/synonyms keeps them per app), read into the Question with it
// (question.ts): every function here takes them, and without them reads the built-in list alone.

/** An admin's term lists as the functions here read them, with their matchers built now, not by the next question. */
export function adminSynonymGroups(termLists: readonly (readonly string[])[]): AdminSynonyms {
  return runSteps(building(termLists));
}

/**
 * adminSynonymGroups a few milliseconds at a time, the event loop turning between two slices: the largest
 * list an admin may store took 120 ms to over a second to build in one go (#34). The caller keeps answering
 * with the list it has until this one is ready (modules/synonyms applySynonyms).
 */
export function adminSynonymGroupsInSteps(termLists: readonly (readonly string[])[]): Promise<AdminSynonyms> {
  return runStepsAsync(building(termLists));
}

function* building(termLists: readonly (readonly string[])[]): Generator<void, AdminSynonyms> {
  if (termLists.length === 0) return NO_ADMIN_SYNONYMS;
  const groups: AdminSynonyms = Object.freeze(termLists.map((terms) => [[...terms], terms.slice(1)] as const));
  yield* preparing(groups);
  yield* candidatesBuilding(groups);
  yield* adminTrieBuilding(groups);
  yield* alternativesBuilding(groups);
  yield* wordingBuilding(groups);
  return groups;
}

/**
 * The admin's group members a text names, longest first, each as one key. An admin's terms are all
 * equivalent and the first is not rewritten into another, so a question naming it ("มีตติ้งรูม" listed
 * first) kept only the segmenter's pieces of it ("มีต", "ติ้ง", "รู"), which no passage holds: the clause the
 * synonym found ranked first at no evidence. Named as one focus word, any wording of its group covers it.
 */
export function adminMembersIn(text: string, extra: AdminSynonyms = NO_ADMIN_SYNONYMS): string[] {
  if (extra.length === 0) return [];
  const trie = adminTrieOf(extra);
  const flat = normalise(text);
  const occurs = trie.occurrences(flat);
  const claims = new Claims(flat.length);
  const found: string[] = [];
  // ids are the keys' places longest first: each takes what a longer one left of the text
  for (const id of [...occurs.keys()].sort((a, b) => a - b)) {
    const key = trie.keys[id]!;
    const at = occurs.get(id)!;
    if (!at.some((p) => claims.whole(p, key.length))) continue;
    found.push(key);
    claims.claim(at, key.length);
  }
  return found;
}

const adminTries = new WeakMap<AdminSynonyms, MemberTrie>();

/** A trie of an admin list's members, each id its key's place longest first. */
const adminTrieOf = (extra: AdminSynonyms): MemberTrie => adminTries.get(extra) ?? runSteps(adminTrieBuilding(extra));

function* adminTrieBuilding(extra: AdminSynonyms): Generator<void, MemberTrie> {
  let trie = adminTries.get(extra);
  if (!trie) {
    const keys = [...new Set((yield* preparing(extra)).flatMap((g) => g.keys))].filter(Boolean).sort((a, b) => b.length - a.length);
    yield;
    trie = yield* MemberTrie.building(keys);
    adminTries.set(extra, trie);
  }
  return trie;
}

interface Candidate {
  key: string;
  /** the key's id in the list's trie */
  id: number;
  g: PreparedGroup;
  /** a member that brings its group in: a built-in group's slang, any of an admin's terms */
  slang: boolean;
  short: boolean;
}
interface Candidates {
  list: Candidate[];
  /** every member key, once */
  trie: MemberTrie;
  /** a group's documents' wordings by their ids in the trie */
  docIds: Map<PreparedGroup, number[]>;
}
const candidateLists = new WeakMap<AdminSynonyms, Candidates>();

/** Every member of the built-in and the admin's groups, longest first (built once per admin list, not per question). */
const candidatesFor = (extra: AdminSynonyms): Candidates => candidateLists.get(extra) ?? runSteps(candidatesBuilding(extra));

function* candidatesBuilding(extra: AdminSynonyms): Generator<void, Candidates> {
  let found = candidateLists.get(extra);
  if (!found) {
    const ids = new Map<string, number>();
    const idOf = (key: string) => ids.get(key) ?? (ids.set(key, ids.size), ids.size - 1);
    const docIds = new Map<PreparedGroup, number[]>();
    const prepared = [prepare(BUILT_IN_SYNONYMS), yield* preparing(extra)];
    const list = [BUILT_IN_SYNONYMS, extra]
      .flatMap((groups, n) =>
        prepared[n]!.flatMap((g) => {
          docIds.set(g, g.docKeys.map(idOf));
          return g.keys.map((key, i) => ({
            key,
            id: idOf(key),
            g,
            slang: groups === extra || i >= g.docKeys.length,
            short: codePointLength(key) <= SHORT_MEMBER,
          }));
        }),
      )
      .filter((c) => c.key)
      .sort((a, b) => b.key.length - a.key.length);
    yield;
    const trie = yield* MemberTrie.building([...ids.keys()]);
    found = candidateLists.get(extra) ?? { list, trie, docIds };
    candidateLists.set(extra, found);
  }
  return found;
}

/**
 * Phrases to search for besides the question itself: the documents' wording of each synonym group the
 * question mentions, full years for short ones, and plain numbers for amounts with a multiplier.
 * `extra` groups (an admin's list) are used the same way as the built-in ones.
 */
export function expansions(query: string, extra: AdminSynonyms = NO_ADMIN_SYNONYMS): string[] {
  const folded = normaliseCase(query);
  const flat = normalise(query);
  const words = new Set(segmentWords(query).map(normalise));
  // Longest member first, and a matched member is blanked out, so "ค่าเทอม" counts as fees and not
  // also as "เทอม" (a term). A built-in group is brought in by its slang only: a question already in the
  // documents' wording ("ภาคการศึกษา", "ปริญญาโท") is searched as asked, not also with the group's other
  // wordings ("ภาคเรียน", "บัณฑิตศึกษา"), which matched neighbouring clauses (a definitions clause) more
  // than the one asked about. Measured (eval-answers retrieval hit@1, product vs BM25 word): leave
  // 0.69 → 0.75 (0.75), conduct 0.66 → 0.69 (0.69); eval-retrieval act hit@5 0.868 → 0.887, penal
  // 0.493/0.676 → 0.507/0.690, civil hit@5 0.857 → 0.841, xquad_th and iApp unchanged; answer evals unchanged
  // on library A except conduct +1 right. An admin's terms are all equivalent: any of them brings the rest.
  const { list, trie, docIds } = candidatesFor(extra);
  const occurs = trie.occurrences(flat);
  const claims = new Claims(flat.length);
  let boundaries: Set<number> | null = null; // only segmented when some member occurs at all
  const splitsInitials = initialsSplitInFlat(query);
  const found = (id: number, length: number) =>
    occurs.get(id)?.some((i) => claims.whole(i, length) && standsAlone((boundaries ??= wordBoundaries(flat)), i, length) && !splitsInitials(i, length)) ??
    false;
  const matched = new Set<PreparedGroup>();
  for (const { key, id, g, slang, short } of list) {
    if (short ? words.has(key) : found(id, key.length)) {
      if (slang) matched.add(g);
      if (!short) claims.claim(occurs.get(id)!, key.length);
    }
  }
  const added = new Set<string>();
  // a documents' wording followed by a mark in the question is not written there: it is the start of the other spelling
  // ("สิทธิ" in "สิทธิ์", the same word with a silent final, which the index reads as another token)
  const inQuestion = (id: number, length: number) => occurs.get(id)?.some((at) => !THAI_MARK.test(flat[at + length] ?? '')) ?? false;
  for (const g of matched) g.doc.forEach((m, i) => !inQuestion(docIds.get(g)![i]!, g.docKeys[i]!.length) && added.add(m));
  for (const x of [...expandYears(folded), ...expandAmounts(folded), ...expandTimes(folded)]) if (!flat.includes(x)) added.add(x);
  return [...added];
}

/** The question with its expansions appended: what retrieval and evidence scoring read. */
export function withExpansions(query: string, extra: AdminSynonyms = NO_ADMIN_SYNONYMS): string {
  const more = expansions(query, extra);
  return more.length ? `${query}\n${more.join(' ')}` : query;
}

// Each member's other wordings in its groups (alternativesOf), built once per admin list.
type OthersMap = Map<string, string[]>;
const alternativeMaps = new WeakMap<AdminSynonyms, OthersMap>();

function* alternativesBuilding(extra: AdminSynonyms): Generator<void, OthersMap> {
  let map = alternativeMaps.get(extra);
  if (!map) {
    const all: OthersMap = new Map();
    let n = 0;
    for (const g of [...prepare(BUILT_IN_SYNONYMS), ...(yield* preparing(extra))]) {
      if (++n % 16 === 0) yield;
      for (const k of g.keys) if (k) all.set(k, [...new Set([...(all.get(k) ?? []), ...g.keys.filter((x) => x && x !== k)])]);
    }
    map = alternativeMaps.get(extra) ?? all;
    alternativeMaps.set(extra, map);
  }
  return map;
}

const alternativesFor = (extra: AdminSynonyms): OthersMap => alternativeMaps.get(extra) ?? runSteps(alternativesBuilding(extra));

/** Every other wording of a group's member ("ยื่น" → "เสนอ", …), the admin's groups included; [] for a word in no group. */
export function alternativesOf(word: string, extra: AdminSynonyms = NO_ADMIN_SYNONYMS): readonly string[] {
  return alternativesFor(extra).get(normalise(word)) ?? [];
}
