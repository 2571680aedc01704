// A draft as a list of blocks (heading, labelled lines, paragraphs, tables, signature) that both the chat
// text and the DOCX are drawn from, so the two always agree. The memo and the proposal build these blocks
// from the brief's facts (memo-layout.ts, project-layout.ts); a model only supplies prose for named parts.
import { missingMark, type DraftType } from '../../../contracts/drafting';
import { toThaiDigits } from './thai';

export type Block =
  | { kind: 'title'; text: string; size: 'memo' | 'project' }
  | { kind: 'field'; label: string; value: string }
  /** ที่ … and วันที่ … on one line, the second at a tab stop */
  | { kind: 'fieldPair'; left: { label: string; value: string }; right: { label: string; value: string } }
  | { kind: 'rule' }
  | { kind: 'section'; heading: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'para'; text: string; indent?: boolean }
  | { kind: 'table'; header: string[]; rows: string[][]; widths: number[]; totalRow?: boolean }
  | { kind: 'signature'; lines: string[] };

export interface DraftDoc {
  type: DraftType;
  title: string;
  blocks: Block[];
  /** required facts this document does not ask for (a loan of equipment has no budget): not counted in its completeness */
  notAsked?: readonly string[];
}

export const REVIEW_REMINDER = 'หมายเหตุ: เอกสารนี้เป็นร่างที่ระบบจัดทำขึ้นโดยอัตโนมัติ กรุณาตรวจสอบและแก้ไขรายละเอียดให้ถูกต้องครบถ้วนก่อนนำไปใช้งานจริง';

/** A required fact: its value, or the visible mark the completeness count reads back. */
export const orMissing = (value: string | null | undefined, field: string) => (value && value.trim() ? value.trim() : missingMark(field));

/** A placeholder for something optional (not counted as missing). */
export const hint = (what: string) => `[${what}]`;

/** Prose a model (or a later edit) may supply, by part name. */
export type ProseTexts = Partial<Record<string, string>>;

export const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The chat version of a draft: same order and words as the DOCX; tables as "a | b" rows. */
export function draftText(doc: DraftDoc, extra: string[] = []): string {
  const lines: string[] = [];
  for (const b of doc.blocks) {
    if (b.kind === 'title') lines.push(b.text, '');
    else if (b.kind === 'field') lines.push(`${b.label} ${b.value}`);
    else if (b.kind === 'fieldPair') lines.push(`${b.left.label} ${b.left.value}    ${b.right.label} ${b.right.value}`);
    else if (b.kind === 'rule') lines.push('');
    else if (b.kind === 'section') lines.push('', b.heading);
    else if (b.kind === 'subheading') lines.push(b.text);
    else if (b.kind === 'para') lines.push(b.indent ? `    ${b.text}` : b.text);
    else if (b.kind === 'table') for (const r of [b.header, ...b.rows]) lines.push(`| ${r.join(' | ')} |`);
    else if (b.kind === 'signature') lines.push('', ...b.lines);
  }
  lines.push('', ...extra, REVIEW_REMINDER);
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const numbered = (items: string[]) => items.map((t, i) => `${toThaiDigits(i + 1)}. ${t}`);
