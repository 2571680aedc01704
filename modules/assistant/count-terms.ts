// A count as its passage states it: the rate it is per, the bound it is under and the kind of day it counts, which the
// figure and its unit alone leave out. "๓๐ วัน" read as thirty calendar days where the rule gives "ไม่น้อยกว่า ๓๐
// วันทำการ", and "๕๐ บาท" as a fine where the rule fines "วันละ ๕๐ บาท" (47 of the 234 count leads of the real sets'
// shown answers dropped a rate or a working day). Thai writes a rate per a unit before the figure with ละ ("วันละ ๕๐
// บาท", "ปีละ ๒ เรื่อง") or after the unit with ต่อ or a slash ("๓ ชั่วโมงต่อสัปดาห์", "200 บาท/คน/มื้อ"), and a bound
// right before the figure ("ไม่เกิน", "อย่างน้อย"). Hand-written, as count-span.ts: these shapes are few and fixed.
import { COMPOUND_UNITS, segmentWords } from '../knowledge';

export interface Span {
  text: string;
  /** where the figure starts in its piece */
  at: number;
}

// words ending in ละ that are no rate: "and", "each", a percentage
const NOT_A_RATE: ReadonlySet<string> = new Set(['และ', 'แต่ละ', 'ร้อยละ']);
const BOUND_BEFORE = /(?:ไม่น้อยกว่า|ไม่ต่ำกว่า|ไม่เกินกว่า|ไม่เกิน|ไม่มากกว่า|ไม่สูงกว่า|อย่างน้อย|อย่างมาก|สูงสุด|ภายใน)\s*$/;
const PER = /^\s*(?:ต่อ|\/)\s*/;

/** The rate word written just before `at` ("วันละ", "ปีละ"), or ''. */
function rateBefore(piece: string, at: number): string {
  const left = piece.slice(Math.max(0, at - 40), at).trimEnd();
  if (!left.endsWith('ละ')) return '';
  const words = segmentWords(left);
  const last = words.at(-1) ?? '';
  const rate = last === 'ละ' ? `${words.at(-2) ?? ''}ละ` : last;
  return rate.length > 2 && !NOT_A_RATE.has(rate) && left.endsWith(rate) ? rate : '';
}

// What a rate is per after ต่อ or a slash: units of time and the things a fee, a quota or a ratio counts. A list, not any
// word: after a count ต่อ also names whom a thing goes to ("ยื่นอุทธรณ์ภายใน ๑๕ วัน ต่ออธิการบดี") or runs on ("ต่อมา").
// Longest first, so a compound is read whole ("ภาคการศึกษา", not "ภาค").
const PER_UNITS = [
  ...['วัน', 'สัปดาห์', 'เดือน', 'ปี', 'ปีการศึกษา', 'ปีงบประมาณ', 'ภาคการศึกษา', 'ภาคเรียน', 'ภาค', 'เทอม', 'ชั่วโมง', 'ชม.'],
  ...['ครั้ง', 'รอบ', 'มื้อ', 'คน', 'ราย', 'ท่าน', 'นักศึกษา', 'เล่ม', 'ชุด', 'ฉบับ', 'หน่วยกิต', 'รายวิชา', 'วิชา', 'หน่วย'],
  ...['ชิ้น', 'หน้า', 'แผ่น', 'โครงการ', 'กิจกรรม', 'ห้อง', 'คัน', 'ตัวอย่าง'],
].sort((a, b) => b.length - a.length);

/** The unit a rate is per at the start of `text`, or ''. */
const unitAt = (text: string): string => PER_UNITS.find((u) => text.startsWith(u)) ?? '';

// the bound as written right before a figure, for the lead to show (knowledge's boundBefore reads which bound it is)
const writtenBound = (piece: string, at: number) => BOUND_BEFORE.exec(piece.slice(Math.max(0, at - 20), at))?.[0].trim() ?? '';

const FIGURE = /^\s*[0-9๐-๙][0-9๐-๙,.]*\s*/;

/**
 * How far the rate after a unit runs ("ต่อสัปดาห์", " ต่อเดือน", "/คน/มื้อ", a ratio's "ต่อนักศึกษา ๓๐ คน" with its own
 * count): its length in `rest`, 0 when none.
 */
function rateAfter(rest: string): number {
  let length = 0;
  for (let m = PER.exec(rest); m; m = PER.exec(rest.slice(length))) {
    const unit = unitAt(rest.slice(length + m[0].length));
    if (!unit) break;
    length += m[0].length + unit.length;
    const figure = FIGURE.exec(rest.slice(length));
    const itsUnit = figure ? unitAt(rest.slice(length + figure[0].length)) : '';
    if (itsUnit) length += figure![0].length + itsUnit.length;
  }
  return length;
}

/**
 * `cut` (the figure and its unit, as the lead would show it, starting at `span.at` in `piece`) with the passage's
 * terms around it: a bound and a rate before it, the rest of a compound unit ("วัน" + "ทำการ") and a rate after it.
 */
export function inItsTerms(piece: string, span: Span, cut: string): string {
  const unit = /[\u0E01-\u0E4E]+\.?$/.exec(cut)?.[0];
  const unitEnd = unit ? piece.indexOf(unit, span.at) : -1;
  // a figure with no unit (a grade point): its bound only
  if (unitEnd < 0) return [writtenBound(piece, span.at), cut].filter(Boolean).join(' ');
  let end = unitEnd + unit!.length;
  const compound = COMPOUND_UNITS.find((c) => c.startsWith(unit!) && c !== unit && piece.startsWith(c, unitEnd));
  if (compound) end = unitEnd + compound.length;
  const after = piece.slice(end, end + rateAfter(piece.slice(end))).replace(/\s+/g, ' ');
  const rate = rateBefore(piece, span.at);
  const from = rate ? piece.lastIndexOf(rate, span.at) : span.at;
  const bound = writtenBound(piece, from);
  const own = cut + (compound ? compound.slice(unit!.length) : '') + after;
  return [bound, rate, own].filter(Boolean).join(' ');
}
