// Attachment text travels inside a question as sections headed "Content from {file name}" (chat.md §5):
// "{question}\n\nContent from {name}\n{text}\n\nContent from {name}\n{text}". One writer and one parser for
// the server (stored queries, prompts, titles) and the chat island (which never shows the sections).

export const SECTION_LABEL = 'Content from ';

/** Names this long are cut: the heading is one line of the stored query. */
const MAX_NAME = 200;

/** The heading line of one section (a newline in a file name would break the split back into sections). */
export function sectionHeading(name: string): string {
  return `${SECTION_LABEL}${name.replace(/[\r\n]+/g, ' ').slice(0, MAX_NAME)}\n`;
}

// A heading as the writer puts it: at the start, or after a blank line.
const HEADING = /(?:^|\n\n)Content from ([^\n]+)\n/g;

export interface Section {
  name: string;
  text: string;
}

/** The user's own words and the sections after them, as sectionHeading wrote them. */
export function parseSections(stored: string): { text: string; sections: Section[] } {
  const marks = [...stored.matchAll(HEADING)];
  if (!marks.length) return { text: stored, sections: [] };
  const sections = marks.map((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < marks.length ? marks[i + 1]!.index! : stored.length;
    return { name: m[1]!, text: stored.slice(start, end) };
  });
  return { text: stored.slice(0, marks[0]!.index).trim(), sections };
}

/**
 * The question without its sections, for display. Lenient: other clients of the spec write the heading
 * on any line, in any case, sometimes behind markdown marks ("## Content from …", "[Content from …").
 */
export function withoutSections(text: string): string {
  const m = /(?:^|\n)[ \t]*(?:[-=#*[]+[ \t]*)?Content from [^\n]*/i.exec(text);
  return (m ? text.slice(0, m.index) : text).trim();
}
