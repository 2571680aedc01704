// A document's title as a field of its pages (page-table.ts). An uploaded document's title is its file name
// (the console shows it; the admin may rename it), and a file name often says what the document is: "ระเบียบ
// ว่าด้วยการลา 2566.pdf", "ประกาศ-ค่าธรรมเนียม-67.pdf", "transfer it.pdf". Often it says nothing: a scanner's
// "scan0001.pdf", a camera's "IMG_2041.jpg", a web system's "tmp_con_1569811937.pdf", "doc (3).pdf". Such a name
// matches only the numbers and the tool words a question happens to share with it, so it is left out.
//
// The rule is about file names, not about any library: a name is descriptive when, without its extension, it
// holds a Thai word (two Thai letters or more in a row) or a Latin word of four letters or more that is not one
// of the words scanners, cameras and export tools write. Its separators (_ - . and brackets) read as spaces.

/** Words tools put in file names; they say nothing of the document. */
const TOOL_WORDS = new Set([
  'scan',
  'scanned',
  'scanner',
  'image',
  'photo',
  'picture',
  'document',
  'untitled',
  'file',
  'page',
  'copy',
  'print',
  'export',
  'temp',
  'noname',
  'download',
]);
// An extension: a dot and 1–5 letters or digits at the end ("pdf", "docx", "jpeg").
const EXTENSION = /\.[a-z0-9]{1,5}$/i;
const SEPARATORS = /[\s_\-.()[\]{}+,;]+/g;

/** The file name without its extension, separators as spaces. */
export function fileNameWords(name: string): string {
  return name.trim().replace(EXTENSION, '').replace(SEPARATORS, ' ').trim();
}

/** Whether the (file) name says what the document is. */
export function descriptiveName(name: string): boolean {
  const words = fileNameWords(name);
  if (/[\u0e01-\u0e2e\u0e30-\u0e4e]{2,}/.test(words)) return true;
  return (words.match(/[a-z]+/gi) ?? []).some((w) => w.length >= 4 && !TOOL_WORDS.has(w.toLowerCase()));
}

/** The title as its pages' title field: its words when it is descriptive, else nothing. */
export function titleField(title: string): string {
  return descriptiveName(title) ? fileNameWords(title) : '';
}
