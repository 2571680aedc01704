// Unanswered and low-confidence questions grouped by topic (issue 17 item 3): "23 questions about ลาป่วย,
// no document answers them". Students word one need many ways ("ลาป่วยต้องทำอย่างไร", "ถ้าป่วยจะลาเรียนได้ไหม"),
// so questions are compared by what they are about, not by their letters:
// - the topic words: Intl.Segmenter words without question words, particles and the ways of asking
//   (knowledge's stop words plus ASKING_WORDS), and, at half weight, the documents' wording of slang
//   (knowledge's synonym expansions: "ค่าเทอม" also reads as "ค่าธรรมเนียมการศึกษา"), each weighted by its
//   background rarity (a shared "วัน" says little, a shared "ป่วย" a lot);
// - character trigrams over runs of those words as written, which bridge the segmenter's different cuts of
//   one phrase ("ใบรับ|รอง" / "ใช้ใบ|รับรอง") and tell compounds apart ("ลาป่วย" / "ลาออก" share only "ลา").
// Each group keeps a profile (how many of its questions use each word and trigram) and is compared by its
// core, what at least half of them use, so topics do not chain through common endings ("…ติดต่อที่ไหน").
// Greedy clustering (a question joins the most similar group over SIMILARITY_THRESHOLD, else starts one),
// then merges of groups alike as wholes or one a sub-topic of the other. Only groups sharing a word are
// compared (an inverted index): 5,000 questions group in well under a second.
import { termWeight } from '../knowledge';
import { expansions, NO_ADMIN_SYNONYMS, type AdminSynonyms } from '../knowledge';
import { charGrams } from '../knowledge';
import { joinWords, topicRuns, topicWords, topWordsSteps } from './topic-words';

export interface GroupInput {
  id: string;
  question: string;
  askedAt: Date;
  fallback: boolean;
  down: number;
}

export interface Group<T extends GroupInput = GroupInput> {
  members: T[];
  topWords: string[];
}

/** Below this a question starts its own group. Paraphrases of one question score 0.45–1, unrelated questions under 0.2 (grouping.test.ts); two-word compounds sharing a word ("ห้อง|สมุด", "ห้อง|พยาบาล") about 0.4. */
export const SIMILARITY_THRESHOLD = 0.45;
/** the words carry the topic; the trigrams only bridge segmentation differences */
const WORD_SHARE = 0.7;

/**
 * What a group (or one question: a group of one) is about: for each topic word and trigram, how many of its
 * questions use it. Groups are compared by their core, the words and trigrams at least half their questions
 * use: a generic tail ("…ติดต่อที่ไหน", "…มีเงื่อนไขอะไร") that a tenth of the "ลาป่วย" questions end with is not
 * what the group is about, so topics do not chain into each other through such tails.
 */
interface Profile {
  size: number;
  words: Map<string, number>;
  grams: Map<string, number>;
  /** the core as shares (uses / size), recomputed when the group changes */
  core: Core | null;
}

interface Core {
  words: Map<string, number>;
  grams: Map<string, number>;
  wordMass: number;
  gramMass: number;
}

const CORE_SHARE = 0.5;
const SUBTOPIC_SHARE = 0.75;
/** about two telling words (rarity ~3 each): "ลา" alone (2.5) is no topic, "ลา" + "ป่วย" (6.6) is */
const SUBTOPIC_MIN_MASS = 5;

/** a word only the synonym expansion brought counts this much: it links slang to the documents' wording, it is not what was asked */
const EXPANSION_SHARE = 0.5;

function profileOf(question: string, synonyms: AdminSynonyms = NO_ADMIN_SYNONYMS): Profile {
  const extra = expansions(question, synonyms).join(' ');
  const words = new Map<string, number>();
  for (const w of extra ? topicWords(extra) : []) words.set(w, EXPANSION_SHARE);
  for (const w of topicWords(question)) words.set(w, 1);
  // trigrams over runs of adjacent topic words as written, so they cross the segmenter's cuts: "ลา|ป่วย" and
  // "ลา|ออก" share the word "ลา" but no trigram ("ลาป", "าป่" against "ลาอ", "าออ")
  const runs = [question, extra].flatMap((text) => topicRuns(text).map(joinWords));
  const grams = new Map(charGrams(runs.join(' ')).map((g) => [g, 1]));
  return { size: 1, words, grams, core: null };
}

