// What a drafting brief says, as students write it (short, messy, Thai and English mixed): the activity,
// its dates, time, place and province, who takes part, the budget, the organisation and its people, the
// purpose. No model is needed; when one is configured these facts are handed to it. Nothing here
// guesses: what the brief does not say is null and becomes a visible placeholder in the draft.
import { activityDates, findDateSpans, findTimes, vagueWhen, type DateSpan, type TimeSpan } from './brief-dates';
import { findBudget, findBudgetItems, findParticipants, findPhone, type BudgetItem } from './brief-numbers';
import { findFaculty, findOrganisation, findPeople, type Person } from './brief-people';
import { findProvince } from './provinces';
import { inferredSdgs, namedSdgs } from './sdgs';
import { toArabicDigits } from './thai';
import { beforeName } from '../../../src/thai/spacing';

export { SDG_NAMES } from './sdgs';
export type { DateSpan } from './brief-dates';

export interface BriefFacts {
  projectName: string | null;
  /** the memo's เรื่อง */
  subject: string | null;
  recipient: string | null;
  organisation: string | null;
  faculty: string | null;
  phone: string | null;
  /** the memo's ที่ when the brief gives it */
  docNumber: string | null;
  dates: DateSpan | null;
  /** "ปลายเดือนนี้": a when in words only, kept for the placeholder */
  vagueDate: string | null;
  time: TimeSpan | null;
  venue: string | null;
  province: string | null;
  participants: number | null;
  target: string | null;
  budget: number | null;
  budgetItems: BudgetItem[];
  people: Person[];
  purposes: string[];
  reason: string | null;
  /** goals the user named */
  sdgsNamed: number[];
  /** goals the brief's words point to (used when none is named) */
  sdgsInferred: number[];
}

// Where a free phrase (a name, a place, a purpose) ends in unspaced Thai: the next label or particle.
// "ที่" is a stop except inside พื้นที่/สถานที่/หน้าที่; "เพื่อ" ends a name but not a purpose list.
const STOP_WORDS = [
  // an ordinal's ที่ (ปีที่, ครั้งที่) is not the place word: the phrase keeps it and its number (phrase)
  '(?<!พื้น|สถาน|หน้า|ผู้|ใน|ค่า|เคลื่อน|ลำ|ปี|ครั้ง|รุ่น|ฉบับ)ที่(?!ปรึกษา|พัก)',
  '(?<=\\s|^|จัด)ณ(?=\\s|[ก-๛])',
  'ในวันที่',
  'เมื่อวันที่',
  '(?<=[ก-๛])เมื่อ(?=\\s|$)',
  'ระหว่างวันที่',
  'วันที่',
  'ช่วงวันที่',
  'ช่วง',
  'จัดขึ้น',
  'จะจัด',
  'จัดที่',
  'จัดวันที่',
  'งบประมาณ',
  'งบ(?=\\s|[0-9๐-๙]|ราว|ประมาณ)',
  'จำนวน',
  'เพื่อ',
  'ผู้เข้าร่วม',
  'ผู้รับผิดชอบ',
  'กลุ่มเป้าหมาย',
  'เป้าหมาย',
  'สอดคล้อง',
  'เวลา',
  'โดย',
  '(?<!โรง|การ|นัก|ห้อง|อาคาร|ตึก)เรียน',
  '(?<!ต่อ)เรื่อง',
  'ลงชื่อ',
  // who proposes or sends it: "เรียน คณบดี… ผู้เสนอ นายสมชาย …"
  '(?<=\\s)ผู้(?:เสนอ|ขอ|ส่ง|จัดทำ)(?![ก-๛])',
  '\\s(?:จ\\.|จังหวัด|นักเรียน|นักศึกษา|นศ\\.)',
  'ของ(?=ชมรม|องค์การ|สภา|สโมสร|คณะ)',
  '(?<=\\s)(?=ชมรม|องค์การนักศึกษา|สโมสรนักศึกษา|สภานักศึกษา)',
  'ให้หน่อย',
  // "ธรรมะสัญจร ไปวัดพระธาตุ…": where the activity goes is not its name
  '(?<=\\s)ไป(?=[ก-๛])',
  'หน่อย',
  'ครับ',
  'ค่ะ',
  'คะ',
  'นะ',
  'ด้วยครับ',
  'ให้ที(?![่-๋])',
  'ร่วมกับ',
  'วัน(?:จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์)',
  // a weekday named without วัน: "ศุกร์ที่ ๑๕ ม.ค."
  '(?<=\\s)(?:จันทร์|อังคาร|พุธ|พฤหัสบดี|พฤหัส|ศุกร์|เสาร์|อาทิตย์)ที่',
  'ปลายเดือน',
  'ต้นเดือน',
  'กลางเดือน',
  'สัปดาห์หน้า',
  'เดือนหน้า',
  'ประมาณ',
  'ราว',
  'มีผู้',
  'มีนักศึกษา',
  // "รวม 30 คน", not the lecture building อาคารเรียนรวม
  '(?<!อาคารเรียน|ตึกเรียน)รวม',
  '[0-9๐-๙]',
  '\\s(?:at|on|in|with|budget|from|to)\\s',
  '\\s@',
  'กับ(?=ชมรม|ชุมชน|โรงเรียน)',
];
const STOP = new RegExp(`\\s*(?:${STOP_WORDS.join('|')})|[\\n,;()“”"]|\\.\\s|\\s-\\s|$`);

