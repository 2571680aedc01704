// Attachment text travels inside the stored query as sections headed "Content from {file name}"
// (chat.md §5), so the spec's clients see it and can strip it for display.
import { QUERY_MAX } from './model';

export interface AttachmentText {
  name: string;
  text: string;
}

// The same layout as the assistant's withAttachmentSections: "\n\nContent from {name}\n{text}".
const HEADING = /(?:^|\n\n)Content from ([^\n]+)\n/g;
const TRUNCATED = '\n[…ตัดเนื้อหาส่วนที่เกินออก]';

function heading(name: string): string {
  // One line: a newline in a file name would break the split back into sections.
  return `Content from ${name.replace(/[\r\n]+/g, ' ').slice(0, 200)}\n`;
}

/** Appends each file's text, cutting the tail of what does not fit so the whole stays within QUERY_MAX. */
export function composeQuery(userText: string, files: AttachmentText[], max = QUERY_MAX): string {
  let out = userText;
  for (const f of files) {
    const head = (out ? '\n\n' : '') + heading(f.name);
    const room = max - out.length - head.length;
    if (room <= TRUNCATED.length) break;
    const body = f.text.trim();
    out += head + (body.length > room ? body.slice(0, room - TRUNCATED.length) + TRUNCATED : body);
  }
  return out;
}

/** The user's own words and the attachment sections of a stored query. */
export function splitQuery(stored: string): { text: string; attachments: AttachmentText[] } {
  const marks = [...stored.matchAll(HEADING)];
  if (!marks.length) return { text: stored, attachments: [] };
  const attachments = marks.map((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < marks.length ? marks[i + 1].index! : stored.length;
    return { name: m[1], text: stored.slice(start, end) };
  });
  return { text: stored.slice(0, marks[0].index).trim(), attachments };
}
