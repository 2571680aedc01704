// Splits a document into retrieval chunks that follow Thai regulation structure:
// ภาค/หมวด/ส่วน headings build the heading path, each ข้อ/มาตรา starts a clause, numbered items
// ((๑), ๑., 1.2, 1)) are the split points inside an oversized clause. Every clause is its own chunk,
// however short (a clause is what an answer cites: merging "ข้อ ๒–๓" made ข้อ ๓ uncitable), huge
// pieces are split by size with overlap, each later piece keeping the clause's opening words as its heading.
// Outside a ข้อ clause, numbered lines ("๑.", "๘. จำนวนหน่วยกิตรวม…") are clauses cited as ข้อ N; a short
// topic line ("๑. คุณสมบัติของผู้สมัคร") heads its clause's text. Unstructured prose is packed by size.
import { clauseHead, subHeadings } from './clause-heads.ts';
import { documentNameFrom } from './document-name.ts';
import { CLAUSE, DIGITS, ITEM, type Line, MAX_HEADING_CHARS, sectionLevel, shortLabel, TERM_HEADING } from './line-shapes.ts';
import { leadOf, NUMBERED, numberedClause, numberOf, SUB_ITEM } from './numbered-lines.ts';
import { laterPagesOf, type LaterPages } from './passage-pages.ts';
import { packPieces, runsBy, splitBySize } from './text-split.ts';

export interface SourcePage {
  page: number;
  text: string;
}
export interface Chunk {
  ordinal: number;
  text: string;
  headingPath: string[];
  page: number;
  /** A whole clause running onto later pages: where each starts in its text (passage-pages.ts). */
  laterPages?: LaterPages;
  /** The regulation's own name from its text (document-name.ts), when it is not the title already. */
  documentName?: string;
}
export interface ChunkOptions {
  targetChars?: number;
  maxChars?: number;
  overlapChars?: number;
}

// What is attached after a regulation's or an announcement's last clause starts on a page of its own, titled
// "แนบท้ายประกาศ…" / "บัญชีแนบท้าย…", "ภาคผนวก ก …" (a curriculum's appendices) or "กำหนดการ…" (the schedule an
// announcement attaches). Read as more of the last clause, a fee table or a schedule was cited as that clause ("ข้อ ๑๓"
// for a table ten pages on) and carried its heading's words. Such a title opens a heading of its own (the top level, so
// the clauses before it are closed) only where it starts a page, after at most a page number or the running header
// ("- ๕ -", "มคอ.2"): in a clause's text the same words are a reference ("ตามบัญชีแนบท้ายประกาศนี้") or a list's
// label ("เอกสารแนบ ๑. …", a table's caption "ตารางที่ ๒"), which stay text.
const PAGE_MARK = new RegExp(`^(?:-\\s*)?${DIGITS}(?:\\s*-)?\\s+|^มคอ\\.?\\s*${DIGITS}\\s+`);
const ANNEX_TITLE = /^(?:ภาคผนวก(?=\s|$|[ก-ฮ])|(?:บัญชี|เอกสาร|รายละเอียด|ตาราง)?แนบท้าย(?!\S*นี้)|กำหนดการ)/;
const PAGE_MARK_LINE_CHARS = 12;

// A page opening with a document's own title ("ประกาศมหาวิทยาลัย…" over "เรื่อง …", "ข้อบังคับ… ว่าด้วย…") starts the
// next document of the file: an amending announcement or a second ประกาศ scanned behind the first (real_dev sut's
// EDoc_best: the 2548 amendment on page 3 was read as more of the 2547 announcement's last clause, ข้อ ๗). Its text
// is not the clause before it; its own clauses head themselves.
const DOCUMENT_TITLE = /^(?:ประกาศ|ระเบียบ|ข้อบังคับ|คำสั่ง)(?!นี้)\S/;
const TITLE_SUBJECT = /^(?:เรื่อง|ว่าด้วย)\s/;

/** Whether lines[i] is a document's title line starting its page: its kind, and its subject on it or on the next line. */
function documentTitle(lines: Line[], i: number): boolean {
  if (!startsPage(lines, i, DOCUMENT_TITLE)) return false;
  const next = lines[i + 1];
  return / (?:เรื่อง|ว่าด้วย)\s/.test(lines[i].text) || (next !== undefined && next.page === lines[i].page && TITLE_SUBJECT.test(next.text));
}

/** Whether lines[i] starts its page, after at most a page mark, with text `title` matches. */
function startsPage(lines: Line[], i: number, title: RegExp): boolean {
  const line = lines[i];
  const first = i === 0 || lines[i - 1].page !== line.page;
  // a line of its own before it holding only a page number or the running header
  const second =
    i >= 1 &&
    !first &&
    (i === 1 || lines[i - 2].page !== line.page) &&
    lines[i - 1].text.length <= PAGE_MARK_LINE_CHARS &&
    PAGE_MARK.test(`${lines[i - 1].text} `);
  if (!first && !second) return false;
  return title.test(line.text.replace(PAGE_MARK, ''));
}

