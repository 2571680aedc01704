// Builds src/thai/background-df.json: how many of a fixed set of general Thai texts (iApp Wiki
// QA's training articles, Wikipedia, MIT licence) contain each word and character trigram. Confidence
// weighs a question's words by this background rarity instead of the library's own statistics, so a
// word's weight does not change when unrelated documents are added to the library (see confidence.ts).
//   bun scripts/build-background-df.ts [corpus.jsonl]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { charGrams, segmentWords } from '../modules/knowledge/index/tokens.ts';

const source = process.argv[2] ?? join(import.meta.dir, '../../shared/eval/iapp_wiki_qa_train/corpus.jsonl');
const MIN_DF = 4; // rarer terms all get the cap: listing them would only grow the file
const docs = readFileSync(source, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { text: string });
const df = new Map<string, number>();
for (const d of docs) for (const t of new Set([...segmentWords(d.text), ...charGrams(d.text)])) df.set(t, (df.get(t) ?? 0) + 1);
const kept = [...df].filter(([, n]) => n >= MIN_DF).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const out = { source: 'iApp Wiki QA train articles (MIT)', documents: docs.length, minDf: MIN_DF, df: Object.fromEntries(kept) };
writeFileSync(join(import.meta.dir, '../src/thai/background-df.json'), JSON.stringify(out) + '\n');
console.log(`${docs.length} documents, ${kept.length} terms kept (df ≥ ${MIN_DF})`);
