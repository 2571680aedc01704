// Unanswered and low-confidence questions grouped by topic (issue 17 item 3): "23 questions about ลาป่วย,
// no document answers them". Students word one need many ways ("ลาป่วยต้องทำอย่างไร", "ถ้าป่วยจะลาเรียนได้ไหม"),
// so questions are compared by what they are about, not by their letters:
// - the topic words: Intl.Segmenter words without question words and particles (knowledge's contentWords),
//   plus the documents' wording for slang (knowledge's synonym expansions: "ค่าเทอม" also counts as
//   "ค่าธรรมเนียมการศึกษา"), each word weighted by its background rarity (a shared "วัน" says little,
//   a shared "ป่วย" a lot);
// - character trigrams of those words, because the segmenter splits the same phrase differently in two
//   sentences ("ใบรับรอง" → "ใบรับ|รอง" or "ใช้ใบ|รับรอง").
// Greedy clustering: each question joins the most similar group whose members it resembles enough
// (SIMILARITY_THRESHOLD), else starts a new one. Only groups sharing a word are compared (an inverted
// index), so a month of questions groups in milliseconds.
import { termWeight } from '../knowledge/background';
import { contentWords } from '../knowledge/query-terms';
import { expansions } from '../knowledge/synonyms';
import { isStopWord } from '../knowledge/stopwords';
import { charGrams, foldThaiDigits, segmentWords } from '../knowledge/tokens';

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

/** Below this a question starts its own group. Paraphrases of one question score 0.5–1, unrelated questions under 0.2 (grouping.test.ts). */
export const SIMILARITY_THRESHOLD = 0.4;
/** the words carry the topic; the trigrams only bridge segmentation differences */
const WORD_SHARE = 0.7;
/** a question is compared with a group's first members only: enough to know the topic, bounded work */
const REPRESENTATIVES = 6;
const TOP_WORDS = 3;
/** questions read for a group's topic words, and the longest phrase considered (in segmenter words) */
const TOPIC_SAMPLE = 200;
const PHRASE_WORDS = 4;

interface Features {
  words: Map<string, number>;
  wordMass: number;
  grams: Set<string>;
}

function featuresOf(question: string): Features {
  const extra = expansions(question).join(' ');
  const list = [...contentWords(question), ...(extra ? contentWords(extra) : [])];
  const words = new Map<string, number>();
  for (const w of list) words.set(w, termWeight(w));
  let wordMass = 0;
  for (const weight of words.values()) wordMass += weight;
  return { words, wordMass, grams: new Set(charGrams(list.join(' '))) };
}

/** Rarity-weighted Dice over the topic words, blended with plain Dice over their trigrams; 0–1. */
function similarity(a: Features, b: Features): number {
  let shared = 0;
  for (const [w, weight] of a.words) if (b.words.has(w)) shared += weight;
  const wordSim = a.wordMass + b.wordMass > 0 ? (2 * shared) / (a.wordMass + b.wordMass) : 0;
  let sharedGrams = 0;
  for (const g of a.grams) if (b.grams.has(g)) sharedGrams++;
  const gramSim = a.grams.size + b.grams.size > 0 ? (2 * sharedGrams) / (a.grams.size + b.grams.size) : 0;
  return WORD_SHARE * wordSim + (1 - WORD_SHARE) * gramSim;
}

/** The similarity of two question texts (for tests and tuning). */
export const questionSimilarity = (a: string, b: string) => similarity(featuresOf(a), featuresOf(b));

/**
 * Groups `items` (any order) by topic; groups come back most asked first (then most recently asked), each
 * with its members newest first and the words most of them share.
 */
export function groupQuestions<T extends GroupInput>(items: readonly T[], threshold = SIMILARITY_THRESHOLD): Group<T>[] {
  // oldest first: a group's representatives are its earliest questions, so groups do not drift as they grow
  const ordered = [...items].sort((a, b) => a.askedAt.getTime() - b.askedAt.getTime() || a.id.localeCompare(b.id));
  const groups: Array<{ members: T[]; features: Features[] }> = [];
  const byWord = new Map<string, Set<number>>();
  for (const item of ordered) {
    const f = featuresOf(item.question);
    let best = -1;
    let bestSim = threshold;
    const candidates = new Set<number>();
    for (const w of f.words.keys()) for (const g of byWord.get(w) ?? []) candidates.add(g);
    for (const g of candidates) {
      let sim = 0;
      for (const rep of groups[g].features) sim = Math.max(sim, similarity(f, rep));
      if (sim >= bestSim) {
        best = g;
        bestSim = sim;
      }
    }
    if (best < 0) {
      best = groups.push({ members: [], features: [] }) - 1;
    }
    const group = groups[best];
    group.members.push(item);
    if (group.features.length < REPRESENTATIVES) {
      group.features.push(f);
      for (const w of f.words.keys()) {
        let set = byWord.get(w);
        if (!set) byWord.set(w, (set = new Set()));
        set.add(best);
      }
    }
  }
  const newest = (m: T[]) => Math.max(...m.map((x) => x.askedAt.getTime()));
  return mergeLinked(groups, byWord, threshold)
    .map((g) => ({ members: g.members.sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime()), topWords: topWords(g.members.map((m) => m.question)) }))
    .sort((a, b) => b.members.length - a.members.length || newest(b.members) - newest(a.members));
}

