// The words students type versus the words regulations are written in. Each group is [the wording
// documents use, the everyday and slang forms students use for the same thing]; a question containing
// any member is also searched with the documents' wording (query expansion). Slang is never added to a
// query: documents don't use it, and it would only add noise. The list is
// written from general Thai university life (registration, fees, exams, student activities, discipline)
// and reviewed by hand; it is not derived from any evaluation set. Admins add their own groups in the
// console (modules/synonyms keeps them in SQLite and hands them over with setAdminSynonyms).
import { forgetMemos } from './memo.ts';
import { codePointLength, foldThaiDigits, segmentWords } from './tokens.ts';

const boundarySegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Offsets where the segmenter puts a word boundary in `text` (its start, its end, between words). */
function wordBoundaries(text: string): Set<number> {
  const at = new Set<number>([0, text.length]);
  for (const seg of boundarySegmenter.segment(text)) at.add(seg.index).add(seg.index + seg.segment.length);
  return at;
}

/**
 * Whether a member found at `index` is a word of the question rather than a piece of a longer one: it starts
 * or ends at a word boundary. Students glue words ("สอบอิ้ง" segments as สอ|บอิ้ง: the member ends at one), but a
 * member inside one word is another word ("เซ็น" in "เปอร์เซ็นต์" is not signing; before, a percentage question
 * was searched with ลายมือชื่อ).
 */
function standsAlone(boundaries: Set<number>, index: number, length: number): boolean {
  return boundaries.has(index) || boundaries.has(index + length);
}

/** [wording documents use, wording students use] */
export type SynonymGroup = readonly [readonly string[], readonly string[]];