function phrase(text: string, from: number, extraStop?: RegExp): string | null {
  // a label at a line's end ("เรื่อง ขออนุมัติจัดโครงการ⏎") names nothing: a phrase never crosses a line
  const rest = text.slice(from).replace(/^[ \t:：=\-–]+/, '');
  let end = rest.search(STOP);
  if (extraStop) {
    const e = rest.search(extraStop);
    if (e >= 0 && (end < 0 || e < end)) end = e;
  }
  let v = (end >= 0 ? rest.slice(0, end) : rest).trim().replace(/[\s.]+$/, '');
  // "นักศึกษาชั้นปีที่ 2", "ค่ายอาสา ครั้งที่ 12", "น้องปี 1": an ordinal keeps its number; a Latin name keeps its year
  // ("RoboChallenge 2027"), not a day ("OTOP 1-3 ส.ค.")
  const ordinal =
    end < 0
      ? null
      : /(?:(?:ปี|ครั้ง|รุ่น|ฉบับ)ที่|(?:^|[ก-๛])ปี)$/.test(v)
        ? /^\s*[0-9๐-๙]+(?:\/[0-9๐-๙]+)?/.exec(rest.slice(end))
        : /[A-Za-z]$/.test(v)
          ? /^\s*(?:19|20|25)[0-9]{2}(?![0-9๐-๙,.])/.exec(rest.slice(end))
          : null;
  if (ordinal) v = `${v} ${ordinal[0].trim()}`;
  return v.length >= 2 ? v.slice(0, 120) : null;
}

