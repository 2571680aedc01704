// The direct answer that leads an extractive reply: when a question asks how many / how much / when /
// who / where / whether, the span of the quoted passage that answers it ("๓๐ วัน", "จันทร์ที่ 23
// มิถุนายน 2568", "อธิการบดี", "ไม่ได้"). Only text found in the passage is returned, never a made-up
// value. Hand-written: Thai question words and the shapes of regulation text (table rows "a | b",
// "ให้ X เป็นผู้…", amount brackets "เกิน … แต่ไม่เกิน …") are few and fixed, and no library covers them.
import { ADDRESSEE_LINE, LEADS_A_LIST } from './clause-pieces';
import { asksPercent, numberWithUnit, TIED, writtenCount } from './count-span';
import { CONSEQUENCE_QUESTION, countWordings, type DirectKind, type Question } from '../knowledge';
import { FULL_MONTH_PATTERN, SHORT_MONTH_PATTERN } from '../../src/thai/months';

export type Asked = DirectKind;

const DAY = '(?:จันทร์|อังคาร|พุธ|พฤหัสบดี|พฤหัส|ศุกร์|เสาร์|อาทิตย์)';
const MONTH = `(?:${FULL_MONTH_PATTERN}|${SHORT_MONTH_PATTERN})`;
const NUM = '[0-9๐-๙]';
const ONE_DATE = `(?:(?:วัน)?${DAY}ที่\\s*)?${NUM}{1,2}(?:\\s*${MONTH})?(?:\\s*(?:พ\\.ศ\\.\\s*)?${NUM}{4})?`;
// "จันทร์ที่ 25 - อาทิตย์ที่ 31 สิงหาคม 2568", "25 – 29 เมษายน 2565", "๑๕ มีนาคม พ.ศ. ๒๕๖๗"
const DATE = new RegExp(`${ONE_DATE}(?:\\s*[-–]\\s*${ONE_DATE})?`, 'g');
const HAS_MONTH = new RegExp(MONTH);
const TIME = new RegExp(`${NUM}{1,2}[.:]${NUM}{2}\\s*น\\.?`);
const RELATIVE_TIME = /(?:ตั้งแต่|ภายใน|ล่วงหน้า|ก่อน|หลัง)[^\s|]*(?:\s+[0-9๐-๙,]+\s*\S+)?(?:\s*(?:นับแต่|ก่อน|หลัง)\S*)?/;
// A deputy or an assistant is named by a prefix to the role ("รองคณบดีฝ่ายบริหาร", "ผู้ช่วยอธิการบดี"): read without it,
// the lead named the dean for the vice dean.
const ROLE = /(?:รอง|ผู้ช่วย)*(?:อธิการบดี|ผู้อำนวยการ|คณบดี|ประธาน|นายกสภา|ผู้ปกครอง|อาจารย์ที่ปรึกษา|คณะกรรมการ|หัวหน้า)[^\s|()]*/;
const PERSON = /\((?:ศาสตราจารย์|รองศาสตราจารย์|ผู้ช่วยศาสตราจารย์|อาจารย์|ดร\.|นาย|นางสาว|นาง)[^)]{2,80}\)/;
const PROHIBITED = /ห้าม|มิให้|ไม่อนุญาต|ไม่สามารถ|ไม่ได้/;
// a question asking whether a thing is forbidden ("ห้าม … ใช่ไหม", "… ห้ามไหม"), not whether it is allowed
const ASKS_IF_FORBIDDEN = /(?<!ไม่)ห้าม/;
const REPEALED = /ยกเลิก/;
const ALLOWED = /อาจ\S*ได้|สามารถ|ได้รับอนุญาต|ให้\S*ได้/;
// What a permitting clause states, for the versions check only: a reply does not lead with "ได้". On the real sets'
// yes/no questions the lead "ได้ — ตามเงื่อนไขต่อไปนี้" gave the document's answer 5 times in the 13 it was shown (a
// clause that grants another party a power, the general rule before the exception asked about, "ที่ได้รับมอบหมาย");
// "ไม่ได้" gave it 6 times in 7 (scripts/eval/data/README.md, 'The yes lead').
const PERMITTED = 'ได้';
const WEB = /(?:https?:\/\/|www\.)[^\s)\]>"'”]*[^\s)\]>"'”.,]/;
// Where to go: the office, building, floor or room after ที่ / ณ ("ยื่นที่สาขาวิชาเทคโนโลยีสารสนเทศ ชั้น 3
// อาคารวิชาการ"). A link answers only a question that asks for a website: lifted bare out of a clause it
// said nothing a student could act on.
const PLACE =
  /(?:ที่|ณ)\s*((?:สำนัก|กอง|งาน|ฝ่าย|อาคาร|ตึก|ห้อง|ชั้น|สาขาวิชา|คณะ(?!กรรมการ)|ศูนย์|สถาน|สถาบัน|หอ|ธนาคาร)[^\s|,()]*(?:\s+(?:ชั้น|อาคาร|ตึก|ห้อง)\s*[^\s|,()]+)*)/;
