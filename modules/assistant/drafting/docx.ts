// DOCX in the official Thai layout (ระเบียบงานสารบรรณ style): TH SarabunIT๙ 16 pt, 3 cm left margin,
// a bold 29 pt "บันทึกข้อความ" heading, bold field labels, indented paragraphs, signature block to the right.
import { AlignmentType, Document, Packer, Paragraph, TabStopType, TextRun } from 'docx';
import type { DraftDoc } from './layout';
import { REVIEW_REMINDER } from './layout';
import { toThaiDigits } from './thai';

const FONT = 'TH SarabunIT๙';
const SIZE = 32; // half-points: 16 pt
const CM = 567; // twips per centimetre

const run = (text: string, opts: { bold?: boolean; size?: number } = {}) => new TextRun({ text, font: FONT, size: opts.size ?? SIZE, bold: opts.bold });

function field(label: string, value: string): Paragraph {
  return new Paragraph({ children: [run(label, { bold: true }), run(`  ${value}`)], spacing: { after: 60 } });
}

function body(text: string, indent = true): Paragraph {
  return new Paragraph({ children: [run(text)], alignment: AlignmentType.THAI_DISTRIBUTE, indent: indent ? { firstLine: Math.round(2.5 * CM) } : undefined, spacing: { after: 60 } });
}

function signature(lines: string[]): Paragraph[] {
  return lines.map((l, i) => new Paragraph({ children: [run(l)], alignment: AlignmentType.CENTER, indent: { left: 8 * CM }, spacing: { before: i === 0 ? 480 : 0 } }));
}

export async function renderDocx(doc: DraftDoc, extra: string[] = []): Promise<Buffer> {
  const children: Paragraph[] = [];
  if (doc.type === 'internal_memo') {
    children.push(new Paragraph({ children: [run(doc.title, { bold: true, size: 58 })], alignment: AlignmentType.CENTER, spacing: { after: 240 } }));
    for (const f of doc.fields) children.push(field(f.label, f.value));
    children.push(new Paragraph({ children: [], border: { bottom: { style: 'single', size: 6, color: '000000', space: 1 } }, spacing: { after: 120 } }));
    for (const s of doc.sections) for (const p of s.paragraphs) children.push(body(p));
  } else {
    children.push(new Paragraph({ children: [run(doc.title, { bold: true, size: 40 })], alignment: AlignmentType.CENTER, spacing: { after: 120 } }));
    for (const f of doc.fields) children.push(new Paragraph({ children: [run(`${f.label} ${f.value}`)], alignment: AlignmentType.CENTER, spacing: { after: 240 } }));
    doc.sections.forEach((s, i) => {
      children.push(new Paragraph({ children: [run(`${toThaiDigits(i + 1)}. ${s.heading}`, { bold: true })], spacing: { before: 160, after: 60 } }));
      for (const p of s.paragraphs) children.push(body(p));
    });
  }
  children.push(...signature(doc.signature));
  for (const e of [...extra, REVIEW_REMINDER])
    children.push(new Paragraph({ children: [run(e, { size: 28 })], spacing: { before: 240 }, tabStops: [{ type: TabStopType.LEFT, position: CM }] }));
  const file = new Document({
    creator: 'Ask-Reg',
    title: doc.title,
    styles: { default: { document: { run: { font: FONT, size: SIZE } } } },
    sections: [{ properties: { page: { margin: { top: Math.round(2.5 * CM), bottom: 2 * CM, left: 3 * CM, right: 2 * CM } } }, children }],
  });
  return Packer.toBuffer(file);
}
