// How assistant and user texts are shown (chat.md §5). Pure functions: unit-tested beside this file.
import { withoutSections } from '../../../../contracts/attachment-sections';
import { chatText } from '../../../strings/chat';

/** Model end-of-turn tokens that sometimes leak into answers. */
const END_MARKERS = /<\|[a-z_]{2,20}\|>|<\/?s>|<end_of_turn>|<start_of_turn>(?:model)?|\[(?:END|DONE|\/INST)\]/gi;
/** "Accuracy: 85%", "**ความแม่นยำ: 72.5 %**", "ระดับความมั่นใจ: 90%" — captured to read the number. */
const ACCURACY_LINE = /^[\s>*_-]*(?:accuracy|confidence|ความแม่นยำ|ความถูกต้อง|ระดับความมั่นใจ|ความมั่นใจ)\s*[:：]\s*(\d{1,3}(?:\.\d+)?)\s*%[\s*_]*$/gim;
/** Disclaimers the model adds about itself; the UI shows its own confidence line instead. */
const WARNING_LINE = /^[\s>*_-]*(?:⚠️?|warning\s*[:：]|คำเตือน\s*[:：])[^\n]*$|^[^\n]*(?:may be hallucinated|hallucinat)[^\n]*$/gim;

export function parseAccuracy(raw: string): number | null {
  let last: number | null = null;
  for (const m of raw.matchAll(ACCURACY_LINE)) last = Number(m[1]);
  return last !== null && Number.isFinite(last) && last >= 0 && last <= 100 ? last : null;
}

/** Keeps **bold** pairs and turns "* item" into "- item"; every other asterisk is noise. */
function stripStrayAsterisks(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const bullet = /^(\s*)\*\s+/.exec(line);
      let body = bullet ? line.slice(bullet[0].length) : line;
      const parts = body.split(/(\*\*[^*\n]+?\*\*)/);
      body = parts.map((p, i) => (i % 2 === 1 ? p : p.replace(/\*/g, ''))).join('');
      return bullet ? `${bullet[1]}- ${body}` : body;
    })
    .join('\n');
}

export function cleanAnswer(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n').replace(END_MARKERS, '').replace(ACCURACY_LINE, '').replace(WARNING_LINE, '');
  return stripStrayAsterisks(text)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text to show and the accuracy: the field when the server sent one, else the trailing line. */
export function answerView(raw: string, accuracyField?: number | null): { text: string; accuracy: number | null } {
  const field = typeof accuracyField === 'number' && Number.isFinite(accuracyField) ? accuracyField : null;
  return { text: cleanAnswer(raw), accuracy: field ?? parseAccuracy(raw) };
}

export type ConfidenceBand = 'high' | 'medium' | 'low';

export function confidenceBand(accuracy: number): ConfidenceBand {
  if (accuracy >= 80) return 'high';
  if (accuracy < 30) return 'low';
  return 'medium';
}

/** "label, N.NN%" (chat.md §2). */
export function formatConfidence(accuracy: number): string {
  const clamped = Math.min(100, Math.max(0, accuracy));
  return `${chatText.confidence[confidenceBand(clamped)]}, ${clamped.toFixed(2)}%`;
}

/** The server appends extracted file text as "Content from {name}" sections; users never see them. */
export const stripContentSections = withoutSections;

export type FileKind = 'pdf' | 'doc' | 'other';

export function fileKind(name: string): FileKind {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'doc';
  return 'other';
}

export function fileKindLabel(kind: FileKind): string {
  return kind === 'pdf' ? 'PDF' : kind === 'doc' ? 'DOCX/DOC' : 'FILE';
}

const DOWNLOAD_EXT = /\.(pdf|docx|doc|xlsx|xls)$/i;

/** Links to documents (by extension, or our download endpoints) get the download treatment. */
export function isDocumentLink(href: string): boolean {
  const path = href.split(/[?#]/)[0] ?? '';
  return DOWNLOAD_EXT.test(path) || /^\/(?:ai-)?api\/(?:files|drafts)\/[^/]+\/download$/.test(path);
}

export function documentLinkType(href: string): string {
  const ext = DOWNLOAD_EXT.exec(href.split(/[?#]/)[0] ?? '')?.[1];
  return ext ? ext.toUpperCase() : 'FILE';
}