interface Unit {
  sections: string[];
  clause: string | null;
  lines: Line[];
  /** the unit starts its clause (a ข้อ line, or a numbered one) */
  opens: boolean;
  /** its first line is the clause's own opening ("ข้อ ๑๗ การวัดผล…"), not text below a topic heading */
  headed: boolean;
}
interface Draft {
  sections: string[];
  labels: string[];
  text: string;
  page: number;
  laterPages?: LaterPages;
}

function toLines(pages: SourcePage[]): Line[] {
  const lines: Line[] = [];
  for (const p of pages)
    for (const raw of p.text.replace(/\r\n?/g, '\n').split('\n')) {
      const text = raw.replace(/[ \u00a0]+/g, ' ').trim();
      if (text) lines.push({ text, page: p.page });
    }
  return lines;
}

/** Walk the lines once: headings update the path, clause and item starts open a new unit. */
function parseUnits(lines: Line[]): { units: Unit[]; structured: boolean } {
  const units: Unit[] = [];
  const sections: string[] = [];
  let clause: string | null = null;
  // the number of the open clause when it came from a numbered line ("๘."), not from ข้อ
  let numbered: number | null = null;
  // a dotted sub-item ("6.5") came before any numbered clause: "1." lines below it are its list
  let nested = false;
  // the open numbered clause's topic heading, and a topic read whose clause text has not started yet
  let topic: string | null = null;
  let pending = false;
  // the line the open numbered run follows, heading its clauses
  let lead: string | null = null;
  let structured = false;
  let current: Unit | null = null;
  // inside an attachment: its numbered rows ("๑. งานสอน", "๕.๕ งานจิตอาสา") are rows of its table, not clauses
  let attached = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // An attachment's title, or the next document's, closes every clause and heading before it (the first page's
    // title line is the file's own). An attachment's title heads what follows and stays its text too: a schedule's
    // title line is often its longest words. The next document's text heads itself, as the file's first one does.
    const later = line.page > lines[0].page;
    const annex = later && startsPage(lines, i, ANNEX_TITLE);
    if (annex || (later && documentTitle(lines, i))) {
      structured = true;
      attached = annex;
      sections.length = 0;
      if (annex) sections[0] = shortLabel(line.text);
      clause = numbered = topic = lead = null;
      nested = pending = false;
      current = { sections: sections.filter(Boolean), clause: null, lines: [line], opens: false, headed: false };
      units.push(current);
      continue;
    }
    const level = sectionLevel(line.text);
    if (level !== null) {
      structured = true;
      let heading = line.text;
      const next = lines[i + 1];
      // "หมวด ๒" alone on a line is usually followed by its name on the next line.
      if (
        !TERM_HEADING.test(heading) &&
        heading.split(' ').length <= 2 &&
        next &&
        next.text.length <= MAX_HEADING_CHARS &&
        sectionLevel(next.text) === null &&
        !CLAUSE.test(next.text) &&
        !ITEM.test(next.text)
      ) {
        heading += ' ' + next.text;
        i++;
      }
      sections.length = level;
      if (level === 0) attached = false;
      sections[level] = shortLabel(heading);
      clause = numbered = topic = lead = null;
      nested = pending = false;
      current = null;
      continue;
    }
    const clauseMatch = CLAUSE.exec(line.text);
    let opens = pending;
    pending = false;
    if (clauseMatch) {
      clause = clauseMatch[0].replace(/^ข้อที่\s*/, 'ข้อ ').replace(/\s+/g, ' ');
      numbered = topic = lead = null;
      opens = true;
    } else if (!attached && (clause === null || numbered !== null)) {
      const n = numberedClause(lines, i, numbered, nested, topic !== null);
      const sub = n === null && numbered !== null ? SUB_ITEM.exec(line.text) : null;
      const digits = n?.digits ?? (sub && numberOf(sub[1]) === numbered! + 1 ? sub[1] : null);
      if (digits !== null) {
        structured = true;
        if (n && numberOf(digits) === 1) lead = leadOf(lines, i);
        clause = `ข้อ ${digits}`;
        numbered = numberOf(digits);
        topic = n?.topic ? shortLabel(line.text) : null;
        if (topic) {
          // the topic heads its clause's text, as a หมวด heads its clauses
          pending = true;
          current = null;
          continue;
        }
        opens = true;
      } else if (numbered === null && SUB_ITEM.test(line.text)) nested = true;
    }
    if (opens) structured = true;
    if (opens || ITEM.test(line.text) || current === null) {
      current = {
        sections: [...sections.filter(Boolean), ...(lead ? [lead] : []), ...(topic ? [topic] : [])],
        clause,
        lines: [],
        opens,
        headed: opens && !topic,
      };
      units.push(current);
    }
    current.lines.push(line);
  }
  return { units, structured };
}

