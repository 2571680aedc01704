// Numbers in a brief: participants ("100 คน", "50 pax"), budgets with their units ("30k", "3 หมื่น",
// "1.5 แสน", "สามหมื่นบาท"), itemised costs ("ค่าอาหาร 10,000"), phone numbers.
// Hand-written: no npm package reads Thai number words or the พัน/หมื่น/แสน multipliers.
import { NUMBER_IN_WORDS, THAI_SCALE, thaiWordsToNumber } from '../../../src/thai/numbers';
import { toArabicDigits } from './thai';

export interface BudgetItem {
  item: string;
  amount: number;
}

const UNIT: Record<string, number> = { ...THAI_SCALE, k: 1000, K: 1000, m: 1_000_000, M: 1_000_000 };
// Every run a pattern here reads is bounded (a number's digits, an item's name, the words between a label and its count): an
// unbounded run retried from each place of a long text ("1,1,1,…", "ค่าค่าค่า…") costs the square of its length or worse,
// and a brief or an attached proposal is the user's text, read on the server's thread (drafting.test.ts reads such texts).
const NUMBER = '[0-9][0-9,]{0,14}(?:\\.[0-9]{1,4})?';
const COUNT = '[0-9][0-9,]{0,9}';
const UNIT_RE = '(k|K|พัน|หมื่น|แสน|ล้าน|m|M)?(?![a-zA-Z])';

const THAI_WORD_NUMBER = new RegExp(`(${NUMBER_IN_WORDS})\\s*บาท`);
const WORD_NUMBER_FIRST = new RegExp(`^(${NUMBER_IN_WORDS})`);

const scaled = (num: string, unit: string | undefined) => Number(num.replace(/,/g, '')) * (unit ? UNIT[unit] : 1);

const BUDGET_LABEL =
  /(?:งบประมาณ|งบ|วงเงิน|ค่าใช้จ่ายทั้งหมด|ค่าใช้จ่ายรวม|ค่าใช้จ่าย|เงินสนับสนุน|รวมทั้งสิ้น|เป็นเงิน|budget|total cost)\s*(?:ทั้งหมด|ทั้งสิ้น|รวม|ที่ขอ|ประมาณ|ราว|ไม่เกิน|around|about|approx\.?|of|is|:|=)*\s*/gi;

/** The whole budget in baht; a bare number after งบ ("งบ 30") is taken only with a unit or ≥ 100. */
export function findBudget(text: string): number | null {
  const t = toArabicDigits(text.normalize('NFC'));
  for (const m of t.matchAll(BUDGET_LABEL)) {
    const rest = t.slice(m.index! + m[0].length);
    const n = new RegExp(`^(${NUMBER})(?:\\.-)?\\s*${UNIT_RE}\\s*(บาท|บ\\.|baht|thb|฿)?`, 'i').exec(rest);
    if (n && n[1] !== '') {
      const v = scaled(n[1], n[2]);
      if (v > 0 && (n[2] || n[3] || v >= 100)) return v;
    }
    const w = WORD_NUMBER_FIRST.exec(rest);
    if (w) return thaiWordsToNumber(w[1]);
  }
  const withUnit =
    new RegExp(`(?<![0-9,.])(${NUMBER})\\s*${UNIT_RE}\\s*(?:บาท|baht|thb|฿)`, 'i').exec(t) ?? new RegExp(`฿\\s*(${NUMBER})\\s*${UNIT_RE}`).exec(t);
  if (
    withUnit &&
    !/^ค่า/.test(
      t
        .slice(Math.max(0, withUnit.index - 20), withUnit.index)
        .split(/\s/)
        .pop() ?? '',
    )
  ) {
    const items = findBudgetItems(text);
    const v = scaled(withUnit[1], withUnit[2]);
    // a lone cost item ("ค่าอาหาร 5,000 บาท") is not the whole budget: the items' sum is
    if (items.length) return items.reduce((s, i) => s + i.amount, 0);
    if (v > 0) return v;
  }
  const words = THAI_WORD_NUMBER.exec(t);
  if (words) return thaiWordsToNumber(words[1]);
  const items = findBudgetItems(text);
  return items.length ? items.reduce((s, i) => s + i.amount, 0) : null;
}

// "ค่า" but not "ค่าย" (a camp)
// a cost's count of things belongs to its name: "ค่าเช่ารถตู้ 2 คัน 6,000", "ค่าที่พัก 3 คืน 9,000"
const COUNTED_THINGS = '\\s?[0-9]{1,4}\\s?(?:คัน|คืน|วัน|ห้อง|ชุด|ชิ้น|เครื่อง|หลัง|ตัว|มื้อ|ครั้ง|เล่ม|ใบ)(?![ก-๛])';
const ITEM = new RegExp(
  `(ค่า(?!ย)[ก-๙a-zA-Z]{1,40}(?:\\s[ก-๙a-zA-Z]{1,40})?(?:${COUNTED_THINGS})?)\\s*[:=]?\\s*(${NUMBER})\\s*${UNIT_RE}\\s*(?:บาท|baht)?`,
  'g',
);

