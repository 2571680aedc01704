// Writes a Word copy of one of our plain-text dev regulations, beside it (x.txt → x.docx): one paragraph
// per line, tab-separated lines as a real table. The copy is the duplicate document in a set's library B.
//   bun scripts/eval/data/make-docx.ts scripts/eval/data/dorm/dorm-regulation.txt
import { readFileSync, writeFileSync } from 'node:fs';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

const source = process.argv[2];
if (!source?.endsWith('.txt')) {
  console.error('usage: make-docx.ts <regulation.txt>');
  process.exit(2);
}
const lines = readFileSync(source, 'utf8').trimEnd().split('\n');
const font = 'TH Sarabun New';
const para = (text: string) => new Paragraph({ children: [new TextRun({ text, font, size: 32 })] });
const children: Array<Paragraph | Table> = [];
for (let i = 0; i < lines.length; i++) {
  if (!lines[i]!.includes('\t')) {
    children.push(para(lines[i]!));
    continue;
  }
  const rows: TableRow[] = [];
  for (; i < lines.length && lines[i]!.includes('\t'); i++)
    rows.push(new TableRow({ children: lines[i]!.split('\t').map((cell) => new TableCell({ children: [para(cell)] })) }));
  i--;
  children.push(new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }));
}
const out = source.replace(/\.txt$/, '.docx');
writeFileSync(out, await Packer.toBuffer(new Document({ sections: [{ children }] })));
console.log(`wrote ${out}`);
