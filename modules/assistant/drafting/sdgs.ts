// The 17 Sustainable Development Goals: their official Thai names (as used by สศช.) and the words of a
// student brief that point to each. Goals the user names ("SDG 4", "เป้าหมายที่ ๑๓", a goal's Thai name)
// win; otherwise the brief's words choose them through this reviewed map.
import { toArabicDigits } from './thai';

export const SDG_NAMES = [
  'ขจัดความยากจน',
  'ขจัดความหิวโหย',
  'การมีสุขภาพและความเป็นอยู่ที่ดี',
  'การศึกษาที่มีคุณภาพ',
  'ความเท่าเทียมทางเพศ',
  'การจัดการน้ำและสุขาภิบาล',
  'พลังงานสะอาดที่เข้าถึงได้',
  'การจ้างงานที่มีคุณค่าและการเติบโตทางเศรษฐกิจ',
  'อุตสาหกรรม นวัตกรรม และโครงสร้างพื้นฐาน',
  'ลดความเหลื่อมล้ำ',
  'เมืองและถิ่นฐานมนุษย์อย่างยั่งยืน',
  'แผนการบริโภคและการผลิตที่ยั่งยืน',
  'การรับมือการเปลี่ยนแปลงสภาพภูมิอากาศ',
  'การใช้ประโยชน์จากทรัพยากรทางทะเล',
  'การใช้ประโยชน์จากระบบนิเวศทางบก',
  'สังคมสงบสุข ยุติธรรม ไม่แบ่งแยก',
  'ความร่วมมือเพื่อการพัฒนาที่ยั่งยืน',
];

/** Words that point to a goal. Kept specific: "อาหาร" alone would pick goal 2 for every ค่าอาหาร. */
const SDG_WORDS: Record<number, RegExp> = {
  1: /ความยากจน|ยากไร้|คนจน|poverty/i,
  2: /หิวโหย|เกษตรกร|ธนาคารอาหาร|ปลูกผัก|เกษตรอินทรีย์|โภชนาการ|ความมั่นคงทางอาหาร|hunger|food bank|nutrition/i,
  // an e-sport is no exercise; the elderly's care is goal 3's "at all ages" (target 3.8)
  3: /สุขภาพ|วิ่ง|กีฬา|(?<!e-?)sports?(?![a-z])|ผู้สูงอายุ|ติดเตียง|elderly|ออกกำลังกาย|ยาเสพติด|บริจาคโลหิต|บริจาคเลือด|ปฐมพยาบาล|health|blood donation|wellbeing|well-being/i,
  // skills taught (target 4.4: skills for work and life), not any training: อบรมอาชีพ is goal 8
  4: /การศึกษา|สอนหนังสือ|สอนน้อง|ครูอาสา|ติวหนังสือ|ติวเตอร์|ห้องสมุด|รักการอ่าน|สอนการบ้าน|เขียนโปรแกรม|ทักษะ|education|tutor|teaching|literacy|skills/i,
  5: /ความเท่าเทียมทางเพศ|ความหลากหลายทางเพศ|สตรี|gender|lgbt/i,
  6: /น้ำสะอาด|สุขาภิบาล|ห้องน้ำ|คุณภาพน้ำ|แหล่งน้ำ|ลำคลอง|ฝาย|clean water|sanitation/i,
  7: /พลังงานสะอาด|พลังงานทดแทน|โซลาร์|แสงอาทิตย์|ประหยัดพลังงาน|ประหยัดไฟ|solar|renewable energy/i,
  8: /อาชีพ|การจ้างงาน|รายได้|ผู้ประกอบการ|วิสาหกิจชุมชน|ตลาดนัด|otop|employment|entrepreneur|startup/i,
  9: /นวัตกรรม|smart farming|เกษตรอัจฉริยะ|เทคโนโลยี|โครงสร้างพื้นฐาน|hackathon|innovation|technology|coding/i,
  10: /ความเหลื่อมล้ำ|ผู้พิการ|คนพิการ|ด้อยโอกาส|ชาติพันธุ์|inequalit|disabilit|underprivileged/i,
  11: /ชุมชนยั่งยืน|เมืองยั่งยืน|มรดกวัฒนธรรม|อนุรักษ์วัฒนธรรม|ศิลปวัฒนธรรม|ภูมิปัญญาท้องถิ่น|พื้นที่สาธารณะ|ความปลอดภัยทางถนน|heritage|sustainable cit/i,
  12: /ขยะ|รีไซเคิล|คัดแยก|ลดการใช้พลาสติก|ลดพลาสติก|zero waste|recycl|waste|upcycl/i,
  13: /โลกร้อน|ภูมิอากาศ|คาร์บอน|ก๊าซเรือนกระจก|climate|carbon|global warming/i,
  14: /ทะเล|ชายหาด|ป่าชายเลน|ปะการัง|หญ้าทะเล|marine|beach|ocean|mangrove|coral/i,
  15: /ปลูกป่า|ปลูกต้นไม้|ป่าไม้|ต้นไม้|สัตว์ป่า|ความหลากหลายทางชีวภาพ|ฝาย|forest|tree planting|biodiversity|wildlife/i,
  16: /สันติ|ยุติธรรม|ทุจริต|ประชาธิปไตย|การเลือกตั้ง|ความรุนแรง|บูลลี่|กลั่นแกล้ง|สิทธิมนุษยชน|corruption|bullying|democracy|peace/i,
  17: /ความร่วมมือ|ภาคีเครือข่าย|เครือข่าย|partnership|mou/i,
};

const NAMED =
  /(?:sdgs?|เป้าหมาย(?:การพัฒนาที่ยั่งยืน)?|goals?)\s*(?:ข้อ|ที่|goal|no\.?|#)?\s*((?:[0-9]{1,2})(?:\s*(?:,|และ|and|&|\/|\+|-)\s*(?:sdgs?\s*)?[0-9]{1,2})*)/gi;

/** Goals the user names by number or by their Thai name. */
export function namedSdgs(text: string): number[] {
  const t = toArabicDigits(text.normalize('NFC'));
  const out = new Set<number>();
  for (const m of t.matchAll(NAMED)) for (const n of m[1].split(/[^0-9]+/)) if (Number(n) >= 1 && Number(n) <= 17) out.add(Number(n));
  SDG_NAMES.forEach((name, i) => t.includes(name) && out.add(i + 1));
  return [...out].sort((a, b) => a - b);
}

/** Goals the brief's words point to: the three mentioned first, in goal order. */
export function inferredSdgs(text: string): number[] {
  const t = text.normalize('NFC');
  return Object.entries(SDG_WORDS)
    .map(([n, re]) => ({ n: Number(n), at: t.search(re) }))
    .filter((g) => g.at >= 0)
    .sort((a, b) => a.at - b.at)
    .slice(0, 3)
    .map((g) => g.n)
    .sort((a, b) => a - b);
}