/** Itemised costs: "ค่าอาหาร 10,000 ค่าเดินทาง 15k" (without the total's own line). */
export function findBudgetItems(text: string): BudgetItem[] {
  const t = toArabicDigits(text.normalize('NFC'));
  const items: BudgetItem[] = [];
  for (const m of t.matchAll(ITEM)) {
    const item = m[1].replace(/\s*(?:ทั้งหมด|ทั้งสิ้น|รวม|ประมาณ|จำนวน|เป็นเงิน|ราคา)$/, '').trim();
    // the whole cost, and a name ending in an ordinal ("ค่าใช้จ่ายโครงการค่ายอาสา ครั้งที่ 12"): 12 is no amount
    if (/^ค่าใช้จ่าย(?:ทั้งหมด|รวม)?$/.test(item) || /(?:ครั้ง|รุ่น|ปี|ฉบับ)ที่$/.test(item)) continue;
    const amount = scaled(m[2], m[3]);
    if (amount > 0) items.push({ item, amount });
  }
  return items;
}

const PARTICIPANT_LABEL =
  /(?:ผู้เข้าร่วม(?:โครงการ|กิจกรรม)?|ผู้เข้าอบรม|ผู้ร่วมกิจกรรม|กลุ่มเป้าหมาย|เป้าหมาย|participants?|attendees|จำนวน)\s*(?:ประมาณ|ราว|ไม่เกิน|ไม่น้อยกว่า|around|about|approx\.?|:|=){0,4}\s*([0-9][0-9,]{0,9})/i;
// คน with a verb after it names who takes part ("คนเรียน 30 คน"): the number before it counts something else
const PEOPLE_UNIT =
  /(?<![0-9,]|[0-9]\.)([0-9][0-9,]{0,9})\s*(?:\+\s*)?(?:คน(?!เรียน|สอน|ดู|ฟัง|เข้าร่วม)|ท่าน|ราย|รูป|people|persons|participants|pax|students|volunteers|members)(?![a-z])/i;
// "80 นักศึกษา" counts students only where no count in คน does, and never a year ("… 2570 นศ. 50 คน")
const STUDENTS_UNIT = /(?<![0-9,]|[0-9]\.)(?!(?:25|20)[0-9]{2}(?![0-9]))([0-9][0-9,]{0,9})\s*(?:นักศึกษา|นศ\.?)/;

/** How many take part. A labelled count wins over the first "N คน" (committees are counted in คน too). */
export function findParticipants(text: string): number | null {
  const t = toArabicDigits(text.normalize('NFC'));
  // "ผู้เข้าร่วม: นักเรียนมัธยม 60 คน และนักศึกษา 20 คน": groups under one label are counted together
  const groups =
    /(?:ผู้เข้าร่วม(?:โครงการ|กิจกรรม)?|กลุ่มเป้าหมาย)\s*[:：]?\s*[^\n0-9]{0,60}?([0-9][0-9,]{0,9})\s*(?:คน|ท่าน)(?:\s*(?:และ|,|\+)\s*|[ \t]+)[^\n0-9]{0,60}?([0-9][0-9,]{0,9})\s*(?:คน|ท่าน)/.exec(
      t,
    );
  if (groups) return Number(groups[1]!.replace(/,/g, '')) + Number(groups[2]!.replace(/,/g, ''));
  // groups named one after another without a label: "นักกีฬา 15 คน ผู้ควบคุม 2 คน", "นักเรียน 40 คน พี่เลี้ยง 12 คน"
  const named = /(?:^|\s)[ก-๛]{1,30}\s*([0-9][0-9,]{0,9})\s*คน((?:\s+[ก-๛]{1,30}\s*[0-9][0-9,]{0,9}\s*คน(?![ก-๛])){1,6})/.exec(t);
  if (named) return [named[1]!, ...[...named[2]!.matchAll(/([0-9][0-9,]*)\s*คน/g)].map((m) => m[1]!)].reduce((s, n) => s + Number(n.replace(/,/g, '')), 0);
  // a competition counts teams: "ทีมละ 3 คน 40 ทีม", "40 ทีม ทีมละ 3 คน"
  const perTeam =
    /ทีม(?:ๆ)?\s*ละ\s*([0-9]{1,4})\s*คน\s*(?:จำนวน\s*)?([0-9]{1,4})\s*ทีม/.exec(t) ??
    /(?<![0-9])([0-9]{1,4})\s*ทีม\s*(?:ๆ\s*)?ทีม(?:ๆ)?\s*ละ\s*([0-9]{1,4})\s*คน/.exec(t);
  if (perTeam) return Number(perTeam[1]) * Number(perTeam[2]);
  // "จำนวน 3 วัน 2 คืน ผู้เข้าร่วม 80 คน": a labelled number counts people only when no other unit follows it
  for (const labelled of t.matchAll(new RegExp(PARTICIPANT_LABEL.source, 'gi'))) {
    const after = t.slice(labelled.index! + labelled[0].length);
    if (/^\s*(?:คน|ท่าน|ราย|people|pax|persons|students|volunteers)|^\s*(?:$|[,;)\n])/i.test(after)) return Number(labelled[1].replace(/,/g, ''));
  }
  const m = PEOPLE_UNIT.exec(t) ?? STUDENTS_UNIT.exec(t) ?? /(?:^|\s)คน\s*([0-9][0-9,]{0,9})(?![0-9])/.exec(t);
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

const PHONE = /(?:โทร(?:ศัพท์)?\.?|tel\.?|phone|เบอร์(?:โทร)?|ภายใน|ต่อ)\s*:?\s*((?:\+?66|0)?[0-9][0-9 -]{2,14}[0-9])/i;

/** The phone number for ส่วนราชการ ("โทร 0 5394 1234", "ภายใน 1234"). */
export function findPhone(text: string): string | null {
  const m = PHONE.exec(toArabicDigits(text));
  return m ? m[1].replace(/\s{2,}/g, ' ').trim() : null;
}
