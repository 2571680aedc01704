// A Thai dictionary's words (dictionary-words.json: Debian's hunspell-th list, its source named in the file), read once
// per process on first use: extraction's ำ restore (modules/extraction/sara-am.ts) segments a text layer into them, and
// the question's reading (modules/knowledge/lexicon/abbreviations.ts) tells an abbreviation from a word by them. The
// list takes ~50 ms to parse, so a process that never asks does not pay it.
let words: ReadonlySet<string> | null = null;

/** The dictionary's words (Thai letters only). */
export function dictionaryWords(): ReadonlySet<string> {
  if (!words) {
    // a plain require, as the one binary's bundler reads it (the file is bundled with the code that names it)
    const { words: list } = require('./dictionary-words.json') as { words: string[] };
    words = new Set(list);
  }
  return words;
}
