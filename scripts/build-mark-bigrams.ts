// Builds src/thai/mark-bigrams.json: which word follows which, in a fixed set of general Thai texts (iApp Wiki QA's
// training articles, Wikipedia, MIT licence), for the words a lost tone mark turns into another word (ต่ำ read as ตำ,
// น้ำ as นำ). OCR loses the tone above ำ most of all (it is the highest, smallest ink of the line), and
// when the word read is itself a word, how common each spelling is says nothing; the word after it does (ต่ำ|กว่า
// 12 times, ตำ|กว่า never). ocr-spelling.ts reads this table.
//   bun scripts/build-mark-bigrams.ts [corpus.jsonl]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withToneAboveSaraAm } from '../modules/extraction/ocr-confusions.ts';
import { df, segments } from '../modules/extraction/thai-words.ts';

const source = process.argv[2] ?? join(import.meta.dir, '../../shared/eval/iapp_wiki_qa_train/corpus.jsonl');
const MIN_DF = 10; // both spellings words the general table knows well (ocr-spelling.ts MIN_DF)
const THAI_WORD = /^[ก-ฮเ-ไ][\u0E01-\u0E4E]*$/;

// every word of the table with a spelling one tone mark away that is also a word: both sides of each pair are kept
const paired = new Set<string>();
for (const w of Object.keys(JSON.parse(readFileSync(join(import.meta.dir, '../src/thai/background-df.json'), 'utf8')).df)) {
  if (!THAI_WORD.test(w) || df(w) < MIN_DF) continue;
  for (const m of withToneAboveSaraAm(w))
    if (df(m) >= MIN_DF) {
      paired.add(w);
      paired.add(m);
    }
}

const counts = new Map<string, number>();
const words = new Map<string, number>();
const texts = readFileSync(source, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { text: string }).text);
for (const text of texts)
  for (const run of text.match(/[\u0E01-\u0E4E]+/g) ?? []) {
    const segs = segments(run);
    for (let i = 0; i < segs.length; i++) {
      if (!paired.has(segs[i].text)) continue;
      words.set(segs[i].text, (words.get(segs[i].text) ?? 0) + 1);
      if (i + 1 === segs.length) continue;
      const key = `${segs[i].text} ${segs[i + 1].text}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
// every pair seen is kept: a pair the corpus never holds is the evidence
const kept = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const out = {
  source: 'iApp Wiki QA train articles (MIT)',
  documents: texts.length,
  words: Object.fromEntries(words),
  pairs: Object.fromEntries(kept),
};
writeFileSync(join(import.meta.dir, '../src/thai/mark-bigrams.json'), `${JSON.stringify(out)}\n`);
console.log(`${texts.length} documents, ${paired.size} words with a tone-mark twin, ${kept.length} pairs seen`);