const unitText = (u: Unit) => u.lines.map((l) => l.text).join('\n');

/** One clause (all its units) becomes one draft, or several when it exceeds maxChars. */
function clauseDrafts(units: Unit[], target: number, max: number, overlap: number): Draft[] {
  const { sections, clause } = units[0];
  const labels = clause ? [clause] : [];
  const whole = units.map(unitText).join('\n');
  const lines = units.flatMap((u) => u.lines);
  if (whole.length <= max) return [{ sections, labels, text: whole, page: lines[0].page, laterPages: laterPagesOf(lines) }];
  const head = units[0].headed ? clauseHead(units[0].lines, lines) : null;
  const subs = new Map(subHeadings(lines).map((heads, i) => [lines[i], heads]));
  const subsAt = (l: Line) => subs.get(l) ?? [];
  const drafts: Draft[] = [];
  // A clause split anyway is split at its page breaks too: each piece is cited at the page its text is on.
  const pieces = units.flatMap((u) => runsBy(u.lines, (l) => l.page).map((lines) => ({ ...u, lines })));
  const apart = (a: Unit, b: Unit) => a.lines[0].page !== b.lines[0].page;
  for (const group of packPieces(pieces, (u) => unitText(u).length, target, apart)) {
    const text = group.map(unitText).join('\n');
    const page = group[0].lines[0].page;
    // the clause's head and the dotted item open above the piece may be one line ("๙.๑ หลักสูตรการสอบ…" under "ข้อ ๙"
    // alone): a heading is named once, or the citation reads it twice
    const over = [...new Set([...(drafts.length && head ? [head] : []), ...subsAt(group[0].lines[0])])].filter((h) => !sections.includes(h));
    for (const piece of splitBySize(text, target, max, overlap)) drafts.push({ sections: [...sections, ...over], labels, text: piece, page });
  }
  return drafts;
}

/** Unstructured prose: pack lines up to the target size, splitting overlong lines with overlap. */
function proseDrafts(lines: Line[], target: number, max: number, overlap: number): Draft[] {
  const pieces: Line[] = lines.flatMap((l) => splitBySize(l.text, target, max, overlap).map((text) => ({ text, page: l.page })));
  // never across a page break: a row at the top of page 2 packed behind page 1's rows was cited as page 1
  const apart = (a: Line, b: Line) => a.page !== b.page;
  const subs = new Map(subHeadings(pieces).map((heads, i) => [pieces[i]!, heads]));
  return packPieces(pieces, (p) => p.text.length, target, apart).map((group) => ({
    // the dotted items above the piece's first line that head it ("1.5.20 <a course>" over its "1.5.20.1 …")
    sections: (subs.get(group[0]!) ?? []).filter((h) => !group.some((p) => p.text === h)),
    labels: [],
    text: group.map((p) => p.text).join('\n'),
    page: group[0].page,
  }));
}

export function chunkDocument(doc: { title: string; pages: SourcePage[] }, opts: ChunkOptions = {}): Chunk[] {
  const target = opts.targetChars ?? 800;
  const max = Math.max(opts.maxChars ?? Math.round(target * 1.5), target);
  const overlap = Math.min(opts.overlapChars ?? Math.round(target / 8), Math.floor(target / 2));
  const lines = toLines(doc.pages);
  if (lines.length === 0) return [];
  const { units, structured } = parseUnits(lines);
  let drafts: Draft[];
  if (!structured) drafts = proseDrafts(lines, target, max, overlap);
  else {
    drafts = [];
    let i = 0;
    while (i < units.length) {
      let j = i + 1;
      // Text before the first clause (preamble) is grouped like a clause without a label.
      while (j < units.length && units[j].clause === units[i].clause && units[j].sections.join() === units[i].sections.join() && !units[j].opens) j++;
      const group = units.slice(i, j);
      drafts.push(
        ...(units[i].clause
          ? clauseDrafts(group, target, max, overlap)
          : proseDrafts(
              group.flatMap((u) => u.lines),
              target,
              max,
              overlap,
            ).map((d) => ({ ...d, sections: [...group[0].sections, ...d.sections] }))),
      );
      i = j;
    }
  }
  const title = doc.title.trim();
  const name = documentNameFrom(doc.pages);
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  // A one-chunk document (an announcement) keeps its name as plain text: it is all the content there is,
  // and taking it out of the text (as from the clause that states it) would leave the chunk without it.
  const documentName = name && drafts.length > 1 && squeeze(name) !== squeeze(title) ? name : undefined;
  return drafts.map((d, ordinal) => ({
    ordinal,
    text: d.text,
    headingPath: [...(title ? [title] : []), ...d.sections, ...d.labels],
    page: d.page,
    ...(d.laterPages?.length ? { laterPages: d.laterPages } : {}),
    ...(documentName ? { documentName } : {}),
  }));
}
