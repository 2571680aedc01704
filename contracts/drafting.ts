// Whether a chat message asks for a drafted document, and which one (chat.md §4 "Drafting flow").
// Pure TypeScript shared by the server and the chat island, so both always choose the same flow.

export type DraftType = 'internal_memo' | 'student_activity_project';

export interface DraftDetection {
  drafting: boolean;
  documentType: DraftType;
  /** Why it was chosen: a phrase, the keyword count, or an attached document. */
  reason: 'phrase' | 'keywords' | 'attachment' | null;
}

/** Phrases that on their own ask for a document to be written. */
const DRAFT_PHRASES = [
  'ช่วยเขียน', 'ช่วยร่าง', 'ร่างให้', 'เขียนให้', 'ช่วยทำโครงการ', 'ช่วยจัดทำ', 'ขอตัวอย่าง', 'ร่างบันทึก', 'ร่างโครงการ',
  'เขียนโครงการ', 'เขียนบันทึก', 'help me write', 'help me draft', 'write a', 'draft a', 'draft an', 'draft the', 'draft me',
];

/**
 * Words of the act of drafting; two or more different ones count as a request. Topic words (เอกสาร,
 * โครงการ, งบประมาณ) are left out: "which documents does a project need?" is a question, not a request.
 */
const DRAFT_KEYWORDS = [
  'ร่าง', 'เขียน', 'จัดทำ', 'แบบฟอร์ม', 'ตัวอย่าง', 'แม่แบบ', 'เทมเพลต', 'ข้อเสนอโครงการ', 'บันทึกข้อความ', 'หนังสือราชการ',
  'draft', 'write', 'proposal', 'memo', 'template', 'letter',
];

/** Signs of an internal memo rather than an activity project proposal. */
const MEMO_KEYWORDS = [
  'บันทึกข้อความ', 'บันทึก', 'memo', 'memorandum', 'แจ้ง', 'notification', 'notify', 'ขออนุมัติ', 'ขออนุญาต', 'approval request',
  'request for approval', 'approval', 'สรุปการประชุม', 'รายงานการประชุม', 'meeting summary', 'minutes',
];

const DOCUMENT_EXTENSIONS = /\.(pdf|docx?|txt|md|rtf|odt)$/i;
const DOCUMENT_MIME = /^(application\/pdf|application\/msword|application\/vnd\.openxmlformats-officedocument\.wordprocessingml|text\/)/i;

function normalise(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ');
}

/** English keywords must match whole words ("form" is not inside "information"); Thai has no word spaces. */
function contains(text: string, keyword: string): boolean {
  if (!/^[a-z ]+$/.test(keyword)) return text.includes(keyword);
  return new RegExp(`(^|[^a-z])${keyword}([^a-z]|$)`).test(text);
}

export function isDocumentFile(file: { name: string; type?: string }): boolean {
  return DOCUMENT_EXTENSIONS.test(file.name) || (!!file.type && DOCUMENT_MIME.test(file.type));
}

export function draftTypeOf(text: string): DraftType {
  const t = normalise(text);
  return MEMO_KEYWORDS.some((k) => contains(t, k)) ? 'internal_memo' : 'student_activity_project';
}

export function detectDrafting(text: string, files: Array<{ name: string; type?: string }> = []): DraftDetection {
  const t = normalise(text);
  const documentType = draftTypeOf(text);
  if (DRAFT_PHRASES.some((p) => contains(t, p))) return { drafting: true, documentType, reason: 'phrase' };
  // "บันทึกข้อความ" also contains "บันทึก"; count distinct keywords, not overlapping spellings of one.
  const hits = DRAFT_KEYWORDS.filter((k) => contains(t, k));
  const distinct = hits.filter((k) => !hits.some((o) => o !== k && o.includes(k)));
  if (distinct.length >= 2) return { drafting: true, documentType, reason: 'keywords' };
  if (files.some(isDocumentFile)) return { drafting: true, documentType, reason: 'attachment' };
  return { drafting: false, documentType, reason: null };
}