export const BUILT_IN_SYNONYMS: readonly SynonymGroup[] = [
  // money and fees
  [['ค่าธรรมเนียมการศึกษา'], ['ค่าเทอม', 'ค่าเรียน', 'ค่าลงทะเบียน']],
  [['ชำระเงิน'], ['จ่ายเงิน', 'จ่ายตังค์', 'จ่ายตัง', 'โอนเงิน']],
  [['ชำระล่าช้า'], ['จ่ายช้า', 'จ่ายเงินช้า', 'จ่ายไม่ทัน']],
  [['งบประมาณ'], ['ตังค์', 'ตัง', 'งบ', 'ทุนจัดกิจกรรม']],
  [
    ['เบิกจ่าย', 'หลักฐานการเบิกจ่าย'],
    ['เคลียร์บิล', 'เคลียร์เงิน', 'เบิกเงิน'],
  ],
  [['ผ่อนผัน'], ['ผ่อนค่าเทอม', 'ขอผ่อน', 'ขยายเวลาชำระ']],
  [['กองทุนเงินให้กู้ยืมเพื่อการศึกษา'], ['กยศ', 'กู้ยืม', 'เงินกู้เรียน']],
  [['ทุนการศึกษา'], ['ทุนเรียน', 'ขอทุน']],
  [['ค่าหอพัก'], ['ค่าหอ']],
  [
    ['หอพักนักศึกษา', 'หอพัก'],
    ['หอ', 'หอใน'],
  ],
  [['ปรับอากาศ'], ['แอร์', 'ห้องแอร์']],
  [['ประกอบอาหาร'], ['ทำอาหาร', 'ทำกับข้าว', 'หุงข้าว', 'ต้มมาม่า', 'ทำมาม่า']],
  [['เครื่องใช้ไฟฟ้า'], ['หม้อหุงข้าว', 'หม้อไฟฟ้า', 'กาต้มน้ำ', 'ไมโครเวฟ', 'เตารีด', 'ไดร์เป่าผม']],
  [['บุคคลภายนอก'], ['คนนอก', 'พาเพื่อนขึ้นห้อง', 'พาแฟนขึ้นห้อง']],
  [['ค้างคืนนอกหอพัก'], ['ไม่กลับหอ', 'ไม่นอนหอ', 'นอนนอกหอ', 'นอนข้างนอก']],
  [['ค่าสาธารณูปโภค'], ['ค่าน้ำค่าไฟ', 'ค่าน้ำไฟ']],
  [['ค่าปรับ'], ['โดนปรับ', 'เสียค่าปรับ']],
  [
    ['หนี้สิน', 'ค้างชำระ'],
    ['เคลียร์หนี้', 'ค้างจ่าย', 'หนี้ค้าง'],
  ],
  [['คืนเงิน'], ['ขอเงินคืน', 'ได้เงินคืน', 'รีฟันด์', 'refund']],
  [
    ['รายได้ของครอบครัว', 'รายได้ครอบครัว'],
    ['รายได้ที่บ้าน', 'ที่บ้านมีรายได้', 'ฐานะทางบ้าน', 'รายได้พ่อแม่', 'เงินเดือนพ่อแม่'],
  ],
  [
    ['ระงับการให้ทุน', 'ยกเลิกทุน'],
    ['ตัดทุน', 'ทุนโดนตัด', 'ทุนหลุด'],
  ],
  [['เงินประกัน'], ['ค่ามัดจำ', 'เงินมัดจำ', 'มัดจำ']],
  // terms and the calendar
  [['ภาคการศึกษา', 'ภาคเรียน'], ['เทอม']],
  [['ภาคฤดูร้อน'], ['ซัมเมอร์', 'เทอมซัมเมอร์', 'ภาคเรียนฤดูร้อน']],
  [['เปิดภาคการศึกษา'], ['เปิดเทอม', 'เปิดเรียน', 'วันเปิดภาค']],
  [['ปิดภาคการศึกษา'], ['ปิดเทอม']],
  [['สอบกลางภาค'], ['มิดเทอม', 'สอบมิดเทอม', 'สอบกลางเทอม']],
  [
    ['สอบไล่', 'สอบปลายภาค'],
    ['ไฟนอล', 'สอบไฟนอล', 'สอบปลายเทอม'],
  ],
  [['ประกาศผลการศึกษา'], ['เกรดออก', 'ผลสอบออก', 'ประกาศเกรด']],
  [['ผลการศึกษา'], ['เกรด', 'ผลการเรียน']],
  [['ค่าระดับคะแนนเฉลี่ย'], ['เกรดเฉลี่ย', 'จีพีเอ', 'gpa', 'gpax', 'เกรดเฉลี่ยสะสม']],
  [['อักษรลำดับขั้น'], ['ติดเอฟ', 'ติดf', 'ได้เอฟ']],
  [
    ['ถอนกระบวนวิชา', 'ถอนรายวิชา'],
    ['ดรอปวิชา', 'ดร็อปวิชา', 'ดรอป', 'ดร็อป', 'ถอนวิชา'],
  ],
  [
    ['เพิ่มกระบวนวิชา', 'เพิ่มรายวิชา'],
    ['เพิ่มวิชา', 'แอดวิชา'],
  ],
  [['ลงทะเบียนเรียน'], ['ลงวิชา', 'ลงเรียน', 'ลงทะเบียนวิชา']],
  [['ลงทะเบียนหลังกำหนด'], ['ลงทะเบียนล่าช้า', 'ลงทะเบียนช้า', 'ลงทะเบียนไม่ทัน']],
  [['งดการเรียนการสอน'], ['งดเรียน', 'งดการเรียน', 'หยุดเรียน', 'วันหยุด']],
  [['เข้าชั้นเรียน'], ['เข้าเรียน']],
  [['ขาดเรียน'], ['โดดเรียน', 'โดดคลาส', 'ไม่เข้าเรียน', 'ไม่เข้าชั้นเรียน']],
  [['สอบแก้ตัว'], ['สอบซ่อม']],
  [['สอบชดเชย'], ['สอบย้อนหลัง', 'สอบทีหลัง', 'ขอสอบใหม่']],
  [['ขาดสอบ'], ['ไม่ได้ไปสอบ', 'ไม่ได้เข้าสอบ', 'ไปสอบไม่ทัน']],
  [['เข้าสอบแทน'], ['จ้างสอบ', 'จ้างคนสอบ', 'สอบแทน', 'ให้คนอื่นสอบ']],
  // (no brand or model names: "ไอโฟนรุ่นไหนแบตอึด" is shopping; read as อุปกรณ์สื่อสาร it was answered from an
  // exam room's device rule at 69 %)
  [['อุปกรณ์สื่อสาร'], ['มือถือ', 'โทรศัพท์มือถือ']],
  [['รอพินิจ'], ['ติดโปร', 'โปรเบชั่น', 'โดนโปร']],
  [['หน่วยกิต'], ['เครดิต', 'หน่วยกิจ']],
  [['เทียบโอน'], ['โอนหน่วยกิต', 'เทียบวิชา', 'โอนวิชา']],
  [['ลงทะเบียนเรียนซ้ำ'], ['รีเกรด', 'เรียนซ้ำ', 'ลงซ้ำ']],
  [['ทุจริตในการสอบ'], ['ลอกข้อสอบ', 'โกงข้อสอบ', 'ทุจริตสอบ', 'โกงสอบ', 'โพย', 'ลอกเพื่อน']],
  [
    ['คัดลอกผลงาน', 'ลอกเลียนผลงาน'],
    ['ลอกงาน', 'ลอกการบ้าน', 'ลอกรายงาน', 'ก๊อปงาน'],
  ],
  // "ดรอป" alone is a course withdrawal; dropping a term or a year is a leave of absence
  [['ลาพักการศึกษา'], ['ดรอปเรียน', 'ดร็อปเรียน', 'ดรอปเทอม', 'ดร็อปเทอม', 'ดรอปปี', 'ดรอปไป', 'ดร็อปไป', 'ลาพักเรียน', 'ลาพักการเรียน']],
  // "พักการเรียน" is a suspension ("โดนสั่งพักการเรียน") as often as a leave: the documents' "พักการศึกษา"
  // is in both ("ลาพักการศึกษา", "สั่งพักการศึกษา")
  [['พักการศึกษา'], ['พักการเรียน', 'พักเรียน']],
  // universities write either word for a student's status
  [['รักษาสภาพ', 'รักษาสถานภาพ'], ['คงสภาพ']],
  [['คืนสภาพ'], ['กลับเข้าเรียนใหม่', 'ขอกลับมาเรียน', 'กลับมาเรียนต่อ', 'กลับมาเป็นนักศึกษา']],
  [['ลาออก'], ['ซิ่ว', 'ออกจากมหาลัย']],
  [
    ['พ้นสภาพนักศึกษา', 'พ้นสถานภาพ'],
    ['รีไทร์', 'โดนรีไทร์', 'หลุดสภาพ', 'หลุดสถานะ'],
  ],
  [['ย้ายสาขาวิชา'], ['ย้ายเอก', 'ย้ายสาขา', 'ย้ายคณะ']],
  [['สำเร็จการศึกษา'], ['เรียนจบ', 'จบการศึกษา']],
  [['พระราชทานปริญญาบัตร'], ['รับปริญญา']],
  [
    ['ครุยวิทยฐานะ', 'ครุย'],
    ['ชุดครุย', 'ชุดรับปริญญา'],
  ],
  [['ถ่ายภาพ'], ['ถ่ายรูป']],
  [['ใบรับรองแพทย์'], ['ใบรับรองหมอ', 'ใบหมอ', 'ใบแพทย์']],
  [
    ['แพทย์', 'สถานพยาบาล'],
    ['หมอ', 'คลินิก'],
  ],
  [['เจ็บป่วย'], ['ไม่สบาย']],
  [['ใบแสดงผลการศึกษา'], ['ทรานสคริปต์', 'transcript']],
  [['ฝึกประสบการณ์วิชาชีพ'], ['ฝึกงาน', 'สหกิจศึกษา']],
  [['อาจารย์ที่ปรึกษา'], ['แอดไวเซอร์', 'advisor']],
  [['นักศึกษาใหม่'], ['น้องใหม่', 'เฟรชชี่', 'ปีหนึ่ง']],
  [['นักศึกษา'], ['นศ', 'เด็กมหาลัย']],
  [['มหาวิทยาลัย'], ['มหาลัย', 'มหาลัยฯ', 'มอ']],
  [['ปริญญาตรี'], ['ป.ตรี']],
  // a fee or quota table lists ปริญญาโท and ปริญญาเอก as their own rows (before: both were read as
  // บัณฑิตศึกษา, and a doctoral question matched the master's row as well as its own)
  [['ปริญญาโท', 'บัณฑิตศึกษา'], ['ป.โท']],
  [['ปริญญาเอก', 'บัณฑิตศึกษา'], ['ป.เอก']],
  [['บัตรประจำตัวนักศึกษา'], ['บัตรนักศึกษา', 'บัตรนศ']],
  [['ภาษาอังกฤษ'], ['อิ้ง', 'อิ๊ง', 'อังกิด', 'อิงลิช']],
  // student organisations and activities
  [['กองพัฒนานักศึกษา'], ['กองพัฒน์']],
  [['กิจกรรมนอกสถานที่'], ['ออกค่าย', 'ค่าย', 'ทัศนศึกษา', 'ศึกษาดูงาน']],
  [['ค้างคืน'], ['ค้างแรม', 'นอนค้าง']],
  [['รายงานผลการดำเนินงาน'], ['สรุปโครงการ', 'ส่งรายงานผล', 'ปิดโครงการ']],
  [
    ['ลายมือชื่อ', 'ลงนาม'],
    ['เซ็น', 'เซ็นชื่อ', 'ลงชื่อ'],
  ],
  [['หนังสือยินยอม'], ['ใบยินยอม', 'ใบขออนุญาตผู้ปกครอง']],
  [['ผู้ปกครอง'], ['พ่อแม่', 'พ่อ', 'แม่']],
  [['ประกันอุบัติเหตุ'], ['ประกันภัย', 'ทำประกัน']],
  // conduct and discipline
  [
    ['เครื่องดื่มที่มีแอลกอฮอล์', 'เครื่องดื่มแอลกอฮอล์', 'สุรา'],
    ['เหล้า', 'เบียร์', 'ของมึนเมา', 'แอลกอฮอล์'],
  ],
  [['ยาสูบ'], ['บุหรี่', 'สูบบุหรี่']],
  [['บุหรี่ไฟฟ้า'], ['พอต', 'พอด', 'ดูดพอต', 'สูบพอต', 'เวป', 'vape']],
  [['การพนัน'], ['เล่นพนัน', 'พนันบอล', 'เล่นไพ่']],
  [['ทะเลาะวิวาท'], ['ตีกัน', 'ต่อยกัน', 'ชกต่อย', 'มีเรื่องกัน', 'ยกพวก']],
  [['ยาเสพติด'], ['ยาบ้า', 'กัญชา', 'ยาไอซ์', 'เสพยา']],
  [['คะแนนความประพฤติ'], ['คะแนนพฤติกรรม', 'ตัดคะแนน', 'หักคะแนน']],
  [
    ['ให้ออก', 'ไล่ออก'],
    ['โดนไล่ออก', 'ถูกไล่ออก', 'เชิญออก'],
  ],
  [['แต่งกาย'], ['แต่งตัว', 'ชุดนักศึกษา', 'เครื่องแบบ', 'ชุดไปรเวท', 'ไปรเวท']],
  [['รับน้อง'], ['ว้าก', 'การรับน้อง']],
  [['โทษทางวินัย'], ['โดนลงโทษ', 'ถูกลงโทษ', 'บทลงโทษ']],
  // wording of rules themselves
  [
    ['วินิจฉัย', 'ชี้ขาด'],
    ['ตัดสิน', 'ตีความ'],
  ],
  [['ใช้บังคับ'], ['มีผลบังคับใช้', 'มีผลใช้', 'เริ่มใช้', 'มีผล']],
  [
    ['ใช้บังคับ', 'ยกเลิก'],
    ['ยังใช้ได้', 'ยังใช้อยู่', 'ยังมีผล'],
  ],
  [['ยกเลิก'], ['ไม่ใช้แล้ว', 'เลิกใช้']],
  [['เรียกว่า'], ['ชื่อเต็ม', 'ชื่อทางการ', 'ชื่อเรียก']],
  [['ผู้อนุมัติ'], ['ใครอนุมัติ', 'คนเซ็นอนุมัติ']],
  // who is in charge of a law or regulation: every Thai act and regulation names it in a รักษาการ clause
  [['รักษาการ'], ['ผู้รับผิดชอบ', 'คนดูแล', 'ใครดูแล', 'ไหนดูแล', 'ใครรับผิดชอบ', 'ไหนรับผิดชอบ']],
  [
    ['เสนอ', 'ยื่น'],
    ['ส่งเรื่อง', 'ยื่นเรื่อง'],
  ],
  [['ไม่น้อยกว่า'], ['อย่างน้อย', 'ขั้นต่ำ']],
  [
    ['ไม่เกิน', 'สูงสุด'],
    ['มากสุด', 'มากที่สุด', 'เพดาน'],
  ],
];

