// Cuts the text of one Thai act, as the Council of State (krisdika.go.th) publishes it and PyThaiNLP/thai-law stores
// it (one act per .txt file), into its sections (มาตรา), so real law can stand beside our law-shaped eval sets as
// distractors at the scale of a real law library (scripts/eval/law-distractors.ts).
//
// The shape of those files, read from the files themselves:
// - the act's name on its first lines: a form word (พระราชบัญญัติ, พระราชกำหนด, …) alone, then the name over one or
//   more lines, then the year (พ.ศ. ๒๕๔๐ / พุทธศักราช ๒๔๖๔), the form word often printed twice;
// - a preamble (the King's name, the date, the reason) before "มาตรา ๑";
// - each section opening a line with "มาตรา ๑", "มาตรา ๒[๑]" (a footnote marker), "มาตรา ๓๐/๑" (inserted later)
//   or "มาตรา ๔ ทวิ", after a blank line or followed by a no-break space; a line that opens with "มาตรา ๑๕" after
//   a line of text is a cross-reference wrapped onto the next line, not a section;
// - chapter headings (หมวด ๑ and its name, ส่วนที่ ๒, บทเฉพาะกาล) between sections;
// - the countersignature (ผู้รับสนองพระบรมราชโองการ), the reasons (หมายเหตุ :-) and the footnotes ([๑]
//   ราชกิจจานุเบกษา …) after the last section; amending acts' own sections follow there too, and are not the act's.

export interface LawSection {
  /** the section's number as printed, Thai digits kept: "๒", "๓๐/๑", "๔ ทวิ" */
  number: string;
  /** "มาตรา N …" up to the next section, footnote markers removed; wrapped lines joined, each item on a line of its own */
  text: string;
}

// Pali ordinals for sections inserted between two others (มาตรา ๔ ทวิ, ตรี, จัตวา, …, ๔๘ เอกาทศ, ทวาทศ, …)
const INSERTED_ORDINALS = 'ทวิ|ตรี|จัตวา|เบญจ|ฉ|สัตต|อัฏฐ|นว|ทศ|เอกาทศ|ทวาทศ|เตรส|จตุทศ|ปัณรส|โสฬส|สัตตรส|อัฏฐารส|เอกูนวีสติ|วีสติ';
const SECTION_HEADING = new RegExp(`^มาตรา[ \\u00a0]*([๐-๙]+(?:/[๐-๙]+)?)(?:[ \\u00a0]*(${INSERTED_ORDINALS})(?![ก-๙]))?(?:\\[[๐-๙]+\\])?([ \\u00a0]*)(.*)$`);
const ORDINAL_OPENING = new RegExp(`^(?:${INSERTED_ORDINALS})(?![ก-๙])`);
// read on a cleaned line (single spaces): "หมวด ๑", "หมวด ๑ บททั่วไป", "บทที่ ๒ ทวิ", "บทเฉพาะกาล"
const CHAPTER_HEADING = new RegExp(
  `^(?:(?:หมวด|ส่วนที่|บทที่)(?: ?[๐-๙]+)(?: (?:${INSERTED_ORDINALS}))?(?: .*)?|(?:ลักษณะ|บรรพ|ภาค) ?[๐-๙]+|บทเฉพาะกาล|บทกำหนดโทษ)$`,
);
// the countersignature, the reasons, the first footnote, and the closing date of old acts ("ประกาศมา ณ วันที่ …")
const END_OF_SECTIONS = [
  /^ผู้รับสนองพระบรมราชโองการ/,
  /^หมายเหตุ[ \u00a0]*:/,
  /^\[[๐-๙]+\][ \u00a0]*ราชกิจจานุเบกษา/,
  /^ประกาศ(?:มา)?[ \u00a0]*ณ[ \u00a0]*วันที่/,
  /^ประกาศมา[ \u00a0]*$/,
];
const ITEM_OPENING = /^\((?:[๐-๙]+|[ก-ฮ])\)/;
const FOOTNOTE_MARKER = /\[[๐-๙]+\]/g;
const FORM_WORDS = /^(?:พระราชบัญญัติ|พระราชกำหนด|พระราชกฤษฎีกา|ประมวลกฎหมาย|ประกาศ)/;
const ROYAL_OR_DATE_LINE = /ป\.ร\.|^(?:ภูมิพลอดุลยเดช|สมเด็จพระเจ้าอยู่หัว|พระบาทสมเด็จ|ประชาธิปก)|^(?:ให้|ตรา)ไว้ ณ/;
const YEAR_LINE = /(?:พ\.ศ\.|พุทธศักราช|ร\.ศ\.)[ \u00a0]*[๐-๙]{3,4}[ \u00a0]*$/;
// The site's text was saved through a Windows code page: its curly quotes and dashes arrive as C1 control characters.
const C1_PUNCTUATION: Record<string, string> = { '\u0091': '‘', '\u0092': '’', '\u0093': '“', '\u0094': '”', '\u0096': '–', '\u0097': '—' };