function coreOf(p: Profile): Core {
  if (p.core) return p.core;
  const pick = (counts: Map<string, number>, weight: (k: string) => number) => {
    const shares = new Map<string, number>();
    let mass = 0;
    for (const [k, n] of counts) {
      const share = n / p.size;
      if (share < CORE_SHARE && p.size > 1) continue;
      shares.set(k, share);
      mass += weight(k) * share;
    }
    return [shares, mass] as const;
  };
  const [words, wordMass] = pick(p.words, termWeight);
  const [grams, gramMass] = pick(p.grams, one);
  p.core = { words, grams, wordMass, gramMass };
  return p.core;
}

/** Fuzzy Dice of two share maps: each key weighs `weight(key)` × the smaller share. */
function fuzzyDice(a: Map<string, number>, aMass: number, b: Map<string, number>, bMass: number, weight: (k: string) => number) {
  if (aMass + bMass === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const [k, share] of small) {
    const other = large.get(k);
    if (other) shared += weight(k) * Math.min(share, other);
  }
  return (2 * shared) / (aMass + bMass);
}

const one = () => 1;

/** comparisons between two yields: each costs a few microseconds, one with a large group whose core is recomputed a few ms */
const STEP_COMPARISONS = 4;
/** index entries read between two yields while finding a profile's candidate groups */
const STEP_INDEX_READS = 20_000;

/**
 * Rarity-weighted Dice over the core topic words, blended with plain Dice over their trigrams; 0–1. With
 * `atLeast`, a pair whose words alone cannot reach it (the trigrams add at most 1 - WORD_SHARE) returns the
 * words' part without reading the trigrams, the larger maps: the answer to "is it >= atLeast" is the same.
 */
function similarity(a: Profile, b: Profile, atLeast = 0): number {
  const [ca, cb] = [coreOf(a), coreOf(b)];
  const words = WORD_SHARE * fuzzyDice(ca.words, ca.wordMass, cb.words, cb.wordMass, termWeight);
  if (words + (1 - WORD_SHARE) < atLeast) return words;
  return words + (1 - WORD_SHARE) * fuzzyDice(ca.grams, ca.gramMass, cb.grams, cb.gramMass, one);
}

/**
 * A sub-topic of a group: what nearly all of a group's questions use (its words in SUBTOPIC_SHARE of them) is
 * all in the other's core ("ลาป่วยต้องใช้ใบรับรองแพทย์ไหม" and its paraphrases under "ลาป่วย"). Only for a group of
 * a few questions whose shared words are more than one common word, so "ลา" alone does not swallow "ลาออก".
 */
function isSubTopic(a: Profile, b: Profile): boolean {
  const [big, small] = a.size >= b.size ? [a, b] : [b, a];
  if (big.size < 3) return false;
  const inner = coreOf(small).words;
  let mass = 0;
  for (const [w, n] of big.words) {
    if (n / big.size < SUBTOPIC_SHARE) continue;
    if (!inner.has(w)) return false;
    mass += termWeight(w);
  }
  return mass >= SUBTOPIC_MIN_MASS;
}

function absorb(into: Profile, from: Profile): void {
  into.size += from.size;
  for (const [w, n] of from.words) into.words.set(w, (into.words.get(w) ?? 0) + n);
  for (const [g, n] of from.grams) into.grams.set(g, (into.grams.get(g) ?? 0) + n);
  into.core = null;
}

/** The similarity of two question texts (for tests and tuning). */
export const questionSimilarity = (a: string, b: string) => similarity(profileOf(a), profileOf(b));

interface Forming<T> {
  members: T[];
  profile: Profile;
  merged: boolean;
}