// Members of three characters or fewer ("ตัง", "งบ", "นศ") match whole words only; longer ones match
// anywhere in the question, because students write slang without spaces and the segmenter often
// splits unfamiliar words ("มิดเทอม" → "มิด" "เทอม").
const SHORT_MEMBER = 3;

function normalise(s: string): string {
  return foldThaiDigits(s.normalize('NFC').toLowerCase()).replace(/[\s.]+/g, '');
}

interface PreparedGroup {
  doc: string[];
  /** the members students write, as listed */
  said: string[];
  docKeys: string[];
  keys: string[];
}
const prepared = new WeakMap<readonly SynonymGroup[], PreparedGroup[]>();

function prepare(groups: readonly SynonymGroup[]): PreparedGroup[] {
  let p = prepared.get(groups);
  if (!p) {
    p = groups.map(([doc, said]) => ({ doc: [...doc], said: [...said], docKeys: doc.map(normalise), keys: [...doc, ...said].map(normalise) }));
    prepared.set(groups, p);
  }
  return p;
}

// An admin's groups: the terms are equivalent, so a question naming one is also searched with all the
// others (each counts as a documents' wording). Where one wording is needed (inDocumentWording, how much
// of the question a passage covers) it is the first term: the editor asks for the documents' word first.
// Process-wide: one server serves one library, and these functions are called without an app at hand.
let adminGroups: readonly SynonymGroup[] = [];

