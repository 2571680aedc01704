// The "Download templates" quick button (chat.md §2): blank official layouts of the two documents the
// assistant drafts (internal memo, SDGs activity project), as DOCX files anyone may download, and the
// typed answer that lists them as download links.
import type { DraftType } from '../../contracts/drafting';
import { readBrief } from './drafting/brief';
import type { AppContext } from '../../src/context';
import { buildDocx } from './drafting/docx-thread';
import type { DraftDoc } from './drafting/layout';
import { memoLayout } from './drafting/memo-layout';
import { projectLayout } from './drafting/project-layout';
import type { AnswerResult, RecommendedDocument } from './service';

export const TEMPLATES: Array<{ type: DraftType; title: string; fileName: string }> = [
  { type: 'internal_memo', title: 'แบบบันทึกข้อความขององค์กรนักศึกษา', fileName: 'แบบบันทึกข้อความ.docx' },
  { type: 'student_activity_project', title: 'แบบเสนอโครงการกิจกรรมนักศึกษา (SDGs)', fileName: 'แบบเสนอโครงการกิจกรรมนักศึกษา.docx' },
];

export const TEMPLATES_TEXT =
  'แบบฟอร์มที่ดาวน์โหลดได้มีดังนี้\n\n' +
  TEMPLATES.map((t) => `- ${t.title}`).join('\n') +
  '\n\nกดดาวน์โหลดจากรายการด้านล่าง แล้วกรอกข้อความในวงเล็บ [โปรดระบุ…] ให้ครบก่อนเสนอ หรือพิมพ์ขอให้ช่วยร่างพร้อมรายละเอียดของกิจกรรมได้เลย';

export const templateUrl = (type: DraftType) => `/api/templates/${type}/download`;

function blank(type: DraftType): DraftDoc {
  const facts = readBrief('');
  // a template has no date of its own
  return type === 'student_activity_project' ? projectLayout(facts) : memoLayout(facts, {}, { blank: true });
}

/** Each blank is the same file every time: built once (off the event loop, docx-thread.ts) and kept. */
const built = new Map<DraftType, Promise<Buffer>>();

export async function templateDocx(ctx: AppContext, type: DraftType): Promise<{ file: Buffer; fileName: string }> {
  const t = TEMPLATES.find((x) => x.type === type)!;
  let file = built.get(type);
  if (!file) {
    file = buildDocx(ctx, blank(type));
    built.set(type, file);
    file.catch(() => built.delete(type));
  }
  return { file: await file, fileName: t.fileName };
}

/** The answer to the templates quick button: no model, no search; always the same list. */
export function templatesAnswer(onToken?: (text: string) => void): AnswerResult {
  onToken?.(TEMPLATES_TEXT);
  const documents: RecommendedDocument[] = TEMPLATES.map((t) => ({
    id: `template-${t.type}`,
    title: t.title,
    category: 'แบบฟอร์ม',
    fileType: 'docx',
    downloadUrl: templateUrl(t.type),
    score: 1,
  }));
  return { text: TEMPLATES_TEXT, accuracy: 100, references: [], documents, band: 'high', fallback: false, provider: 'templates' };
}
