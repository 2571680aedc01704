// DOCX in the official Thai layout (ระเบียบงานสารบรรณ): TH SarabunIT๙ 16 pt body, margins 3 cm left / 2 cm right, the memo's bold 29 pt "บันทึกข้อความ", bold 20 pt labels,
// ที่ and วันที่ on one paragraph with a tab stop, first lines indented 2.5 cm, tables with borders, and the
// signature block centred in the right half so it never wraps.
import { AlignmentType, BorderStyle, Document, Packer, Paragraph, Tab, Table, TableCell, TableRow, TabStopType, TextRun, WidthType } from 'docx';
import type { Block, DraftDoc } from './layout';
import { REVIEW_REMINDER } from './layout';

const FONT = 'TH SarabunIT๙';
const SIZE = 32; // half-points: 16 pt
const LABEL_SIZE = 40; // 20 pt, the form's labels
const MEMO_TITLE_SIZE = 58; // 29 pt
const CM = 567; // twips per centimetre
export const TEXT_WIDTH_CM = 16; // A4 21 cm − 3 cm − 2 cm
const DATE_TAB = Math.round(8.5 * CM);

// A phone number or an amount never breaks at its hyphen ("๐๘๑-๒๓๔-๕๖๗๘"): non-breaking hyphen U+2011.
const keepTogether = (text: string) => text.replace(/(?<=[0-9๐-๙])-(?=[0-9๐-๙])/g, '\u2011');

const run = (text: string, opts: { bold?: boolean; size?: number } = {}) =>
  new TextRun({
    text: keepTogether(text),
    font: { ascii: FONT, hAnsi: FONT, cs: FONT, eastAsia: FONT },
    size: opts.size ?? SIZE,
    sizeComplexScript: opts.size ?? SIZE,
    bold: opts.bold,
    boldComplexScript: opts.bold,
  });

const para = (children: TextRun[], extra: Partial<ConstructorParameters<typeof Paragraph>[0] & object> = {}) => new Paragraph({ children, ...extra });

function cell(text: string, widthPct: number, bold = false, align: (typeof AlignmentType)[keyof typeof AlignmentType] = AlignmentType.LEFT): TableCell {
  return new TableCell({
    width: { size: widthPct * 50, type: WidthType.PERCENTAGE },
    margins: { left: 100, right: 100 },
    children: [para([run(text, { bold })], { alignment: align })],
  });
}

function table(b: Extract<Block, { kind: 'table' }>): Table {
  const numeric = (i: number) => i === b.header.length - 1 && /จำนวนเงิน/.test(b.header[i]);
  const line = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
  return new Table({
    width: { size: 5000, type: WidthType.PERCENTAGE },
    borders: { top: line, bottom: line, left: line, right: line, insideHorizontal: line, insideVertical: line },
    rows: [
      new TableRow({ tableHeader: true, children: b.header.map((h, i) => cell(h, b.widths[i], true, AlignmentType.CENTER)) }),
      ...b.rows.map(
        (r, ri) =>
          new TableRow({
            children: r.map((c, i) =>
              cell(
                c,
                b.widths[i],
                !!b.totalRow && ri === b.rows.length - 1,
                numeric(i) ? AlignmentType.RIGHT : i === 0 ? AlignmentType.CENTER : AlignmentType.LEFT,
              ),
            ),
          }),
      ),
    ],
  });
}

function block(b: Block, memo: boolean): Array<Paragraph | Table> {
  switch (b.kind) {
    case 'title':
      return [
        para([run(b.text, { bold: true, size: b.size === 'memo' ? MEMO_TITLE_SIZE : 40 })], { alignment: AlignmentType.CENTER, spacing: { after: 240 } }),
      ];
    case 'field':
      return [para([run(b.label, { bold: true, size: memo ? LABEL_SIZE : SIZE }), run(`  ${b.value}`)])];
    case 'fieldPair':
      return [
        para(
          [
            run(b.left.label, { bold: true, size: LABEL_SIZE }),
            run(`  ${b.left.value}`),
            new TextRun({ children: [new Tab()] }),
            run(b.right.label, { bold: true, size: LABEL_SIZE }),
            run(`  ${b.right.value}`),
          ],
          {
            tabStops: [{ type: TabStopType.LEFT, position: DATE_TAB }],
          },
        ),
      ];
    case 'rule':
      return [para([], { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '000000', space: 1 } }, spacing: { after: 120 } })];
    case 'section':
      // kept with what follows: a heading never ends a page alone
      return [para([run(b.heading, { bold: true })], { spacing: { before: 160 }, keepNext: true })];
    case 'subheading':
      return [para([run(b.text)], { indent: { left: Math.round(1.25 * CM) }, keepNext: true })];
    case 'para':
      return [
        para([run(b.text)], {
          alignment: AlignmentType.THAI_DISTRIBUTE,
          indent: b.indent ? (memo ? { firstLine: Math.round(2.5 * CM) } : { left: Math.round(1.25 * CM) }) : undefined,
          spacing: { after: memo ? 120 : 40 },
        }),
      ];
    case 'table':
      return [table(b), para([])];
    case 'signature':
      // centred in the right half (9 cm) so the dotted line and the name never wrap, kept on one page
      return b.lines.map((l, i) =>
        para([run(l)], {
          alignment: AlignmentType.CENTER,
          indent: { left: 7 * CM },
          spacing: { before: i === 0 ? 600 : 0 },
          keepNext: i < b.lines.length - 1,
          keepLines: true,
        }),
      );
  }
}

export async function renderDocx(doc: DraftDoc, extra: string[] = []): Promise<Buffer> {
  const memo = doc.type === 'internal_memo';
  const children = doc.blocks.flatMap((b) => block(b, memo));
  for (const e of [...extra, REVIEW_REMINDER]) children.push(para([run(e, { size: 28 })], { spacing: { before: 240 } }));
  const file = new Document({
    creator: 'Ask-Reg',
    title: doc.title,
    styles: { default: { document: { run: { font: { ascii: FONT, hAnsi: FONT, cs: FONT, eastAsia: FONT }, size: SIZE, sizeComplexScript: SIZE } } } },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: Math.round(2.5 * CM), bottom: 2 * CM, left: 3 * CM, right: 2 * CM } } },
        children,
      },
    ],
  });
  return Packer.toBuffer(file);
}