const ASKS_WEB = /เว็บ|ลิงก์|ลิ้งค์|ลิงค์|link|web|url|ออนไลน์|online/i;
// "นักศึกษาที่ไม่ได้ชำระ…" says whom a rule is about (those who did not pay), not that something may not be done: a
// relative clause's ไม่ได้ is no prohibition.
const WHO_DID_NOT = /(?:ที่|ซึ่ง|ผู้)\s*ไม่ได้\S*/g;
// A prohibition inside a condition ("หากนักศึกษาไม่สามารถชำระ… ให้ขอผ่อนผัน") is what happens, not what is
// forbidden: the condition runs to the rule that follows it.
const CONDITION = /(?:หาก|ถ้า|ในกรณี|กรณี)\S*(?:\s+(?!(?:ให้|จะ|ต้อง|ห้าม|มิให้))\S+)*/g;

const cells = (row: string) => row.split(' | ').map((c) => c.trim());
const isRow = (piece: string) => piece.includes(' | ');

/** A table row read with its header: "สโมสรนักศึกษาคณะ — งบประมาณสูงสุดต่อโครงการ (บาท) 50,000 · …". */
function readRow(row: string, header: string | undefined, question: Question): string {
  const values = cells(row);
  if (!header) return values.join(' ');
  const names = cells(header);
  const noun = question.counted;
  const parts: string[] = [];
  values.slice(1).forEach((v, i) => {
    const name = names[i + 1] ?? '';
    // A cell under no column name of the header is no column of its own: it goes on from the cell before it, as a row
    // with no header reads ("๗ | หน่วยกิต | จำนวน | ๖๔๐ | ชั่วโมง" under a two-column header is "๗ หน่วยกิต จำนวน ๖๔๐
    // ชั่วโมง", a number and its unit in two cells that OCR's column gaps split). " · " parts named columns.
    if (!name && parts.length) {
      parts[parts.length - 1] += ` ${v}`;
      return;
    }
    const unit = /\(([^)]+)\)/.exec(name)?.[1] ?? /^จำนวน(\S+?)(?:สูงสุด|ต่ำสุด|ที่|ต่อ|$)/.exec(name)?.[1] ?? (noun && name.includes(noun) ? noun : '');
    const label = name.replace(/\s*\([^)]*\)\s*/, ' ').trim();
    parts.push(`${label ? `${label} ` : ''}${v}${unit && !v.includes(unit) ? ` ${unit}` : ''}`);
  });
  return `${values[0]} — ${parts.join(' · ')}`;
}

function firstDate(text: string): string | null {
  let best: string | null = null;
  for (const m of text.matchAll(DATE)) {
    const span = m[0].trim();
    if (HAS_MONTH.test(span) && (!best || span.length > best.length)) best = span;
  }
  return best;
}

/**
 * Whether a table row holds the kind of answer asked, in its cells or as its column's name ("ผู้มีอำนาจสั่ง
 * ลงโทษ" over "รองอธิการบดี…"): a row that matched the question's topic but holds no person does not
 * answer "ต้องยื่นใคร" (the sentence that names whom to ask does).
 */
function rowHolds(asked: Asked, row: string, header: string | undefined): boolean {
  if (asked === 'count') return /[0-9๐-๙]/.test(row);
  if (asked === 'when') return /[0-9๐-๙]/.test(row) || HAS_MONTH.test(row);
  if (asked === 'who') return ROLE.test(row) || PERSON.test(row) || /ผู้/.test(header ?? '');
  if (asked === 'where') return WEB.test(row) || /อาคาร|ห้อง|ชั้น|สำนัก|กอง|ณ /.test(row);
  return false;
}

/**
 * The answering span for `asked` in the chosen pieces (best first; a table's header row, if any, given
 * separately), or null when the passage holds no such span. `compared`: what two versions of a rule are compared by
 * (versions.ts), not what the answer leads with: a count's figure whatever it counts, not only a count of the thing
 * the question names, and a permission, which no answer leads with (PERMITTED).
 */