function cleanLine(line: string): string {
  return line
    .replace(/[\u0091-\u0097]/g, (c) => C1_PUNCTUATION[c] ?? '')
    .replace(FOOTNOTE_MARKER, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}

const isBlank = (line: string | undefined): boolean => (line ?? '').replace(/[\s\u00a0]/g, '') === '';

/** The act's name from its first lines: the form word, the name and the year ("พระราชบัญญัติข้อมูลข่าวสารของราชการ พ.ศ. ๒๕๔๐"). */
export function actTitle(actText: string): string {
  const lines: string[] = [];
  for (const line of actText.split(/\r?\n/).map(cleanLine)) {
    if (line === '') continue;
    // "พ.ศ." and its year are sometimes printed on two lines
    if (/^[๐-๙]{4}$/.test(line) && /^(?:พ\.ศ\.|พุทธศักราช)$/.test(lines.at(-1) ?? '')) lines[lines.length - 1] += ` ${line}`;
    else lines.push(line);
    if (lines.length > 8) break;
  }
  // the form word is often printed twice (a running head, then the title block)
  if (lines.length > 1 && lines[0] === lines[1]) lines.shift();
  // the name ends where the King's name or the date of enactment begins; within it, at its last year
  const royalAt = lines.findIndex((l, i) => i > 0 && ROYAL_OR_DATE_LINE.test(l));
  const head = lines.slice(0, royalAt > 0 ? royalAt : 6);
  const lastYear = head.findLastIndex((l) => YEAR_LINE.test(l));
  const nameLines = lastYear >= 0 ? head.slice(0, lastYear + 1) : head.slice(0, 2);
  let title = '';
  for (const [i, line] of nameLines.entries()) {
    // "พระราชบัญญัติ" + "ข้อมูลข่าวสารของราชการ" is one word run in Thai; a year or a continued name is spaced
    const glued = i === 1 && FORM_WORDS.test(nameLines[0]!) && nameLines[0]!.length <= 'พระราชบัญญัติประกอบรัฐธรรมนูญ'.length;
    title += i === 0 ? line : glued && !YEAR_LINE.test(line) ? line : ` ${line}`;
  }
  return title;
}

function sectionHeading(line: string, previous: string | undefined): { number: string; rest: string } | null {
  const m = SECTION_HEADING.exec(line);
  if (!m) return null;
  const [, digits, ordinal, gap, rest] = m;
  // a heading stands after a blank line, or alone on its line, or is set off by the site's no-break space;
  // otherwise "มาตรา ๑๕" opening a line is a cross-reference wrapped from the line before
  const headingShaped = isBlank(previous) || isBlank(rest) || gap!.includes('\u00a0');
  if (!headingShaped) return null;
  return { number: ordinal ? `${digits} ${ordinal}` : digits!, rest: rest ?? '' };
}

/** The section's whole number before any "/N" or ordinal, as a number: "๓๐/๑" → 30. */
function baseNumber(sectionNumber: string): number {
  const digits = /^[๐-๙]+/.exec(sectionNumber)?.[0] ?? '';
  return Number([...digits].map((d) => d.charCodeAt(0) - 0x0e50).join('') || 0);
}

/**
 * Some acts break a heading over two lines: "มาตรา" / "๑ \u00a0พระราชบัญญัตินี้…", or "มาตรา ๔๑" / "ทวิ[๑๒]": one line
 * again, so the heading is read whole.
 */
function joinBrokenHeadings(lines: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const stub = lines[i]!.replace(/[ \t\u00a0]+/g, ' ').trim();
    const next = (lines[i + 1] ?? '').replace(/^[ \u00a0]+/, '');
    const numberFollows = stub === 'มาตรา' && /^[๐-๙]/.test(next);
    const ordinalFollows = /^มาตรา ?[๐-๙]+(?:\/[๐-๙]+)?$/.test(stub) && ORDINAL_OPENING.test(next);
    if (numberFollows || ordinalFollows) {
      joined.push(`${stub} ${next}`);
      i++;
    } else joined.push(lines[i]!);
  }
  return joined;
}

/** The act's sections in printed order, without the preamble, the chapter headings, the signature or the footnotes. */
export function cutSections(actText: string): LawSection[] {
  const lines = joinBrokenHeadings(actText.split(/\r?\n/));
  const sections: LawSection[] = [];
  // awaitingWords: the heading (or an item's number) stood alone, so its first words are on the next line
  let current: { number: string; lines: string[]; awaitingWords: boolean } | null = null;
  let inChapterHeading = false;
  let highestSection = 0;
  const close = () => {
    if (current) sections.push({ number: current.number, text: current.lines.join('\n') });
  };
  for (const [i, raw] of lines.entries()) {
    const trimmed = raw.replace(/^[ \t\u00a0]+/, '');
    if (current && END_OF_SECTIONS.some((end) => end.test(trimmed))) break;
    const heading = sectionHeading(trimmed, lines[i - 1]);
    if (heading) {
      // numbering that starts again is another act (an amending act printed after this one without a signature)
      const base = baseNumber(heading.number);
      if (base <= 2 && highestSection >= 3) break;
      highestSection = Math.max(highestSection, base);
      close();
      const rest = cleanLine(heading.rest);
      current = { number: heading.number, lines: [`มาตรา ${heading.number}${rest ? ` ${rest}` : ''}`], awaitingWords: rest === '' };
      inChapterHeading = false;
      continue;
    }
    if (!current) continue; // the preamble
    if (isBlank(lines[i - 1]) && CHAPTER_HEADING.test(cleanLine(trimmed))) inChapterHeading = true;
    if (inChapterHeading) continue; // a chapter's number and name run up to the next section
    const line = cleanLine(trimmed);
    if (line === '') continue;
    // The site's lines are wrapped by width, at a space: a wrapped line continues the one before. Only an item
    // ("(๑) …", "(ก) …") starts a line of its own, as in our corpora; a wrapped "มาตรา ๑๓" or "ข้อ ๒" left at a
    // line's start would read as another section to the chunker (index/chunker.ts).
    if (current.awaitingWords || !ITEM_OPENING.test(line)) current.lines[current.lines.length - 1] += ` ${line}`;
    else current.lines.push(line);
    // an item's number is often alone on its line ("(๑)" / "โครงสร้าง…"): its words join it
    current.awaitingWords = /^\([๐-๙]+\)$/.test(line);
  }
  close();
  return sections;
}
