// Which cached documents' text reads as Thai (how the two font faults in the eval README, "Two text layers read
// wrong", were found): every document of the eval cache's extracted libraries, its Thai segmented with
// Intl.Segmenter and checked against the dictionary, lowest share of known words first, with the counts of the two
// font faults the extraction now mends (the gazette font's Latin letters, an old font's symbols inside words).
//   bun scripts/eval/text-layers.ts [--all]   (the 25 lowest unless --all; run after any eval has filled the cache)
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './library-cache';

const { words } = require('../../src/thai/dictionary-words.json') as { words: string[] };
const dictionary = new Set(words);
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
const THAI = /[\u0E01-\u0E4E]/;
const LATIN_FOR_THAI = /[\u00FC-\u0100]/g;
const SYMBOL_IN_WORD = /(?<=[\u0E01-\u0E4E])[$*<+\u0001-\u0008\u000B\u000C\u000E-\u001F](?=[\u0E01-\u0E4E])/g;

interface Row {
  known: number;
  thai: number;
  latinForThai: number;
  symbols: number;
  method: string;
  name: string;
}
const rows: Row[] = [];
const seen = new Set<string>();
const dirs = existsSync(cacheDir()) ? readdirSync(cacheDir()).filter((d) => d.startsWith('extracted-') && !d.includes('-indexed-')) : [];
for (const dir of dirs) {
  const file = join(cacheDir(), dir, 'app.db');
  if (!existsSync(file)) continue;
  const db = new Database(file, { readonly: true });
  try {
    for (const doc of db.query('select id, file_name, extraction_method from documents').all() as Array<{
      id: string;
      file_name: string;
      extraction_method: string;
    }>) {
      if (seen.has(doc.file_name)) continue;
      seen.add(doc.file_name);
      const text = (db.query('select content from document_pages where document_id = ?').all(doc.id) as Array<{ content: string }>)
        .map((p) => p.content)
        .join('\n');
      let thai = 0;
      let known = 0;
      for (const s of segmenter.segment(text)) {
        if (!THAI.test(s.segment)) continue;
        thai += s.segment.length;
        if (dictionary.has(s.segment)) known += s.segment.length;
      }
      if (thai < 500) continue;
      rows.push({
        known: known / thai,
        thai,
        latinForThai: text.match(LATIN_FOR_THAI)?.length ?? 0,
        symbols: text.match(SYMBOL_IN_WORD)?.length ?? 0,
        method: doc.extraction_method,
        name: doc.file_name,
      });
    }
  } finally {
    db.close();
  }
}
rows.sort((a, b) => a.known - b.known);
console.log('known  Thai chars  ü..Ā  symbols  method        document');
for (const r of process.argv.includes('--all') ? rows : rows.slice(0, 25))
  console.log(
    `${r.known.toFixed(3)}  ${String(r.thai).padStart(10)}  ${String(r.latinForThai).padStart(4)}  ${String(r.symbols).padStart(7)}  ${r.method.padEnd(12)}  ${r.name}`,
  );
if (rows.length)
  console.log(`${rows.length} documents with 500 Thai characters or more; median known share ${rows[Math.floor(rows.length / 2)]!.known.toFixed(3)}`);
else console.log(`no extracted library in ${cacheDir()}: run an eval first`);
