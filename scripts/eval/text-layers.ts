// Which cached documents' text reads as Thai (how the two font faults in the eval README, "Two text layers read
// wrong", were found): every document of the eval cache's extracted libraries, its Thai segmented with
// Intl.Segmenter and checked against the dictionary, lowest share of known words first, beside what the extraction's
// own rules make of the stored text: the letters the gazette-font mapping would still change (normalize.ts), and the
// legacy-font signal's wedged marks per 1000 Thai letters (quality.ts; 8 and up with 20 in all sends a layer to OCR).
//   bun scripts/eval/text-layers.ts [--all]   (the 25 lowest unless --all; run after any eval has filled the cache)
import { Database } from 'bun:sqlite';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './library-cache';
import { mapLatinThaiLetters } from '../../modules/extraction/normalize';
import { wedgedPer1000 } from '../../modules/extraction/quality';
import { segments } from '../../modules/extraction/thai-words';

const { words } = require('../../src/thai/dictionary-words.json') as { words: string[] };
const dictionary = new Set(words);
const THAI = /[\u0E01-\u0E4E]/;

interface Row {
  known: number;
  thai: number;
  gazetteLetters: number;
  wedged: number;
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
      for (const { text: piece } of segments(text)) {
        if (!THAI.test(piece)) continue;
        thai += piece.length;
        if (dictionary.has(piece)) known += piece.length;
      }
      if (thai < 500) continue;
      rows.push({
        known: known / thai,
        thai,
        gazetteLetters: mapLatinThaiLetters(text)
          .split('')
          .filter((ch, i) => ch !== text[i]).length, // UTF-16 units on both sides: the mapping keeps every unit's place
        wedged: wedgedPer1000(text),
        method: doc.extraction_method,
        name: doc.file_name,
      });
    }
  } finally {
    db.close();
  }
}
rows.sort((a, b) => a.known - b.known);
console.log('known  Thai chars  gazette  wedged/1000  method        document');
for (const r of process.argv.includes('--all') ? rows : rows.slice(0, 25))
  console.log(
    `${r.known.toFixed(3)}  ${String(r.thai).padStart(10)}  ${String(r.gazetteLetters).padStart(7)}  ${r.wedged.toFixed(1).padStart(11)}  ${r.method.padEnd(12)}  ${r.name}`,
  );
if (rows.length)
  console.log(`${rows.length} documents with 500 Thai characters or more; median known share ${rows[Math.floor(rows.length / 2)]!.known.toFixed(3)}`);
else console.log(`no extracted library in ${cacheDir()}: run an eval first`);
