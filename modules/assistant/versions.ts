// Drafts and older versions sit beside enacted ones in a real library (a "(ร่าง)" regulation whose year is
// still "พ.ศ. ....", last year's announcement beside this year's). A quote from a draft says it is one; two
// quoted documents that answer differently are named as disagreeing, and the enacted, newer one is followed.
import { foldThaiDigits, nearDuplicate, type SearchHit } from '../knowledge';
import { beforeName } from '../../src/thai/spacing';

// "(ร่าง) ข้อบังคับ…", "ร่าง ประกาศ…", and a rule's name whose year was left blank to be filled in when enacted
// (a form's blank date "วันที่ …… พ.ศ. ……" is not a rule's name)
const DRAFT = /\(\s*ร่าง\s*\)|^(?:\S*\s)?ร่าง\s/;
const BLANK_YEAR = /^(?:ข้อบังคับ|ประกาศ|ระเบียบ|หลักเกณฑ์|แนวปฏิบัติ|คำสั่ง)[^\n]*พ\.ศ\.\s*(?:\.{3,}|…+)\s*$/;

export const isDraft = (hit: SearchHit): boolean => DRAFT.test(hit.title) || DRAFT.test(hit.documentName ?? '') || BLANK_YEAR.test(hit.documentName ?? '');

/** The Buddhist-era year a document names (its own name, then its title: "พ.ศ. ๒๕๖๖", "…-66"), or null. */
export function yearOf(hit: SearchHit): number | null {
  for (const text of [hit.documentName ?? '', hit.title].map(foldThaiDigits)) {
    const full = /25[0-9]{2}/.exec(text);
    if (full) return Number(full[0]);
    const short = /[-_ ]([5-9][0-9])(?:-[0-9])?$/.exec(text.trim());
    if (short) return 2500 + Number(short[1]);
  }
  return null;
}

// Two documents are versions of one rule when the clauses are nearly the same text, or the titles are once their
// numbers, years and draft marks are set aside ("02. (ร่าง) ข้อบังคับเทียบโอนผลการเรียน", "ข้อบังคับการเทียบโอน
// ผลการเรียน 2565"); a calendar and a regulation that answer differently are two documents, not two versions.
const titleStem = (title: string) =>
  foldThaiDigits(title)
    .replace(/\(\s*ร่าง\s*\)|ร่าง|[0-9]+|[-_.()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const versionsOf = (a: SearchHit, b: SearchHit) => nearDuplicate(a.text, b.text) || nearDuplicate(titleStem(a.title), titleStem(b.title));

const same = (a: string, b: string) => foldThaiDigits(a).replace(/[\s,]/g, '') === foldThaiDigits(b).replace(/[\s,]/g, '');

/**
 * Of two quoted clauses from different documents whose direct answers differ, the one to follow: the enacted
 * over a draft, then the newer; null when they agree, or nothing tells them apart.
 */
export function followed(a: { hit: SearchHit; span: string | null }, b: { hit: SearchHit; span: string | null }): SearchHit | null {
  if (a.hit.documentId === b.hit.documentId || !a.span || !b.span || same(a.span, b.span) || !versionsOf(a.hit, b.hit)) return null;
  if (isDraft(a.hit) !== isDraft(b.hit)) return isDraft(a.hit) ? b.hit : a.hit;
  const [ya, yb] = [yearOf(a.hit), yearOf(b.hit)];
  return ya && yb && ya !== yb ? (ya > yb ? a.hit : b.hit) : null;
}

/** The notes under a quote: which quoted documents are drafts, and which of two disagreeing ones is followed. */
export function versionNotes(quoted: SearchHit[], disagree: { followed: SearchHit; other: SearchHit } | null): string[] {
  const notes: string[] = [];
  if (disagree)
    notes.push(
      `หมายเหตุ: ${disagree.followed.title} และ ${disagree.other.title} ระบุไม่ตรงกัน คำตอบนี้${beforeName('ยึดตาม', disagree.followed.title)} ซึ่ง${isDraft(disagree.other) && !isDraft(disagree.followed) ? 'เป็นฉบับที่ประกาศใช้' : 'เป็นฉบับใหม่กว่า'}`,
    );
  const drafts = [...new Map(quoted.filter(isDraft).map((h) => [h.documentId, h.title])).values()];
  for (const title of drafts) notes.push(`หมายเหตุ: ${title} เป็นร่าง ยังไม่ใช่ฉบับที่ประกาศใช้ โปรดตรวจสอบกับฉบับที่ประกาศใช้`);
  return notes;
}