/** The admin's groups from now on (replacing the last ones): the next question is read with them. */
export function setAdminSynonyms(groups: readonly (readonly string[])[]): void {
  adminGroups = groups.map((terms) => [[...terms], terms.slice(1)] as const);
  alternatives = null;
  // query terms and focus words are memoised per question; they depend on the groups
  forgetMemos();
}

/** Full years and terms a question names ("ปี 67" → "2567", "เทอม 1 ปี 68" → "1/2568"), for evidence scoring. */
export function yearsAndTerms(query: string): string[] {
  return [...new Set(expandYears(foldThaiDigits(query.normalize('NFC').toLowerCase())))];
}

/** Two-digit Buddhist years as students write them ("ปี 67", "1/68", "รหัส 66") in full: "2567", "1/2568". */
function expandYears(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/(?:ปี(?:การศึกษา)?|พ\.?ศ\.?|รหัส|รุ่น)\s*(\d{2})(?!\d)/g)) out.push(`25${m[1]}`);
  for (const m of query.matchAll(/(?<![\d/])(\d)\s*\/\s*(\d{2})(?![\d/])/g)) out.push(`${m[1]}/25${m[2]}`, `25${m[2]}`);
  // "เทอม 1 ปี 68", "ภาคเรียนที่ 2 ปีการศึกษา 2568": the term as calendars write it, "1/2568".
  for (const m of query.matchAll(/(?:เทอม|ภาค(?:การศึกษา|เรียน)?)\s*(?:ที่\s*)?(\d)(?![\d/])\D{0,24}?(?:ปี(?:การศึกษา)?|พ\.?ศ\.?)\s*(?:25)?(\d{2})(?!\d)/g))
    out.push(`${m[1]}/25${m[2]}`);
  return out;
}