/**
 * Groups `items` (any order) by topic; groups come back most asked first (then most recently asked), each
 * with its members newest first and the words most of them share. `synonyms`: the app's admin groups.
 */
export function groupQuestions<T extends GroupInput>(items: readonly T[], threshold = SIMILARITY_THRESHOLD, synonyms = NO_ADMIN_SYNONYMS): Group<T>[] {
  return runSteps(groupingSteps(items, threshold, synonyms));
}

/**
 * The same work as steps: it yields every few comparisons, so a caller can run it in slices and let the
 * server answer others between them (slices.ts); each step is a bounded amount of work.
 */
export function* groupingSteps<T extends GroupInput>(
  items: readonly T[],
  threshold = SIMILARITY_THRESHOLD,
  synonyms = NO_ADMIN_SYNONYMS,
): Generator<void, Group<T>[]> {
  const ordered = [...items].sort((a, b) => a.askedAt.getTime() - b.askedAt.getTime() || a.id.localeCompare(b.id));
  const groups: Forming<T>[] = [];
  // which groups use a word: only those are compared with a question that uses it
  const byWord = new Map<string, Set<number>>();
  const index = (g: number, words: Iterable<string>) => {
    for (const w of words) {
      let set = byWord.get(w);
      if (!set) byWord.set(w, (set = new Set()));
      set.add(g);
    }
  };
  // a merged group's profile holds every word of its questions (tens of thousands over long ones): read in steps
  function* candidatesOf(profile: Profile, self = -1): Generator<void, Set<number>> {
    const found = new Set<number>();
    let read = 0;
    for (const w of profile.words.keys()) {
      const users = byWord.get(w);
      if (!users) continue;
      for (const g of users) if (g !== self && !groups[g].merged) found.add(g);
      read += users.size;
      if (read >= STEP_INDEX_READS) {
        read = 0;
        yield;
      }
    }
    return found;
  }

  for (const item of ordered) {
    const profile = profileOf(item.question, synonyms);
    let best = -1;
    let bestSim = threshold;
    let compared = 0;
    for (const g of yield* candidatesOf(profile)) {
      const sim = similarity(profile, groups[g].profile, bestSim);
      if (sim >= bestSim) [best, bestSim] = [g, sim];
      if (++compared % STEP_COMPARISONS === 0) yield;
    }
    yield;
    if (best < 0) best = groups.push({ members: [], profile: { size: 0, words: new Map(), grams: new Map(), core: null }, merged: false }) - 1;
    groups[best].members.push(item);
    absorb(groups[best].profile, profile);
    index(best, profile.words.keys());
  }

  // The first pass depends on the order: an early, long question may start a group that later, plainer ones
  // resemble but did not join because a closer group had formed meanwhile. Groups alike as wholes merge.
  for (let changed = true, rounds = 0; changed && rounds < 3; rounds++) {
    changed = false;
    for (let a = 0; a < groups.length; a++) {
      if (groups[a].merged) continue;
      let compared = 0;
      for (const b of yield* candidatesOf(groups[a].profile, a)) {
        if (++compared % STEP_COMPARISONS === 0) yield;
        if (similarity(groups[a].profile, groups[b].profile, threshold) < threshold && !isSubTopic(groups[a].profile, groups[b].profile)) continue;
        groups[a].members.push(...groups[b].members);
        absorb(groups[a].profile, groups[b].profile);
        index(a, groups[b].profile.words.keys());
        groups[b].merged = true;
        changed = true;
      }
    }
  }

  const newest = (m: T[]) => Math.max(...m.map((x) => x.askedAt.getTime()));
  const formed: Group<T>[] = [];
  for (const g of groups) {
    if (g.merged) continue;
    const members = g.members.sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime());
    formed.push({ members, topWords: yield* topWordsSteps(members.map((m) => m.question)) });
  }
  return formed.sort((a, b) => b.members.length - a.members.length || newest(b.members) - newest(a.members));
}

/** Runs steps to the end at once (tests, small inputs). */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