/**
 * A second pass: two groups whose representatives resemble each other enough become one. The first pass
 * depends on the order: an old "ลาป่วยต้องใช้ใบรับรองแพทย์ไหม" may start a group that the later, plainer
 * "ลาป่วยต้องทำอย่างไร" resembles but did not join because a closer group had formed meanwhile.
 */
function mergeLinked<T>(groups: Array<{ members: T[]; features: Features[] }>, byWord: Map<string, Set<number>>, threshold: number) {
  const parent = groups.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let a = 0; a < groups.length; a++) {
    const candidates = new Set<number>();
    for (const f of groups[a].features) for (const w of f.words.keys()) for (const g of byWord.get(w) ?? []) if (g > a) candidates.add(g);
    for (const b of candidates) {
      if (find(a) === find(b)) continue;
      const linked = groups[a].features.some((fa) => groups[b].features.some((fb) => similarity(fa, fb) >= threshold));
      if (linked) parent[find(b)] = find(a);
    }
  }
  const merged = new Map<number, { members: T[]; features: Features[] }>();
  for (let i = 0; i < groups.length; i++) {
    const root = find(i);
    const into = merged.get(root);
    if (into) into.members.push(...groups[i].members);
    else merged.set(root, { members: [...groups[i].members], features: groups[i].features });
  }
  return [...merged.values()];
}

/**
 * The topic in the students' own words: adjacent topic words joined back into phrases (the segmenter cuts
 * an unknown "มีตติ้งรูม" into "มีต|ติ้ง|รู|ม", and "ลาป่วย" into "ลา|ป่วย"). A phrase counts when at least half
 * of the group's questions contain it; the longest such phrases are shown, a phrase inside a shown one is not
 * repeated. A large group is read from a sample of its newest questions: the topic is the same.
 */
function topWords(questions: string[]): string[] {
  const sample = questions.slice(0, TOPIC_SAMPLE);
  const texts = sample.map(compact);
  const candidates = new Map<string, boolean>();
  for (const q of sample.slice(0, TOPIC_SAMPLE / 4)) for (const { phrase, withStopWord } of phrasesOf(q)) candidates.set(phrase, withStopWord);
  const scored = [...candidates]
    .map(([p, withStopWord]) => ({ p, withStopWord, uses: texts.filter((t) => t.includes(compact(p))).length, length: [...p].length }))
    // a phrase begun with a stop word is a word only when several students write it so ("มีตติ้งรูม", not "ในโรงอาหาร")
    .filter((c) => !c.withStopWord || c.uses >= 2);
  // most of the group: all of a pair, 2 of 3, 3 of 4 or 5 …
  const common = scored.filter((c) => c.uses * 2 > sample.length).sort((a, b) => b.length - a.length || b.uses - a.uses);
  const ranked = common.length > 0 ? common : scored.sort((a, b) => b.uses - a.uses || b.length - a.length).slice(0, 1);
  const chosen: string[] = [];
  for (const { p } of ranked) {
    if (chosen.length === TOP_WORDS) break;
    if (!chosen.some((c) => compact(c).includes(compact(p)))) chosen.push(p);
  }
  return chosen;
}

/** Thai words join without a space, as written; a Latin word keeps its space ("wifi มหาลัย"). */
const joinWords = (words: string[]) => words.reduce((acc, w) => (acc && (/[a-z0-9]$/.test(acc) || /^[a-z0-9]/.test(w)) ? `${acc} ${w}` : acc + w), '');

const compact = (text: string) => foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(/\s+/g, '');

/** Every run of up to PHRASE_WORDS adjacent topic words (question words and particles break a run), joined without spaces; 2+ characters. */
function phrasesOf(question: string): Array<{ phrase: string; withStopWord: boolean }> {
  const phrases: Array<{ phrase: string; withStopWord: boolean }> = [];
  // each run remembers the stop word before it: an unknown word may begin with one ("มี|ตติ้ง|รูม")
  const runs: Array<{ before: string | null; words: string[] }> = [{ before: null, words: [] }];
  for (const word of segmentWords(question)) {
    if (isStopWord(word)) runs.push({ before: word, words: [] });
    else runs[runs.length - 1].words.push(word);
  }
  for (const { before, words } of runs)
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j <= Math.min(words.length, i + PHRASE_WORDS); j++) {
        const phrase = joinWords(words.slice(i, j));
        if ([...phrase].length >= 2) phrases.push({ phrase, withStopWord: false });
        if (i === 0 && before) phrases.push({ phrase: joinWords([before, ...words.slice(0, j)]), withStopWord: true });
      }
  return phrases;
}