export function directSpan(asked: Asked, question: Question, pieces: string[], header?: string, compared = false): string | null {
  // A date is read for the versions check only: on the real sets' questions asked "when", the date a reply led with was
  // the document's answer in 20 of 44 (another date of the piece: a meeting's, a referred document's, a programme's day
  // for its hour), and no answer was right by its lead alone (eval README, 'Leads that mislead').
  if (asked === 'when' && !compared) return null;
  // A count of a named thing ("กี่คน") is answered by the best piece that counts that thing.
  const noun = asked === 'count' ? question.counted : null;
  const wordings = countWordings(question);
  if (noun) {
    for (const piece of pieces) {
      // a table row ranked above every sentence that counts the thing answers as a row (below)
      if (isRow(piece) && piece !== header) break;
      if (isRow(piece)) continue;
      const span = numberWithUnit(piece, question, false, compared);
      // a tie ends the search: a later piece's count is no better a guess
      if (span === TIED) return null;
      if (span && (wordings.some((w) => span.includes(w)) || asksPercent(noun, question))) return span;
    }
  }
  for (const piece of pieces) {
    if (isRow(piece) && piece !== header) {
      if (!rowHolds(asked, piece, header)) continue;
      const row = readRow(piece, header, question);
      // a row answers a count of a named thing when it (with its header) writes that thing: a library's loan table
      // read "๗ วัน" for "ยืมได้กี่เล่ม"
      if (!noun || compared || wordings.some((w) => row.includes(w)) || writtenCount(row, wordings)) return row;
      continue;
    }
    if (asked === 'when') {
      const span = firstDate(piece) ?? TIME.exec(piece)?.[0] ?? RELATIVE_TIME.exec(piece)?.[0];
      if (span) return span.trim();
    } else if (asked === 'count') {
      const span = numberWithUnit(piece, question, compared);
      if (span === TIED) return null;
      if (span) return span;
    } else if (asked === 'who') {
      // "ใครบ้าง" asks for everyone a passage names: the quoted list answers it, one role would not.
      if (/ใครบ้าง|ผู้ใดบ้าง/.test(question.text)) return null;
      const assigned = /ให้\s*([^\s|]+?)\s*เป็นผู้/.exec(piece)?.[1];
      // "ให้บุคคลดังต่อไปนี้เป็นผู้รับรอง" names no one: the persons are the list that follows, which the quote shows
      if (assigned && LEADS_A_LIST.test(assigned)) return null;
      // a memo's addressee ("เรียน ผู้อำนวยการกองบริการการศึกษา") is whom the form goes to. A role or a person the
      // piece only mentions (a signatory, an approver of another step) is compared between versions but leads no
      // reply: on the sets held out from the fit such leads held the document's answer once in 18 (eval README,
      // 'Leads that mislead, again'); the quote names whom to ask.
      const mentioned = () => PERSON.exec(piece)?.[0].slice(1, -1) ?? ROLE.exec(piece)?.[0];
      const span = assigned ?? ADDRESSEE_LINE.exec(piece)?.[1] ?? (compared ? mentioned() : undefined);
      // A role runs on into the verb in Thai ("รองอธิการบดีฝ่ายกิจการนักศึกษาพิจารณา…"): end it there.
      if (span) return span.split(/พิจารณา|เป็นผู้|เป็น|ร่วม|ต้อง|จะ|ได้รับ|เพื่อ/)[0].replace(/[”“"'’]+$/, '');
    } else if (asked === 'where') {
      const url = ASKS_WEB.test(question.text) ? WEB.exec(piece)?.[0] : undefined;
      if (url) return `เว็บไซต์ ${url}`;
      const place = PLACE.exec(piece)?.[1];
      if (place) return place;
    } else if (asked === 'whether') {
      // "จะโดนอะไรไหม", "จะโดนรีไทร์มั้ย" ask what follows, not whether something is allowed: ได้ / ไม่ได้ would
      // answer a question nobody asked ("ไม่ได้" before the probation the quote states). The quote answers.
      if (CONSEQUENCE_QUESTION.test(question.text)) return null;
      const rule = piece.replace(CONDITION, ' ').replace(WHO_DID_NOT, ' ');
      // "ห้ามกินเหล้าใช่ป่ะ" asks whether it is forbidden: yes, not "ไม่ได้" (which read as no to a student)
      if (PROHIBITED.test(rule)) return ASKS_IF_FORBIDDEN.test(question.text) ? 'ใช่ — ห้าม' : 'ไม่ได้';
      if (REPEALED.test(rule)) return 'ไม่ — ถูกยกเลิกแล้ว';
      // a permission ends the search as before, but the quote answers: the search for a prohibition stops here
      if (ALLOWED.test(rule)) return compared ? PERMITTED : null;
    }
  }
  return null;
}