const THAI_NUMBERS: Record<string, number> = { หนึ่ง: 1, สอง: 2, สาม: 3, สี่: 4, ห้า: 5, หก: 6 };

/** Clock times in everyday Thai as documents write them: "สี่ทุ่ม" → "22.00", "ตีสอง" → "02.00", "บ่ายสามโมง" → "15.00". */
function expandTimes(query: string): string[] {
  const n = (s: string) => THAI_NUMBERS[s] ?? Number(s);
  const at = (h: number) => `${String(h).padStart(2, '0')}.00`;
  const out: string[] = [];
  for (const m of query.matchAll(/(\d|หนึ่ง|สอง|สาม|สี่|ห้า)\s*ทุ่ม/g)) out.push(at(18 + n(m[1])));
  for (const m of query.matchAll(/ตี\s*(\d|หนึ่ง|สอง|สาม|สี่|ห้า)/g)) out.push(at(n(m[1])));
  for (const m of query.matchAll(/บ่าย\s*(\d|หนึ่ง|สอง|สาม|สี่|ห้า)?\s*โมง/g)) out.push(at(12 + (m[1] ? n(m[1]) : 1)));
  for (const m of query.matchAll(/(\d|หนึ่ง|สอง|สาม|สี่|ห้า|หก)\s*โมงเย็น/g)) out.push(at(12 + n(m[1])));
  if (/เที่ยงคืน/.test(query)) out.push('24.00');
  return out;
}

