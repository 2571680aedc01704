// The words of a question that say what it is about, and a group's topic in the students' own words
// (grouping.ts). Kept apart from the clustering: what counts as a topic word is language, not arithmetic.
import { contentWords } from '../knowledge';
import { isStopWord } from '../knowledge';
import { foldThaiDigits, segmentWords } from '../knowledge';

const TOP_WORDS = 3;
/** questions read for a group's topic words, and the longest phrase considered (in segmenter words) */
const TOPIC_SAMPLE = 200;
const PHRASE_WORDS = 4;

/**
 * How students open and word a request, whatever they ask about ("ขอสอบถามเรื่อง…", "สงสัยเรื่อง…", "รบกวนช่วย…",
 * "สวัสดีค่ะแอดมิน", "…ที่ไหน"): in a question log these repeat across every topic, so two questions sharing only
 * them would look alike. Knowledge's stop words already drop question words and particles; these are the rest.
 */
export const ASKING_WORDS: ReadonlySet<string> = new Set([
  'เรื่อง',
  'สงสัย',
  'ช่วย',
  'ถาม',
  'รู้',
  'รบกวน',
  'กรุณา',
  'สวัสดี',
  'ขอบคุณ',
  'พี่',
  'พี่ๆ',
  'แอดมิน',
  'แอ',
  'ดมิน',
  'ต้องการ',
  'ข้อมูล',
  'ไง',
  'หนู',
  'ผม',
  'ดิฉัน',
  'เรา',
  'ตอนนี้',
  'คือ',
  'ที่ไหน',
  // everyone asking here is a student of this university: these name no topic
  'นักศึกษา',
  'มหาวิทยาลัย',
  'มหาลัย',
]);

export const topicWords = (text: string) => contentWords(text).filter((w) => !ASKING_WORDS.has(w));

/**
 * The topic in the students' own words: adjacent topic words joined back into phrases (the segmenter cuts
 * an unknown "มีตติ้งรูม" into "มีต|ติ้ง|รู|ม", and "ลาป่วย" into "ลา|ป่วย"). A phrase counts when at least half
 * of the group's questions contain it; the longest such phrases are shown, a phrase inside a shown one is not
 * repeated. A large group is read from a sample of its newest questions: the topic is the same.
 */
export function topWords(questions: string[]): string[] {
  const steps = topWordsSteps(questions);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** phrases counted between two yields: each reads the sample's texts once */
const STEP_PHRASES = 64;

/** topWords as steps of bounded work, for the grouping's slices (slices.ts): a large group reads thousands of phrases. */
export function* topWordsSteps(questions: string[]): Generator<void, string[]> {
  const sample = questions.slice(0, TOPIC_SAMPLE);
  const texts = sample.map(compact);
  const candidates = new Map<string, boolean>();
  for (const q of sample.slice(0, TOPIC_SAMPLE / 4)) {
    for (const { phrase, withStopWord } of phrasesOf(q)) candidates.set(phrase, withStopWord);
    yield;
  }
  const scored: Array<{ p: string; withStopWord: boolean; uses: number; length: number }> = [];
  for (const [p, withStopWord] of candidates) {
    const c = compact(p);
    scored.push({ p, withStopWord, uses: texts.filter((t) => t.includes(c)).length, length: [...p].length });
    if (scored.length % STEP_PHRASES === 0) yield;
  }
  // a phrase begun with a stop word is a word only when several students write it so ("มีตติ้งรูม", not "ในโรงอาหาร")
  const counted = scored.filter((c) => !c.withStopWord || c.uses >= 2);
  // most of the group: all of a pair, 2 of 3, 3 of 4 or 5 …
  const common = counted.filter((c) => c.uses * 2 > sample.length).sort((a, b) => b.length - a.length || b.uses - a.uses);
  const ranked = common.length > 0 ? common : counted.sort((a, b) => b.uses - a.uses || b.length - a.length).slice(0, 1);
  const chosen: string[] = [];
  for (const { p } of ranked) {
    if (chosen.length === TOP_WORDS) break;
    if (!chosen.some((c) => compact(c).includes(compact(p)))) chosen.push(p);
  }
  return chosen;
}

/** Runs of adjacent topic words: question words, particles and asking words break a run. */
export function topicRuns(text: string): string[][] {
  const runs: string[][] = [[]];
  for (const word of segmentWords(text)) {
    if (isStopWord(word) || ASKING_WORDS.has(word)) runs.push([]);
    else runs[runs.length - 1].push(word);
  }
  return runs.filter((r) => r.length > 0);
}

/** Thai words join without a space, as written; a Latin word keeps its space ("wifi มหาลัย"). */
export const joinWords = (words: string[]) => words.reduce((acc, w) => (acc && (/[a-z0-9]$/.test(acc) || /^[a-z0-9]/.test(w)) ? `${acc} ${w}` : acc + w), '');

const compact = (text: string) => foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(/\s+/g, '');

/** Every run of up to PHRASE_WORDS adjacent topic words (question words and particles break a run), joined without spaces; 2+ characters. */
function phrasesOf(question: string): Array<{ phrase: string; withStopWord: boolean }> {
  const phrases: Array<{ phrase: string; withStopWord: boolean }> = [];
  // each run remembers the stop word before it: an unknown word may begin with one ("มี|ตติ้ง|รูม")
  const runs: Array<{ before: string | null; words: string[] }> = [{ before: null, words: [] }];
  for (const word of segmentWords(question)) {
    if (isStopWord(word) || ASKING_WORDS.has(word)) runs.push({ before: isStopWord(word) ? word : null, words: [] });
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
