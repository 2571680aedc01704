// Whether a chat message asks for a drafted document, and which one (chat.md §4 "Drafting flow"), and how
// complete a draft is. Pure TypeScript shared by the server and the chat island, so both always agree.

export type DraftType = 'internal_memo' | 'student_activity_project';

/** A quick button's typed request: 'templates' lists the blank forms, 'proposal_check' checks a proposal against the regulations. */
export const CHAT_INTENTS = ['templates', 'proposal_check'] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];

export interface DraftDetection {
  drafting: boolean;
  documentType: DraftType;
  /** Why it was chosen: a phrase, the keyword count, an attached document, or (our chat) a brief sent alone. */
  reason: 'phrase' | 'keywords' | 'attachment' | 'brief' | null;
}

/** Phrases that on their own ask for a document to be written. */
const DRAFT_PHRASES = [
  'ช่วยเขียน',
  'ช่วยร่าง',
  'ร่างให้',
  'เขียนให้',
  'ช่วยทำโครงการ',
  'ช่วยจัดทำ',
  'ขอตัวอย่าง',
  'ร่างบันทึก',
  'ร่างโครงการ',
  'ช่วยทำบันทึก',
  'ทำบันทึกข้อความ',
  'ช่วยทำหนังสือ',
  'ทำบันทึกขอ',
  'ออกบันทึก',
  'เขียนโครงการ',
  'เขียนบันทึก',
  'help me write',
  'help me draft',
  'write a',
  'draft a',
  'draft an',
  'draft the',
  'draft me',
];

/**
 * Words of the act of drafting; two or more different ones count as a request. Topic words (เอกสาร,
 * โครงการ, งบประมาณ) are left out: "which documents does a project need?" is a question, not a request.
 */
const DRAFT_KEYWORDS = [
  'ร่าง',
  'เขียน',
  'จัดทำ',
  'แบบฟอร์ม',
  'ตัวอย่าง',
  'แม่แบบ',
  'เทมเพลต',
  'ข้อเสนอโครงการ',
  'บันทึกข้อความ',
  'หนังสือราชการ',
  'draft',
  'write',
  'proposal',
  'memo',
  'template',
  'letter',
];

