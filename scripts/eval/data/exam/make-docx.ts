// Writes exam-regulation.docx from exam-regulation.txt: the same examination regulation as a Word file (one paragraph
// per line, tab-separated lines as a real table), the duplicate copy in library B.
//   bun scripts/eval/data/exam/make-docx.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

const lines = readFileSync(join(import.meta.dir, 'exam-regulation.txt'), 'utf8')
  .trimEnd()
  .split('\n');
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
const doc = new Document({ sections: [{ children }] });
writeFileSync(join(import.meta.dir, 'exam-regulation.docx'), await Packer.toBuffer(doc));
