// Attachment text travels inside the stored query as sections headed "Content from {file name}"
// (chat.md §5), so the spec's clients see it and can strip it for display. The format is contracts/'s.
import { parseSections, sectionHeading } from '../../contracts/attachment-sections';
import { QUERY_MAX } from './model';

export interface AttachmentText {
  name: string;
  text: string;
}

const TRUNCATED = '\n[…ตัดเนื้อหาส่วนที่เกินออก]';

/** Appends each file's text, cutting the tail of what does not fit so the whole stays within QUERY_MAX. */
export function composeQuery(userText: string, files: AttachmentText[], max = QUERY_MAX): string {
  let out = userText;
  for (const f of files) {
    const head = (out ? '\n\n' : '') + sectionHeading(f.name);
    const room = max - out.length - head.length;
    if (room <= TRUNCATED.length) break;
    const body = f.text.trim();
    out += head + (body.length > room ? body.slice(0, room - TRUNCATED.length) + TRUNCATED : body);
  }
  return out;
}

/** The user's own words and the attachment sections of a stored query. */
export function splitQuery(stored: string): { text: string; attachments: AttachmentText[] } {
  const { text, sections } = parseSections(stored);
  return { text, attachments: sections };
}
