// Facts a drafting brief states outright (dates, amounts, names, the topic), so a draft made without
// a model fills them in and leaves clear placeholders for the rest. Nothing here guesses.
import { THAI_MONTHS, THAI_MONTHS_SHORT, toArabicDigits, type ThaiDay } from './thai';

export interface BriefFacts {
  dates: ThaiDay[];
  amount: number | null;
  people: string[];
  projectName: string | null;
  subject: string | null;
  recipient: string | null;
  organisation: string | null;
  venue: string | null;
  target: string | null;
  participants: number | null;
  sdgs: number[];
}

const NUM = '[0-9๐-๙]';
const monthIndex = (name: string): number => {
  const n = name.replace(/\s+/g, '');
  const full = THAI_MONTHS.indexOf(n);
  return full >= 0 ? full + 1 : THAI_MONTHS_SHORT.indexOf(n) + 1;
};
const MONTH_ALT = [...THAI_MONTHS, ...THAI_MONTHS_SHORT.map((m) => m.replace(/\./g, '\\.'))].join('|');
const THAI_DATE = new RegExp(`(${NUM}{1,2})\\s*(${MONTH_ALT})\\s*(?:พ\\.ศ\\.\\s*)?(${NUM}{4})`, 'g');
const NUMERIC_DATE = new RegExp(`(${NUM}{1,2})[/.-](${NUM}{1,2})[/.-](${NUM}{4})`, 'g');

/** A four-digit year below 2400 is a Christian-era year. */
const toBE = (year: number) => (year < 2400 ? year + 543 : year);

function valid(d: ThaiDay): boolean {
  return d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= 31;
}

export function findDates(text: string): ThaiDay[] {
  const found: Array<{ at: number; d: ThaiDay }> = [];
  for (const m of text.matchAll(THAI_DATE))
    found.push({ at: m.index!, d: { day: Number(toArabicDigits(m[1])), month: monthIndex(m[2]), yearBE: toBE(Number(toArabicDigits(m[3]))) } });
  for (const m of text.matchAll(NUMERIC_DATE))
    found.push({ at: m.index!, d: { day: Number(toArabicDigits(m[1])), month: Number(toArabicDigits(m[2])), yearBE: toBE(Number(toArabicDigits(m[3]))) } });
  return found.sort((a, b) => a.at - b.at).map((f) => f.d).filter(valid);
}

export function findAmount(text: string): number | null {
  const t = toArabicDigits(text);
  const m =
    /(?:งบประมาณ|วงเงิน|จำนวนเงิน|ค่าใช้จ่าย|budget)[^0-9\n]{0,25}([0-9][0-9,]*(?:\.[0-9]{1,2})?)\s*(บาท|baht|k|พัน|หมื่น|แสน)?/i.exec(t) ??
    /([0-9][0-9,]*(?:\.[0-9]{1,2})?)\s*(บาท|baht)/i.exec(t);
  if (!m) return null;
  const n = Number(m[1].replace(/,/g, ''));
  const scale: Record<string, number> = { k: 1000, พัน: 1000, หมื่น: 10_000, แสน: 100_000 };
  const v = n * (scale[m[2]?.toLowerCase() ?? ''] ?? 1);
  return Number.isFinite(v) && v > 0 ? v : null;
}

const TITLE = '(?:นางสาว|นาย|นาง|น\\.ส\\.|ดร\\.|ผศ\\.|รศ\\.|ศ\\.|อาจารย์)';

export function findPeople(text: string): string[] {
  const re = new RegExp(`${TITLE}\\s*[ก-ฮะ-์]+(?:\\s+[ก-ฮะ-์]+)?`, 'g');
  return [...new Set([...text.matchAll(re)].map((m) => m[0].replace(/\s+/g, ' ').trim()))];
}

/** Text after a label up to the next label-ish word, comma or line end. */
const STOP = /\s+(?:โดย|ณ|ที่|วันที่|ในวันที่|จัด|ถึง|จาก|งบประมาณ|จำนวน|เพื่อ|เรียน|เรื่อง|ลงชื่อ|ผู้รับผิดชอบ|ผู้เข้าร่วม|กลุ่มเป้าหมาย|สอดคล้อง|ของ(?=ชมรม|องค์การ|สภา|สโมสร))|[\n,;]|$/;

