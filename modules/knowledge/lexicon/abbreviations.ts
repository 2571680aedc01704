// Abbreviations students type for what documents spell out: a university's, a fund's or a faculty's initials (มทร for
// มหาวิทยาลัยเทคโนโลยีราชมงคล, มทส for มหาวิทยาลัยเทคโนโลยีสุรนารี, กนศร, วว). Thai writes them as consonants alone,
// and the words written so are few and short (ขอ, ลง, คน, สอบ, ของ): a run of two to five consonants that is no
// dictionary word is an abbreviation. The dictionary is Debian's hunspell-th word list (src/thai/dictionary-words.json,
// its source named there). Which letters of the spelled-out name an abbreviation takes varies (word initials in มทร,
// syllables in ปวส and กยศ), so it is not expanded here: it is only known for what it is.
import { dictionaryWords } from '../../../src/thai/dictionary.ts';

const CONSONANTS_ONLY = /^[ก-ฮ]{2,5}$/;

/** Whether a question's word is an abbreviation: consonants alone, and no dictionary word. */
export function isAbbreviation(word: string): boolean {
  return CONSONANTS_ONLY.test(word) && !dictionaryWords().has(word);
}
