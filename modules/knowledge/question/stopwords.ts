// Whether a word is a stop word (the list: lexicon/stop-words.ts).
import { THAI_STOP_WORDS } from '../lexicon/stop-words.ts';

const STOP_WORDS: ReadonlySet<string> = new Set(THAI_STOP_WORDS);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
