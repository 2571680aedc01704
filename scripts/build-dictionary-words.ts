// Builds src/thai/dictionary-words.json: the words of a Thai dictionary, which the ำ restore segments a Word + TH
// SarabunIT๙ layer's lines into (modules/extraction/sara-am.ts). The list is th_TH.dic of Debian's hunspell-th
// (LibreOffice's Thai dictionary, the word list (c) 2005 NECTEC, Thailand, LGPL), its entries of Thai letters only.
//   apt-get install hunspell-th && bun scripts/build-dictionary-words.ts [/usr/share/hunspell/th_TH.dic]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const source = process.argv[2] ?? '/usr/share/hunspell/th_TH.dic';
const words = [
  ...new Set(
    readFileSync(source, 'utf8')
      .split('\n')
      .slice(1) // the entry count
      .map((l) => l.trim().split('/')[0])
      .filter((w) => /^[\u0E01-\u0E4E]+$/.test(w)),
  ),
].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const out = {
  source:
    "th_TH.dic of Debian's hunspell-th 1:7.5.0-1 (LibreOffice dictionaries; the Thai word list (c) 2005 NECTEC, Thailand, LGPL), the words of Thai letters only",
  words,
};
writeFileSync(join(import.meta.dir, '../src/thai/dictionary-words.json'), `${JSON.stringify(out)}\n`);
console.log(`${words.length} words`);
