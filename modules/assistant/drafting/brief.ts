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
import { after, phrase } from './brief-phrase';
import { venue } from './brief-places';
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

// "requesting approval for the Freshmen Welcome Party on …": what the request is for names the activity
const ENGLISH_REQUEST = /request(?:ing|s)?\s+(approval|permission)\s+(?:for|to)\s+(?:hold\s+|organi[sz]e\s+|run\s+)?(?:the\s+|a\s+|an\s+|our\s+)?/i;

// a name ends before the district its place is in: "เยี่ยมผู้สูงอายุในชุมชนบ้านดอนแก้ว อ.แม่ริม"
const NAME_ENDS = /\s(?:ต\.|ตำบล|อ\.|อำเภอ)/;

function projectName(t: string): string | null {
  const quoted = /[“"']([^”"'\n]{3,80})[”"']/.exec(t)?.[1];
  if (quoted) return quoted.replace(/^โครงการ\s*/, '').trim();
  const named =
    after(t, /(?:ชื่อโครงการ|โครงการชื่อ|project(?: name)?\s*:|(?:project )?proposal\s*(?::|for\s))\s*/i, NAME_ENDS) ??
    after(
      t,
      /(?<!ผู้รับผิดชอบ|ผู้ประสานงาน|ประธาน)โครงการ(?!นี้|ดังกล่าว|ที่|ของ|เพื่อ|กิจกรรมนักศึกษา\s|ต่าง)(?:[ \t]*(?:ให้หน่อย|หน่อย|ให้ที|ใหม่|เรื่อง|ชื่อ|SDGs?\s*(?:ข้อ|goal)?\s*[0-9]+(?:\s*(?:และ|,|\+)\s*[0-9]+)*)(?![ก-๛]))*[ \t]*/i,
      NAME_ENDS,
    );
  if (named && !/^(?:ให้|หน่อย|สำหรับ|เกี่ยวกับ|sdgs?)/i.test(named)) {
    // a numbered edition belongs to the name: "ค่ายอาสา ครั้งที่ ๑๒", "ประจำปีการศึกษา ๒๕๖๘"
    const edition = /^\s*(?:ที่|(?:ครั้งที่|รุ่นที่|ประจำปี(?:การศึกษา)?|ปีที่))\s*[0-9๐-๙/]+/.exec(t.slice(t.indexOf(named) + named.length));
    return edition ? `${named}${edition[0]}`.replace(/\s+/g, ' ') : latinNameOf(named);
  }
  // a brief that opens with the activity ("ค่ายพี่สอนน้อง เนื่องจาก…")
  const opening = /^(?:ค่าย|กิจกรรม|อบรม|สัมมนา|ทัศนศึกษา|แข่งขัน|ประกวด|วิ่ง|ปลูก|ทำบุญ|ตลาดนัด)/.exec(t.trim());
  if (opening) return phrase(t.trim(), 0, new RegExp(`\\s(?:เนื่องจาก|เพราะ)|${NAME_ENDS.source}`));
  // no "โครงการ": the activity after จัด / ทำ ("จะจัดค่ายอาสาที่น่าน"), or what an English request is for
  return (
    after(t, /(?:จะจัด|จัด|ทำ|organi[sz]e (?:a |an )?)(?=ค่าย|กิจกรรม|อบรม|สัมมนา|งาน|ทัศนศึกษา|แข่งขัน|ประกวด|คอนเสิร์ต|นิทรรศการ|ตลาดนัด|[a-z])/i) ??
    after(t, ENGLISH_REQUEST)
  );
}

// "Code for Kids สอนเขียนโปรแกรม…": a Latin name of several words ends where the Thai account of what it does begins
const LATIN_THEN_ACTIVITY =
  /^([A-Za-z][\w&'’-]*(?: [\w&'’-]+)+) (?=(?:สอน|ติว|อบรม|จัด|แข่ง|ประกวด|ปลูก|เก็บ|ทำ|วิ่ง|เดิน|ปั่น|รณรงค์|ช่วย|สร้าง|พา|แจก|บริจาค|เยี่ยม|ฝึก|ส่งเสริม))/;
const latinNameOf = (named: string) => LATIN_THEN_ACTIVITY.exec(named)?.[1] ?? named;

