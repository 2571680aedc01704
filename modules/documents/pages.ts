// The reviewed text arrives as one string; pages are recovered from form feeds (what extraction
// emits between pages) or from marker lines such as "--- หน้า 3 ---" on their own line.
export interface PageText {
  page: number;
  content: string;
}

const MARKER = /^[ \t]*(?:[-=\[]{2,}|\[)?[ \t]*(?:หน้า(?:ที่)?|page)[ \t]*[0-9๐-๙]+(?:[ \t]*\/[ \t]*[0-9๐-๙]+)?[ \t]*(?:[-=\]]{2,}|\])?[ \t]*$/gimu;

export function splitPages(contents: string): PageText[] {
  const text = contents.replace(/\r\n?/g, '\n');
  let pieces: string[];
  if (text.includes('\f')) pieces = text.split('\f');
  else if (text.match(MARKER)) pieces = text.split(MARKER);
  else pieces = [text];
  return pieces
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '')
    .map((content, i) => ({ page: i + 1, content }));
}

/** The editor shows pages joined by blank lines (console.md §2); saving splits on form feeds. */
export function joinPages(pages: PageText[]): string {
  return pages.map((p) => p.content).join('\n\n');
}