function after(text: string, label: RegExp, stop = STOP): string | null {
  const m = label.exec(text);
  if (!m) return null;
  const rest = text.slice(m.index + m[0].length);
  const end = rest.search(stop);
  const v = (end >= 0 ? rest.slice(0, end) : rest).replace(/^[\s:："“]+|[\s"”]+$/g, '');
  return v.length >= 2 ? v.slice(0, 150) : null;
}

export function findSdgs(text: string): number[] {
  const t = toArabicDigits(text);
  const out = new Set<number>();
  for (const m of t.matchAll(/(?:SDGs?|เป้าหมาย(?:การพัฒนาที่ยั่งยืน)?(?:ที่|ข้อ)?)\s*(?:ข้อ|ที่|goal|#)?\s*([0-9]{1,2}(?:\s*(?:,|และ|and|&|\/)\s*[0-9]{1,2})*)/gi))
    for (const n of m[1].split(/[^0-9]+/)) if (Number(n) >= 1 && Number(n) <= 17) out.add(Number(n));
  return [...out].sort((a, b) => a - b);
}

export function readBrief(brief: string): BriefFacts {
  const text = brief.normalize('NFC');
  const participants = /([0-9๐-๙][0-9๐-๙,]*)\s*คน/.exec(text);
  return {
    dates: findDates(text),
    amount: findAmount(text),
    people: findPeople(text),
    projectName: after(text, /โครงการ(?!นี้|ดังกล่าว|ที่)/) ?? after(text, /[“"]/, /[”"]/),
    subject: after(text, /(?:^|\s)เรื่อง/) ?? after(text, /(?=ขออนุมัติ|ขออนุญาต|ขอเชิญ|แจ้ง|สรุปการประชุม|รายงานการประชุม)/),
    recipient: after(text, /(?:^|\s)เรียน\s/) ?? after(text, /(?:ถึง|เสนอ)\s*(?=อธิการบดี|รองอธิการบดี|ผู้อำนวยการ|คณบดี|หัวหน้า|ประธาน)/),
    organisation: /(องค์การนักศึกษา|สภานักศึกษา|สโมสรนักศึกษา\S*|ชมรม\S*)/.exec(text)?.[1] ?? null,
    venue: after(text, /(?:(?:^|\s)ณ\s|สถานที่(?:จัด)?(?:กิจกรรม|งาน)?\s*)/),
    target: after(text, /(?:กลุ่มเป้าหมาย|ผู้เข้าร่วม(?:โครงการ|กิจกรรม)?)\s*(?:คือ|ได้แก่)?\s*/),
    participants: participants ? Number(toArabicDigits(participants[1]).replace(/,/g, '')) : null,
    sdgs: findSdgs(text),
  };
}

/** The 17 goals by their official Thai names. */
export const SDG_NAMES = [
  'ขจัดความยากจน', 'ขจัดความหิวโหย', 'การมีสุขภาพและความเป็นอยู่ที่ดี', 'การศึกษาที่มีคุณภาพ', 'ความเท่าเทียมทางเพศ',
  'การจัดการน้ำและสุขาภิบาล', 'พลังงานสะอาดที่เข้าถึงได้', 'การจ้างงานที่มีคุณค่าและการเติบโตทางเศรษฐกิจ',
  'อุตสาหกรรม นวัตกรรม และโครงสร้างพื้นฐาน', 'ลดความเหลื่อมล้ำ', 'เมืองและถิ่นฐานมนุษย์อย่างยั่งยืน',
  'แผนการบริโภคและการผลิตที่ยั่งยืน', 'การรับมือการเปลี่ยนแปลงสภาพภูมิอากาศ', 'การใช้ประโยชน์จากทรัพยากรทางทะเล',
  'การใช้ประโยชน์จากระบบนิเวศทางบก', 'สังคมสงบสุข ยุติธรรม ไม่แบ่งแยก', 'ความร่วมมือเพื่อการพัฒนาที่ยั่งยืน',
];
