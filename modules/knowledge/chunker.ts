// Splits a document into retrieval chunks that follow Thai regulation structure:
// ภาค/หมวด/ส่วน headings build the heading path, each ข้อ/มาตรา starts a clause, numbered items
// ((๑), ๑., 1.2, 1)) are the split points inside an oversized clause. Every clause is its own chunk,
// however short (a clause is what an answer cites: merging "ข้อ ๒–๓" made ข้อ ๓ uncitable), huge
// pieces are split by size with overlap. An announcement without clauses is cut at its numbered topics
// ("๑. คุณสมบัติของผู้สมัคร"), each headed by its topic. Unstructured prose is packed by size.
import { documentNameFrom } from './document-name.ts';
import { packPieces, splitBySize } from './text-split.ts';

export interface SourcePage {
  page: number;
  text: string;
}
export interface Chunk {
  ordinal: number;
  text: string;
  headingPath: string[];
  page: number;
  /** The regulation's own name from its text (document-name.ts), when it is not the title already. */
  documentName?: string;
}
export interface ChunkOptions {
  targetChars?: number;
  maxChars?: number;
  overlapChars?: number;
}

const DIGITS = '[0-9๐-๙]+';
const TERM_HEADING = new RegExp(`^(?:ภาคการศึกษาที่|ภาคเรียนที่|ภาคการศึกษา|ภาคเรียน|ภาคฤดูร้อน)\\s*(?:ที่\\s*)?(?:${DIGITS})?\\s*(?:/\\s*${DIGITS})?$`);
// Level of each section keyword: a new heading replaces its level and clears deeper ones.
const SECTION_LEVELS: Array<[RegExp, number]> = [
  [new RegExp(`^ภาค(?:ที่)?\\s*${DIGITS}`), 0],
  [new RegExp(`^(?:หมวด(?:ที่)?|บทที่)\\s*${DIGITS}`), 1],
  [new RegExp(`^ส่วน(?:ที่)?\\s*${DIGITS}`), 2],
  // An academic term standing alone on a line heads the rows below it (calendars, fee tables): the
  // same row ("วันสอบไล่") exists for every term, so which term a row belongs to must travel with it.
  [TERM_HEADING, 1],
];
const CLAUSE = new RegExp(`^(?:ข้อ|มาตรา)\\s*${DIGITS}(?:/${DIGITS})?(?:\\s*(?:ทวิ|ตรี|จัตวา))?(?=\\s|$|[^0-9๐-๙/])`);
const ITEM = new RegExp(`^(?:\\(${DIGITS}\\)|${DIGITS}(?:\\.${DIGITS})*\\.?(?=\\s)|${DIGITS}\\)(?=\\s))`);
const MAX_HEADING_CHARS = 80;

interface Line {
  text: string;
  page: number;
}
interface Unit {
  sections: string[];
  clause: string | null;
  lines: Line[];
}
interface Draft {
  sections: string[];
  labels: string[];
  text: string;
  page: number;
}

function sectionLevel(line: string): number | null {
  for (const [re, level] of SECTION_LEVELS) if (re.test(line)) return level;
  return null;
}

function shortLabel(line: string): string {
  return line.length <= MAX_HEADING_CHARS ? line : line.slice(0, MAX_HEADING_CHARS).trimEnd() + '…';
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

// An announcement's numbered topics ("๑. คุณสมบัติของผู้สมัคร", then its text): a short numbered line with
// text, not another numbered line, below it. Only in a document without clauses, where "๑." is the top level.
const NUMBERED_TOPIC = new RegExp(`^${DIGITS}\\.\\s*[^\\d\\s(]`);
const TOPIC_MAX_CHARS = 60;

function isNumberedTopic(lines: Line[], i: number): boolean {
  const line = lines[i].text;
  const next = lines[i + 1]?.text;
  return NUMBERED_TOPIC.test(line) && line.length <= TOPIC_MAX_CHARS && next !== undefined && !NUMBERED_TOPIC.test(next);
}

/** Walk the lines once: headings update the path, clause and item starts open a new unit. */
function parseUnits(lines: Line[]): { units: Unit[]; structured: boolean } {
  const units: Unit[] = [];
  const sections: string[] = [];
  let clause: string | null = null;
  let current: Unit | null = null;
  let structured = false;
  const topics = !lines.some((l) => CLAUSE.test(l.text));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (topics && isNumberedTopic(lines, i)) {
      structured = true;
      sections.length = 1;
      sections[0] = shortLabel(line.text);
      clause = null;
      current = null;
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
      sections[level] = shortLabel(heading);
      clause = null;
      current = null;
      continue;
    }
    const clauseMatch = CLAUSE.exec(line.text);
    if (clauseMatch) {
      structured = true;
      clause = clauseMatch[0].replace(/\s+/g, ' ');
    }
    if (clauseMatch || ITEM.test(line.text) || current === null) {
      current = { sections: sections.filter(Boolean), clause, lines: [] };
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
  if (whole.length <= max) return [{ sections, labels, text: whole, page: units[0].lines[0].page }];
  const drafts: Draft[] = [];
  for (const group of packPieces(units, (u) => unitText(u).length, target)) {
    const text = group.map(unitText).join('\n');
    const page = group[0].lines[0].page;
    for (const piece of splitBySize(text, target, max, overlap)) drafts.push({ sections, labels, text: piece, page });
  }
  return drafts;
}

/** Unstructured prose: pack lines up to the target size, splitting overlong lines with overlap. */
function proseDrafts(lines: Line[], target: number, max: number, overlap: number): Draft[] {
  const pieces: Line[] = lines.flatMap((l) => splitBySize(l.text, target, max, overlap).map((text) => ({ text, page: l.page })));
  return packPieces(pieces, (p) => p.text.length, target).map((group) => ({
    sections: [],
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
      while (
        j < units.length &&
        units[j].clause === units[i].clause &&
        units[j].sections.join() === units[i].sections.join() &&
        !CLAUSE.test(units[j].lines[0].text)
      )
        j++;
      const group = units.slice(i, j);
      drafts.push(
        ...(units[i].clause
          ? clauseDrafts(group, target, max, overlap)
          : proseDrafts(
              group.flatMap((u) => u.lines),
              target,
              max,
              overlap,
            ).map((d) => ({ ...d, sections: group[0].sections }))),
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
    ...(documentName ? { documentName } : {}),
  }));
}