/** Signs of an internal memo rather than an activity project proposal. */
const MEMO_KEYWORDS = [
  'บันทึกข้อความ',
  'บันทึก',
  'memo',
  'memorandum',
  'แจ้ง',
  'notification',
  'notify',
  'ขออนุมัติ',
  'ขออนุญาต',
  'approval request',
  'request for approval',
  'approval',
  'สรุปการประชุม',
  'รายงานการประชุม',
  'meeting summary',
  'minutes',
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

// A question about something (an attached file, a rule) rather than a request to write: question words,
// or a question mark. Our chat answers these even with a document attached.
const QUESTION =
  /(อะไร|ไหม|มั้ย|หรือไม่|หรือเปล่า|กี่|อย่างไร|ยังไง|เท่าไร|เท่าไหร่|เมื่อไร|เมื่อไหร่|ที่ไหน|ใคร|ทำไม|บ้าง|ได้หรือ|\?|(^|\s)(what|how|when|where|which|who|why|is|are|does|do|can|should)\s)/i;

export function isQuestion(text: string): boolean {
  return QUESTION.test(normalise(text));
}

// The facts a brief states: a date with its month, a count of people, a budget, a place. The month abbreviations are
// written here (contracts import nothing from src/: src/thai/months.ts is the table the server reads).
const BRIEF_FACTS: readonly RegExp[] = [
  /[0-9๐-๙]\s*(?:[-–]\s*[0-9๐-๙]{1,2}\s*)?(?:ม\.?\s?ค|ก\.?\s?พ(?!\.?\s?อ)|มี\.?\s?ค|เม\.?\s?ย|พ\.?\s?ค|มิ\.?\s?ย|ก\.?\s?ค|ส\.?\s?ค|ก\.?\s?ย|ต\.?\s?ค|พ\.?\s?ย|ธ\.?\s?ค|มกรา|กุมภา|มีนา|เมษา|พฤษภา|มิถุนา|กรกฎา|สิงหา|กันยา|ตุลา|พฤศจิกา|ธันวา|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/,
  /[0-9๐-๙][0-9๐-๙,]*\s*(?:คน|ท่าน|people|participants|students|pax)/,
  /(?:งบ|budget)[^\s0-9๐-๙]*\s*[0-9๐-๙]|[0-9๐-๙][0-9๐-๙,]*\s*(?:บาท|baht|฿)/,
  /(?:^|\s|ที่|ณ|ใช้)(?:ห้อง|อาคาร|ตึก|หอประชุม|ลาน|สนาม|โรงเรียน|จ\.|จังหวัด)/,
];
// What the facts are of: an activity, or a memo's request.
const BRIEF_SUBJECT = /โครงการ|กิจกรรม|ค่าย|อบรม|สัมมนา|แข่งขัน|บันทึกข้อความ|ขออนุมัติ|ขออนุญาต|ขอใช้|ขอเบิก|ขอยืม|ขอความอนุเคราะห์|project|camp|workshop|memo/;

/**
 * A brief sent alone, as people send one to a drafting assistant: an activity or a memo's request with two of its
 * facts (a date, the people, the budget, the place), or a memo with one, and nothing asked ("ค่ายอาสา 15-17 ม.ค. 68
 * ที่น่าน 100 คน งบ 30,000"; "บันทึกข้อความขอเบิกเงิน… จำนวน 35,000 บาท เรียน คณบดี…"). Found on the drafting eval's
 * briefs (scripts/eval/data/briefs, written for their facts): three of twelve held a drafting phrase, the other nine were
 * answered as questions; read on them, eleven draft (so they are no test of it). None of the 8,612 distinct questions of
 * every eval set (real, ours, law, Wikipedia) reads as a brief.
 */
export function isBrief(text: string): boolean {
  const t = normalise(text);
  if (isQuestion(text) || !BRIEF_SUBJECT.test(t)) return false;
  const facts = BRIEF_FACTS.filter((f) => f.test(t)).length;
  return facts >= 2 || (facts >= 1 && /บันทึกข้อความ|memo/.test(t));
}

/**
 * Our chat's choice (issue 18): decided by what the text asks. A drafting request drafts (from the attached
 * file too); a question, or any other text, is answered, the file serving as evidence. Only a file sent
 * with no text at all keeps the spec's rule (an attached document means a draft). `detectDrafting` above
 * stays the spec's detection for its clients.
 */
export function chatDrafting(text: string, files: Array<{ name: string; type?: string }> = []): DraftDetection {
  const spec = detectDrafting(text, files);
  if (spec.reason === 'phrase') return spec;
  if (spec.reason === 'keywords') return isQuestion(text) ? { drafting: false, documentType: spec.documentType, reason: null } : spec;
  if (spec.reason === 'attachment' && !text.trim()) return spec;
  if (isBrief(text)) return { drafting: true, documentType: spec.documentType, reason: 'brief' };
  return { drafting: false, documentType: spec.documentType, reason: null };
}

/**
 * The facts each draft needs. A draft shows a missing one as `missingMark(field)`, so its completeness can be
 * read back from its text alone (a stored turn keeps only the text): "ข้อมูลครบ 9 จาก 12 หัวข้อ".
 */
export const REQUIRED_FIELDS: Record<DraftType, readonly string[]> = {
  internal_memo: [
    'ส่วนราชการ',
    'หมายเลขโทรศัพท์',
    'เรื่อง',
    'ผู้รับ (เรียน)',
    'เหตุผลความจำเป็น',
    'วันที่จัดกิจกรรม',
    'สถานที่',
    'จำนวนผู้เข้าร่วม',
    'งบประมาณ',
    'ชื่อผู้ลงนาม',
    'ตำแหน่งผู้ลงนาม',
  ],
  student_activity_project: [
    'ชื่อโครงการ',
    'หน่วยงานที่เสนอ',
    'หลักการและเหตุผล',
    'วัตถุประสงค์',
    'เป้าหมาย SDGs',
    'กลุ่มเป้าหมาย',
    'จำนวนผู้เข้าร่วม',
    'ระยะเวลาดำเนินการ',
    'สถานที่',
    'งบประมาณ',
    'รายการค่าใช้จ่าย',
    'ผู้รับผิดชอบโครงการ',
  ],
};

export const missingMark = (field: string) => `[โปรดระบุ${field}]`;

export interface Completeness {
  filled: number;
  total: number;
  missing: string[];
}

/** `notAsked`: required fields the draft's kind does not ask for (a memo to borrow equipment has no budget). */
export function draftCompleteness(type: DraftType, text: string, notAsked: readonly string[] = []): Completeness {
  const fields = REQUIRED_FIELDS[type].filter((f) => !notAsked.includes(f));
  const missing = fields.filter((f) => text.includes(missingMark(f)));
  return { filled: fields.length - missing.length, total: fields.length, missing };
}

/** The `accuracy` the spec's clients read for a draft: the share of required fields filled, 0–100. */
export const completenessPercent = (c: Completeness) => Math.round((c.filled / Math.max(1, c.total)) * 10_000) / 100;
