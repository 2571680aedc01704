// How many real documents write each of a synonym group's documents' wordings (question/synonym-list.ts), counted
// over the extracted libraries of the eval cache (every real set the battery has run): a slang member is read as its
// group's first wording, so the first should be the one most documents write. Whole documents, not pages: one long
// curriculum repeats a word a hundred times. Prints the groups whose first wording is not the most written, and those
// whose first wording no document writes.
//   EVAL_CACHE_DIR=… bun scripts/eval/synonym-wordings.ts [word …]   (with words: how many documents hold each)
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_SYNONYMS } from '../../modules/knowledge/question/synonym-list';
import { cacheDir } from './library-cache';

const root = cacheDir();
const documents = new Set<string>();
for (const dir of readdirSync(root)) {
  const db = join(root, dir, 'app.db');
  // the extraction caches; the index caches beside them hold the same pages
  if (!dir.startsWith('extracted-') || dir.includes('-indexed-') || !existsSync(db)) continue;
  const read = new Database(db, { readonly: true });
  const rows = read.query('select group_concat(content, char(10)) as text from document_pages group by document_id').all() as { text: string }[];
  for (const { text } of rows) documents.add(text);
  read.close();
}
const texts = [...documents];
const holding = (word: string) => texts.filter((text) => text.includes(word)).length;
console.log(`${documents.size} documents in ${root}`);

const words = process.argv.slice(2);
if (words.length) for (const w of words) console.log(`${w}: ${holding(w)}`);
else
  for (const [written] of BUILT_IN_SYNONYMS) {
    const counts = written.map(holding);
    const mark = counts[0] === 0 ? 'none writes the first' : counts[0]! < Math.max(...counts) ? 'another is written more' : '';
    if (mark) console.log(`${mark}: ${written.map((w, i) => `${w} ${counts[i]}`).join(', ')}`);
  }