const COUNTED = '\\s*[0-9๐-๙]+\\s*(?:คัน|ชุด|เครื่อง|ตัว|หลัง|ผืน|ใบ)(?![ก-๛])';

const REQUEST = /(ขออนุมัติ|ขออนุญาต|ขอความอนุเคราะห์|ขอเชิญ|ขอใช้|ขอยืม|ขอเบิก|ขอส่ง|ขอรายงาน|แจ้ง(?!ให้ทราบ)|รายงานผล|สรุปการประชุม|รายงานการประชุม)/;

// Where a memo's subject ends: the next label or fact, a particle, or (after a space) who asks, where from, how, when
// it recurs, and a past activity's clause. Regex sources, joined once below.
const SUBJECT_ENDS = [
  'ของ(?=ชมรม|องค์การ|สภา|สโมสร|คณะ)',
  '(?<=\\s)ณ',
  'วัน(?:จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์)',
  'ในวันที่',
  'ระหว่างวันที่',
  'วันที่',
  'งบ(?=\\s|[0-9๐-๙]|ราว|ประมาณ)',
  'จำนวน',
  'ผู้เข้าร่วม',
  '(?<!โรง|การ|นัก|ห้อง|อาคาร|ตึก)เรียน',
  '(?<=\\s)บริเวณ',
  'ลงชื่อ',
  'เพื่อ',
  'โดย',
  'ให้หน่อย',
  'หน่อย',
  'ครับ',
  'ค่ะ',
  'เมื่อ',
  // the club that asks, where a thing is borrowed from, what it is used in
  '(?<=\\s)(?:ชมรม|องค์การนักศึกษา|สโมสรนักศึกษา|สภานักศึกษา|จาก(?=[ก-๛])|ใช้ใน)',
  // a past activity's clause ("ที่จัดไปแล้วเมื่อ…"), where the trip goes, how it is done
  '(?<=\\s)(?:(?:ที่|ซึ่ง)(?=(?:ได้)?จัด)|ไป(?=[ก-๛])|ผ่าน(?=[ก-๛]))',
  // when it recurs, a span of days without วันที่
  '(?<=\\s)(?:ทุก(?=วัน|สัปดาห์|เดือน|ภาค)|ระหว่าง(?=\\s*[0-9๐-๙]))',
  // after a thing used or borrowed, what it is for: "ขอใช้สระว่ายน้ำ จัดอบรม…"
  '(?<=\\s)(?<=(?:ใช้|ยืม)[^\\n]*\\s)จัด(?=[ก-๛])',
  '[0-9]',
];
const SUBJECT_END = new RegExp(`\\s*(?:${SUBJECT_ENDS.join('|')})|[\\n,;]|\\.\\s|$`);

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
  const end = rest.search(SUBJECT_END);
  let s = rest.slice(0, end).trim();
  // a meeting's or an announcement's number belongs to it: "… ครั้งที่ 2/2569"
  const numbered = /(?:ครั้งที่|ฉบับที่|รุ่นที่|ประจำปี(?:การศึกษา)?)$/.test(s) ? /^\s*[0-9๐-๙]+(?:\/[0-9๐-๙]+)?/.exec(rest.slice(end)) : null;
  if (numbered) s = `${s} ${numbered[0].trim()}`;
  // what is asked for keeps its count, each thing of a list its own: "ขอความอนุเคราะห์รถตู้ 2 คัน", "ขอยืมเต็นท์ 10 หลัง โต๊ะ 20 ตัว"
  const counted = numbered ? null : new RegExp(`^${COUNTED}(?:\\s*(?:และ)?\\s*[ก-๛A-Za-z]+${COUNTED})*`).exec(rest.slice(end));
  if (counted) s = `${s} ${counted[0].trim()}`;
  if (name) s = s.replace(/(?:โครงการ|กิจกรรม)(?:นี้|ดังกล่าว)|(?<=จัด)(?:งาน|กิจกรรม)?นี้/, beforeName('โครงการ', name));
  // "ขออนุมัติงบประมาณ 25,000 บาท สำหรับโครงการ…": the approval asked is the budget's
  if (/^ขออนุมัติ$/.test(s) && /^ขออนุมัติ\s*งบประมาณ/.test(rest)) s = name ? beforeName('ขออนุมัติงบประมาณโครงการ', name) : 'ขออนุมัติงบประมาณ';
  if (/^ขออนุมัติ$/.test(s) && name) s = beforeName('ขออนุมัติจัดโครงการ', name);
  return s.length >= 4 ? s : null;
}