const MULTIPLIERS: Record<string, number> = { พัน: 1e3, หมื่น: 1e4, แสน: 1e5, ล้าน: 1e6, k: 1e3 };

/** Amounts written with a Thai multiplier ("5 หมื่น", "1.5 แสน", "20k") as plain numbers ("50000"). */
function expandAmounts(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/(\d+(?:\.\d+)?)\s*(พัน|หมื่น|แสน|ล้าน|k)(?![a-z])/gi)) {
    out.push(String(Math.round(Number(m[1]) * MULTIPLIERS[m[2].toLowerCase()])));
  }
  return out;
}

/**
 * Phrases to search for besides the question itself: the documents' wording of each synonym group the
 * question mentions, full years for short ones, and plain numbers for amounts with a multiplier.
 * `extra` groups (an admin's list) are used the same way as the built-in ones.
 */
export function expansions(query: string, extra: readonly SynonymGroup[] = adminGroups): string[] {
  const folded = foldThaiDigits(query.normalize('NFC').toLowerCase());
  const flat = normalise(query);
  const words = new Set(segmentWords(query).map(normalise));
  // Longest member first, and a matched member is blanked out, so "ค่าเทอม" counts as fees and not
  // also as "เทอม" (a term). A built-in group is brought in by its slang only: a question already in the
  // documents' wording ("ภาคการศึกษา", "ปริญญาโท") is searched as asked, not also with the group's other
  // wordings ("ภาคเรียน", "บัณฑิตศึกษา"), which matched neighbouring clauses (a definitions clause) more
  // than the one asked about. Measured (eval-answers retrieval hit@1, product vs BM25 word): leave
  // 0.69 → 0.75 (0.75), conduct 0.66 → 0.69 (0.69); eval-retrieval act hit@5 0.868 → 0.887, penal
  // 0.493/0.676 → 0.507/0.690, civil hit@5 0.857 → 0.841, xquad_th and iApp unchanged; answer evals unchanged
  // on library A except conduct +1 right. An admin's terms are all equivalent: any of them brings the rest.
  const candidates = [BUILT_IN_SYNONYMS, extra].flatMap((groups) =>
    prepare(groups).flatMap((g) => g.keys.map((key, i) => ({ key, g, slang: groups === extra || i >= g.docKeys.length })).filter((c) => c.key)),
  );
  candidates.sort((a, b) => b.key.length - a.key.length);
  let rest = flat;
  const boundaries = wordBoundaries(flat);
  const found = (key: string) => {
    for (let i = rest.indexOf(key); i >= 0; i = rest.indexOf(key, i + 1)) if (standsAlone(boundaries, i, key.length)) return true;
    return false;
  };
  const matched = new Set<PreparedGroup>();
  for (const { key, g, slang } of candidates) {
    if (codePointLength(key) <= SHORT_MEMBER ? words.has(key) : found(key)) {
      if (slang) matched.add(g);
      if (codePointLength(key) > SHORT_MEMBER) rest = rest.split(key).join('\u0000'.repeat(key.length)); // same length: offsets stay those of the boundaries
    }
  }
  const added = new Set<string>();
  for (const g of matched) g.doc.forEach((m, i) => !flat.includes(g.docKeys[i]) && added.add(m));
  for (const x of [...expandYears(folded), ...expandAmounts(folded), ...expandTimes(folded)]) if (!flat.includes(x)) added.add(x);
  return [...added];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normaliseCase = (s: string) => foldThaiDigits(s.normalize('NFC').toLowerCase());
/** A member as typed, with or without abbreviation dots: keys are kept without them ("ป.ตรี" is "ปตรี"), students write both. */
const abbreviable = (key: string) => [...key].map(escapeRegExp).join('\\.?');

interface Wording {
  pattern: RegExp;
  /** member key → the documents' form to write instead, or null for a documents' form (kept as written) */
  replace: Map<string, string | null>;
}
const wordings = new WeakMap<readonly SynonymGroup[], Wording>();

// One alternation, longest member first, so that a documents' form is read whole before any slang member
// inside it: "ค่าหอพัก" stays as written instead of its "ค่าหอ" being replaced ("ค่าหอพัก พัก"), and
// "เครื่องดื่มที่มีแอลกอฮอล์" keeps its "แอลกอฮอล์".
function wordingOf(extra: readonly SynonymGroup[]): Wording {
  let w = wordings.get(extra);
  if (!w) {
    const replace = new Map<string, string | null>();
    const source = new Map<string, string>();
    const groups = [...prepare(BUILT_IN_SYNONYMS), ...prepare(extra)];
    // (an admin's terms after the first are documents' forms too: they are still written as the first)
    for (const g of groups)
      g.said.forEach((member, i) => {
        const key = g.keys[g.docKeys.length + i]!;
        if (!key || key === g.docKeys[0]) return;
        // A short member is replaced only as written with its dots ("ป.โท"): bare, it is a piece of other words.
        if (codePointLength(key) > SHORT_MEMBER) source.set(key, abbreviable(key));
        else if (member.includes('.')) source.set(key, escapeRegExp(normaliseCase(member)));
        else return;
        replace.set(key, g.doc[0]!);
      });
    for (const g of groups)
      for (const key of g.docKeys)
        if (key && !replace.has(key)) {
          replace.set(key, null);
          source.set(key, abbreviable(key));
        }
    const keys = [...replace.keys()].sort((a, b) => b.length - a.length);
    w = { pattern: new RegExp(keys.map((k) => source.get(k)!).join('|'), 'g'), replace };
    wordings.set(extra, w);
  }
  return w;
}

/**
 * The question in the documents' wording: each slang member it mentions replaced by its group's first
 * documents' form ("ไปค่ายกินเหล้า" → "ไปกิจกรรมนอกสถานที่กินเครื่องดื่มที่มีแอลกอฮอล์"), for measuring how
 * much of the question a passage covers.
 */
export function inDocumentWording(query: string, extra: readonly SynonymGroup[] = adminGroups): string {
  const { pattern, replace } = wordingOf(extra);
  const text = foldThaiDigits(query.normalize('NFC').toLowerCase());
  const boundaries = wordBoundaries(text);
  return text.replace(pattern, (m, at: number) => {
    const doc = replace.get(m.replace(/\./g, ''));
    return doc && standsAlone(boundaries, at, m.length) ? ` ${doc} ` : m;
  });
}

/** The question with its expansions appended: what retrieval and evidence scoring read. */
export function withExpansions(query: string, extra: readonly SynonymGroup[] = adminGroups): string {
  const more = expansions(query, extra);
  return more.length ? `${query}\n${more.join(' ')}` : query;
}

let alternatives: Map<string, string[]> | null = null;

/** Every other wording of a group's member ("ยื่น" → "เสนอ", …), the admin's groups included; [] for a word in no group. */
export function alternativesOf(word: string): readonly string[] {
  if (!alternatives) {
    alternatives = new Map();
    for (const g of [...prepare(BUILT_IN_SYNONYMS), ...prepare(adminGroups)])
      for (const k of g.keys) if (k) alternatives.set(k, [...new Set([...(alternatives.get(k) ?? []), ...g.keys.filter((x) => x && x !== k)])]);
  }
  return alternatives.get(normalise(word)) ?? [];
}