/** The phrase after the first occurrence of `label` that is followed by one. */
function after(text: string, label: RegExp, extraStop?: RegExp): string | null {
  for (const m of text.matchAll(new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`))) {
    const p = phrase(text, m.index! + m[0].length, extraStop);
    if (p) return p;
  }
  return null;
}

function projectName(t: string): string | null {
  const quoted = /[“"']([^”"'\n]{3,80})[”"']/.exec(t)?.[1];
  if (quoted) return quoted.replace(/^โครงการ\s*/, '').trim();
  const named =
    after(t, /(?:ชื่อโครงการ|โครงการชื่อ|project(?: name)?\s*:|(?:project )?proposal\s*(?::|for\s))\s*/i) ??
    after(t, /(?<!ผู้รับผิดชอบ|ผู้ประสานงาน|ประธาน)โครงการ(?!นี้|ดังกล่าว|ที่|ของ|เพื่อ|กิจกรรมนักศึกษา\s|ต่าง)(?:[ \t]*(?:ให้หน่อย|หน่อย|ให้ที|ใหม่|เรื่อง|ชื่อ)(?![ก-๛]))?[ \t]*/);
  if (named && !/^(?:ให้|หน่อย|สำหรับ|เกี่ยวกับ|sdgs?)/i.test(named)) {
    // a numbered edition belongs to the name: "ค่ายอาสา ครั้งที่ ๑๒", "ประจำปีการศึกษา ๒๕๖๘"
    const edition = /^\s*(?:ที่|(?:ครั้งที่|รุ่นที่|ประจำปี(?:การศึกษา)?|ปีที่))\s*[0-9๐-๙/]+/.exec(t.slice(t.indexOf(named) + named.length));
    return edition ? `${named}${edition[0]}`.replace(/\s+/g, ' ') : named;
  }
  // a brief that opens with the activity ("ค่ายพี่สอนน้อง เนื่องจาก…")
  const opening = /^(?:ค่าย|กิจกรรม|อบรม|สัมมนา|ทัศนศึกษา|แข่งขัน|ประกวด|วิ่ง|ปลูก|ทำบุญ|ตลาดนัด)/.exec(t.trim());
  if (opening) return phrase(t.trim(), 0, /\s(?:เนื่องจาก|เพราะ|ต\.|ตำบล|อ\.|อำเภอ)/);
  // no "โครงการ": the activity after จัด / ทำ ("จะจัดค่ายอาสาที่น่าน"), or what an English request is for
  return (
    after(t, /(?:จะจัด|จัด|ทำ|organi[sz]e (?:a |an )?)(?=ค่าย|กิจกรรม|อบรม|สัมมนา|งาน|ทัศนศึกษา|แข่งขัน|ประกวด|คอนเสิร์ต|นิทรรศการ|ตลาดนัด|[a-z])/i) ??
    after(t, ENGLISH_REQUEST)
  );
}

// "requesting approval for the Freshmen Welcome Party on …": what the request is for names the activity
const ENGLISH_REQUEST = /request(?:ing|s)?\s+(approval|permission)\s+(?:for|to)\s+(?:hold\s+|organi[sz]e\s+|run\s+)?(?:the\s+|a\s+|an\s+|our\s+)?/i;

const REQUEST = /(ขออนุมัติ|ขออนุญาต|ขอความอนุเคราะห์|ขอเชิญ|ขอใช้|ขอยืม|ขอเบิก|ขอส่ง|ขอรายงาน|แจ้ง(?!ให้ทราบ)|รายงานผล|สรุปการประชุม|รายงานการประชุม)/;

function subject(t: string, name: string | null): string | null {
  const given = after(t, /(?:^|\s)เรื่อง[ \t]*[:：]?[ \t]*/);
  // "เรื่อง ขออนุมัติจัดโครงการ" with the name given elsewhere in the brief
  if (given) return name && /โครงการ$/.test(given) ? `${given}${name}` : given;
  const m = REQUEST.exec(t);
  // an English request gets the Thai subject a memo writes: "ขออนุมัติจัดโครงการ Freshmen Welcome Party"
  const english = m ? null : ENGLISH_REQUEST.exec(t);
  if (english && name) return beforeName(english[1]!.toLowerCase() === 'approval' ? 'ขออนุมัติจัดโครงการ' : 'ขออนุญาตจัดโครงการ', name);
  if (!m) return null;
  // the request runs on to the next label, names included ("ขออนุมัติจัดโครงการค่ายอาสา")
  const rest = t.slice(m.index);
  const end = rest.search(
    /\s*(?:ของ(?=ชมรม|องค์การ|สภา|สโมสร|คณะ)|(?<=\s)ณ|วัน(?:จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์)|ในวันที่|ระหว่างวันที่|วันที่|งบ(?=\s|[0-9๐-๙]|ราว|ประมาณ)|จำนวน|ผู้เข้าร่วม|(?<!โรง|การ|นัก|ห้อง|อาคาร|ตึก)เรียน|(?<=\s)บริเวณ|ลงชื่อ|เพื่อ|โดย|ให้หน่อย|หน่อย|ครับ|ค่ะ|[0-9])|[\n,;]|\.\s|$/,
  );
  let s = rest.slice(0, end).trim();
  // a meeting's or an announcement's number belongs to it: "… ครั้งที่ 2/2569"
  const numbered = /(?:ครั้งที่|ฉบับที่|รุ่นที่|ประจำปี(?:การศึกษา)?)$/.test(s) ? /^\s*[0-9๐-๙]+(?:\/[0-9๐-๙]+)?/.exec(rest.slice(end)) : null;
  if (numbered) s = `${s} ${numbered[0].trim()}`;
  if (name) s = s.replace(/(?:โครงการ|กิจกรรม)(?:นี้|ดังกล่าว)|(?<=จัด)(?:งาน|กิจกรรม)?นี้/, beforeName('โครงการ', name));
  // "ขออนุมัติงบประมาณ 25,000 บาท สำหรับโครงการ…": the approval asked is the budget's
  if (/^ขออนุมัติ$/.test(s) && /^ขออนุมัติ\s*งบประมาณ/.test(rest)) s = name ? beforeName('ขออนุมัติงบประมาณโครงการ', name) : 'ขออนุมัติงบประมาณ';
  if (/^ขออนุมัติ$/.test(s) && name) s = beforeName('ขออนุมัติจัดโครงการ', name);
  return s.length >= 4 ? s : null;
}

const RECIPIENT_WORDS = 'อธิการบดี|รองอธิการบดี\\S*|คณบดี\\S*|ผู้อำนวยการ\\S*|หัวหน้า\\S*|ประธาน\\S*|อาจารย์ที่ปรึกษา\\S*|ผู้ช่วยอธิการบดี\\S*';
const ENGLISH_RECIPIENT: Array<[RegExp, string]> = [
  [/to the (?:university )?president|to the rector/i, 'อธิการบดี'],
  [/to the vice[- ]president/i, 'รองอธิการบดี'],
  [/to the dean/i, 'คณบดี'],
  [/to the director/i, 'ผู้อำนวยการ'],
  [/to (?:the|our) (?:club )?advis[eo]r/i, 'อาจารย์ที่ปรึกษา'],
];

function recipient(t: string): string | null {
  const given = after(t, /(?:^|\s)เรียน\s*[:：]?\s*/, /\s(?:ขอ|เรื่อง|จาก|เพื่อ)/);
  if (given) return given;
  const to = new RegExp(`(?:ถึง|เสนอ|ส่ง|ยื่น|to)\\s*(${RECIPIENT_WORDS})`).exec(t);
  if (to) return phrase(t, to.index + to[0].length - to[1].length, /\s(?:ขอ|เรื่อง|จาก|เพื่อ)/);
  return ENGLISH_RECIPIENT.find(([re]) => re.test(t))?.[1] ?? null;
}

const VENUE_NOUN =
  /(?:อาคาร|ตึก|ห้อง|หอประชุม|โรงเรียน|หมู่บ้าน|บ้าน|อุทยาน|ชุมชน|วัด|ตำบล|อำเภอ|ต\.|อ\.|จังหวัด|จ\.|ลาน|สนาม|มหาวิทยาลัย|ศูนย์|สวน|ชายหาด|หาด|เกาะ|ค่าย|โรงพยาบาล|ศาลา|สถาน|คณะ|ป่า|บริษัท|โรงงาน|โรงแรม|ตลาด|พิพิธภัณฑ์|เขื่อน|น้ำตก|โรงอาหาร|ณ)/;
// What a memo asks to use is where it happens: "ขอใช้หอประชุมใหญ่", "ขออนุมัติใช้ห้องประชุม 301".
const USED_PLACE = /(?:อาคาร|ตึก|ห้อง|หอประชุม|ลาน|สนาม|ศาลา|โรงยิม|พื้นที่)/;
// A room, a floor or a building is numbered: the number belongs to the place ("ห้องประชุม 3 อาคารเรียนรวม", "ห้อง 201 อาคาร 5").
const NUMBERED_PLACE = /(?:ห้อง|อาคาร|ตึก|ชั้น|หอ|โซน|ลาน|สนาม|โรงยิม)[ก-๛]*$/;

// Words that continue a place after a space ("บ้านแม่กลางหลวง อ.จอมทอง", "หอประชุมใหญ่ มหาวิทยาลัย…").
const PLACE_CONTINUES = /^(?:อ\.|อำเภอ|ต\.|ตำบล|ชั้น|ห้อง|อาคาร|ตึก|มหาวิทยาลัย|คณะ|ถนน|ถ\.|ซอย|หมู่|ม\.|เขต|แขวง|วิทยาเขต|[0-9๐-๙]|[A-Za-z]{1,4}-?[0-9])/;

/** A place ends at a space unless a place word continues it ("ลานหน้าตึก ขายบัตร…" → "ลานหน้าตึก"); Latin names keep their words. */
function trimVenue(v: string | null): string | null {
  if (!v) return null;
  const words = v.split(' ');
  if (/^[A-Za-z]/.test(words[0])) return v;
  // a company is named after the word: "บริษัท ปตท"
  const kept = /^(?:บริษัท|ห้างหุ้นส่วน)$/.test(words[0]) && words.length > 1 ? words.slice(0, 2) : [words[0]];
  for (const w of words.slice(kept.length)) {
    if (!PLACE_CONTINUES.test(w)) break;
    kept.push(w);
  }
  return kept.join(' ');
}

/** `phrase`, with the numbers of a numbered room or building and the place words after them ("ห้อง 201 อาคาร 5"). */
function placePhrase(t: string, from: number, extraStop?: RegExp): string | null {
  let v = phrase(t, from, extraStop);
  if (!v) return null;
  const found = t.indexOf(v, from);
  // a phrase written back otherwise than the brief has it (an ordinal's number set apart) is taken as it is
  if (found < 0) return v;
  let at = found + v.length;
  // a room's code, cut at its digits ("ห้อง SC-" of "ห้อง SC-201"), is read whole below
  const code = /\s[A-Za-z]{1,4}-?$/.exec(v);
  if (code && NUMBERED_PLACE.test(v.slice(0, code.index))) {
    at -= code[0].length;
    v = v.slice(0, code.index);
  }
  while (NUMBERED_PLACE.test(v)) {
    const number = /^\s?((?:[A-Za-z]{1,4}-?)?[0-9๐-๙]+(?:[/.\-][0-9๐-๙]+)?)(?![0-9๐-๙,]|\s*(?:คน|ท่าน|ที่นั่ง|วัน(?!ที่)|ชั่วโมง|บาท))/.exec(t.slice(at));
    if (!number) break;
    v = `${v} ${number[1]}`;
    at += number[0].length;
    const more = /^\s/.test(t.slice(at)) ? phrase(t, at, extraStop) : null;
    if (!more || !PLACE_CONTINUES.test(more)) break;
    v = `${v} ${more}`;
    at = t.indexOf(more, at) + more.length;
  }
  return v;
}

function venue(t: string): string | null {
  return trimVenue(venueText(t));
}

function venueText(t: string): string | null {
  const label = /(?:(?:^|\s|จัด)ณ\s*|สถานที่(?:จัด)?(?:กิจกรรม|งาน|โครงการ|ดำเนินการ|ดำเนินงาน)?\s*[:：]?\s*|(?:^|\s)(?:at|venue:?)\s+|@\s*)/gi;
  for (const m of t.matchAll(label)) {
    const given = placePhrase(t, m.index! + m[0].length, /\s+(?:จ\.|จังหวัด)?$/);
    if (given) return given;
  }
  // a camp builds or gives for a school or a village: "สร้างห้องสมุดให้โรงเรียนบ้านป่าแดง"
  const at = new RegExp(`(?:ที่|ไป)(?=${VENUE_NOUN.source})|บริเวณ\\s*(?=[ก-๛])|ใช้(?=${USED_PLACE.source})|ให้(?=โรงเรียน|ชุมชน|หมู่บ้าน|วัด)`).exec(t);
  // "ขอใช้สนามฟุตบอลจัดแข่งขัน…": what is held there is not the place's name (a banquet room, ห้องจัดเลี้ยง, is)
  if (at) return placePhrase(t, at.index + at[0].length, /จัด(?!เลี้ยง|แสดง|ประชุม|สรร)/);
  // a place named without ณ/ที่, as a separate word: "… 15-17 ม.ค. โรงเรียนบ้านห้วยแก้ว จ.น่าน"
  const bare = /(?:^|\s)(?=(?:โรงเรียน|อาคาร|ตึก|ห้อง|หอประชุม|อุทยาน|ชุมชน|วัด|ศูนย์|หมู่บ้าน|บ้าน|ลาน|สนาม|ชายหาด|หาด|เกาะ)[ก-๛])/.exec(t);
  return bare ? placePhrase(t, bare.index + bare[0].length) : null;
}

const TARGET = /(?:กลุ่มเป้าหมาย|ผู้เข้าร่วม(?:โครงการ|กิจกรรม)?|target group|participants?)\s*(?:คือ|ได้แก่|เป็น|:|：)?\s*(?=[^\s0-9๐-๙])/i;
const WHO =
  /(นักศึกษา[ก-๛]*(?:\s?(?:ชั้น)?ปี(?:ที่)?\s?[0-9]+)?|นศ\.?\s?(?:ปี\s?[0-9]+)?|นักเรียน[ก-๛]*|เยาวชน[ก-๛]*|ชาวบ้าน[ก-๛]*|ประชาชน[ก-๛]*|ผู้สูงอายุ|เด็ก[ก-๛]*|บุคลากร[ก-๛]*|first[- ]year students|students)(?=\s*(?:จำนวน|ประมาณ|ราว)?\s*[0-9]+\s*(?:คน|people|pax))/i;

function target(t: string): string | null {
  const given = after(t, TARGET);
  if (given && !/^(?:คน|ท่าน|ประมาณ)/.test(given)) return given;
  return WHO.exec(t)?.[1]?.replace(/^นศ\.?\s?/, 'นักศึกษา') ?? null;
}

// A purpose runs on over words that end a name ("เรื่อง", "ที่"): it stops only at facts and punctuation.
const PURPOSE_STOP =
  /\s*(?:(?<=\s)(?:เรียน|ลงชื่อ|โทร|เรื่อง|ผู้รับผิดชอบ|ชมรม|สโมสร)|และเพื่อ|เพื่อ|(?<=\s)ณ\s|ในวันที่|ระหว่างวันที่|วันที่|งบ(?=\s|[0-9๐-๙])|งบประมาณ|จำนวน|ผู้เข้าร่วม|กลุ่มเป้าหมาย|ผู้รับผิดชอบ|[0-9๐-๙])|[\n,;()]|\.\s|$/;

function purposePhrase(rest: string): string | null {
  const v = rest.replace(/^[\s:：]+/, '');
  const p = v.slice(0, v.search(PURPOSE_STOP)).trim();
  return p.length >= 4 ? p.slice(0, 160) : null;
}

function purposes(text: string, name: string | null): string[] {
  // a document with a วัตถุประสงค์ section: its purposes are the ones listed there
  const section = /(?:^|\n)\s*(?:[0-9๐-๙.]+\s*)?วัตถุประสงค์/.exec(text);
  const t = section ? text.slice(section.index) : text;
  // "ตลาดนัดมือสองเพื่อน้อง": a เพื่อ inside the project's name is no purpose
  const named = name ? t.indexOf(name) : -1;
  const inName = (at: number) => named >= 0 && at >= named && at < named + name!.length;
  const out: string[] = [];
  const re = /(?:เพื่อ(?:ให้)?|วัตถุประสงค์\s*[:：]?|aim(?:s|ed)? (?:is |to )|in order to |so that )/gi;
  for (const m of t.matchAll(re)) {
    if (inName(m.index!)) continue;
    const p = purposePhrase(t.slice(m.index! + m[0].length));
    if (p && !out.includes(p)) out.push((/^เพื่อ/.test(m[0]) ? 'เพื่อ' + (m[0].endsWith('ให้') ? 'ให้' : '') : '') + p);
  }
  return out.slice(0, 4);
}

function reason(t: string): string | null {
  // a proposal's own หลักการและเหตุผล section: its first paragraph
  const section = /(?:^|\n)\s*(?:[0-9๐-๙.]+\s*)?(?:หลักการและเหตุผล|ความเป็นมา|ที่มาและความสำคัญ)\s*[:：]?\s*\n\s*([^\n]{10,})/.exec(t);
  if (section) return section[1].trim().slice(0, 600);
  const m = /(?:เนื่องจาก|เพราะ(?:ว่า)?|since |because )/i.exec(t);
  if (!m) return null;
  const rest = t.slice(m.index + m[0].length);
  // the brief's facts that follow a reason are not part of it: "… ไม่เป็น จัด 3 วัน 12-14 ม.ค."
  const end = rest.search(/\s*(?:จึง|ดังนั้น|so we)|\s(?:จะ)?จัด|\s(?:ในวันที่|ระหว่างวันที่|วันที่|ณ\s|งบ|ผู้เข้าร่วม)|[\n]|\.\s|$/);
  const v = rest.slice(0, end).trim();
  return v.length >= 6 ? `${m[0].trim()}${v}` : null;
}

export function readBrief(brief: string, now = new Date()): BriefFacts {
  const t = brief.normalize('NFC').replace(/[ \t]+/g, ' ');
  const name = projectName(t);
  const spans = findDateSpans(t, now);
  return {
    projectName: name,
    subject: subject(t, name),
    recipient: recipient(t),
    // "ส่วนราชการ กองพัฒนานักศึกษา โทร …": a unit named outright, whatever its kind
    organisation: after(t, /(?:ส่วนราชการ|หน่วยงาน(?:ที่เสนอ|ผู้จัด)?)[ \t]*[:：]?[ \t]*/, /\s*(?:โทร|tel)/i) ?? findOrganisation(t),
    faculty: findFaculty(t),
    phone: findPhone(t),
    docNumber: /(?:^|\s)ที่\s*(อว\s?[0-9๐-๙.]+\/[0-9๐-๙]*)/.exec(t)?.[1] ?? null,
    dates: activityDates(spans),
    vagueDate: spans.length ? null : vagueWhen(t),
    time: findTimes(t),
    venue: venue(t),
    province: findProvince(t),
    participants: findParticipants(t),
    target: target(t),
    budget: findBudget(t),
    budgetItems: findBudgetItems(t),
    people: findPeople(t),
    purposes: purposes(t, name),
    reason: reason(t),
    sdgsNamed: namedSdgs(t),
    sdgsInferred: inferredSdgs(toArabicDigits(t)),
  };
}