const RECIPIENT_WORDS = 'สมาชิก\\S*|อธิการบดี|รองอธิการบดี\\S*|คณบดี\\S*|ผู้อำนวยการ\\S*|หัวหน้า\\S*|ประธาน\\S*|อาจารย์ที่ปรึกษา\\S*|ผู้ช่วยอธิการบดี\\S*';
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
  // เรียน written onto the word before it ("บันทึกข้อความเรียนคณบดี…") still names the addressee when an office follows
  const to = new RegExp(`(?:ถึง|เสนอ|ส่ง|ยื่น|เรียน|to)\\s*(${RECIPIENT_WORDS})`).exec(t);
  if (to) return phrase(t, to.index + to[0].length - to[1].length, /\s(?:ขอ|เรื่อง|จาก|เพื่อ)/);
  return ENGLISH_RECIPIENT.find(([re]) => re.test(t))?.[1] ?? null;
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
  /\s*(?:(?<=\s)(?:เรียน|ลงชื่อ|โทร|เรื่อง|ผู้รับผิดชอบ|ชมรม|สโมสร|ค่า(?!ย))|และเพื่อ|เพื่อ|(?<=\s)ณ\s|ในวันที่|ระหว่างวันที่|วันที่|งบ(?=\s|[0-9๐-๙])|งบประมาณ|จำนวน|ผู้เข้าร่วม|กลุ่มเป้าหมาย|ผู้รับผิดชอบ|[0-9๐-๙])|[\n,;()]|\.\s|$/;

function purposePhrase(rest: string): string | null {
  const v = rest.replace(/^[\s:：]+/, '');
  const p = v.slice(0, v.search(PURPOSE_STOP)).trim();
  return p.length >= 4 ? p.slice(0, 160) : null;
}

function purposes(text: string, name: string | null): string[] {
  // a document with a วัตถุประสงค์ section: its purposes are the ones listed there
  // a line's own indent only ([ \t]): \s would run over every blank line after each line break, the square of their count
  const section = /(?:^|\n)[ \t]*(?:[0-9๐-๙.]{1,8}[ \t]*)?วัตถุประสงค์/.exec(text);
  const t = section ? text.slice(section.index) : text;
  // "ตลาดนัดมือสองเพื่อน้อง": a เพื่อ inside the project's name is no purpose
  const named = name ? t.indexOf(name) : -1;
  const inName = (at: number) => named >= 0 && at >= named && at < named + name!.length;
  const out: string[] = [];
  // "ขอยืมเครื่องเสียง ใช้ในงานไหว้ครู": what a loan is used in is its purpose
  const re = /(?:เพื่อ(?:ให้)?|(?<!เพื่อ)ใช้ใน(?=งาน|กิจกรรม|โครงการ|การ)|วัตถุประสงค์\s*[:：]?|aim(?:s|ed)? (?:is |to )|in order to |so that )/gi;
  for (const m of t.matchAll(re)) {
    if (inName(m.index!)) continue;
    const p = purposePhrase(t.slice(m.index! + m[0].length));
    const lead = /^เพื่อ/.test(m[0]) ? 'เพื่อ' + (m[0].endsWith('ให้') ? 'ให้' : '') : /^ใช้ใน/.test(m[0]) ? 'เพื่อใช้ใน' : '';
    if (p && !out.includes(lead + p)) out.push(lead + p);
  }
  return out.slice(0, 4);
}

function reason(t: string): string | null {
  // a proposal's own หลักการและเหตุผล section: its first paragraph
  const section = /(?:^|\n)[ \t]*(?:[0-9๐-๙.]{1,8}[ \t]*)?(?:หลักการและเหตุผล|ความเป็นมา|ที่มาและความสำคัญ)[ \t]*[:：]?[ \t]*\n\s*([^\n]{10,})/.exec(t);
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
