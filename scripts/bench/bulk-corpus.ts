// Deterministic small Thai documents for the bulk ingest bench: one-page university announcements and
// the sections of a long law, one section per file. Sentences are drawn from fixed phrase lists with a
// seeded generator, so every run indexes the same text and the vocabulary is varied like real documents.
import { rng } from '../seeded-random.ts';

const pick = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)]!;

const TOPICS = [
  'การใช้ห้องปฏิบัติการ',
  'การสอบกลางภาค',
  'การชำระค่าธรรมเนียม',
  'การขอใช้รถยนต์ส่วนกลาง',
  'การจองห้องประชุม',
  'การลงทะเบียนเรียน',
  'การรับสมัครทุน',
  'การแต่งกายของนักศึกษา',
  'การจอดรถในมหาวิทยาลัย',
  'การใช้ห้องสมุด',
  'การฝึกงาน',
  'การยื่นคำร้อง',
];
const UNITS = ['กองกิจการนักศึกษา', 'สำนักทะเบียนและประมวลผล', 'กองคลัง', 'สำนักหอสมุด', 'คณะวิทยาศาสตร์', 'คณะมนุษยศาสตร์', 'งานอาคารสถานที่', 'ศูนย์คอมพิวเตอร์'];
const RULES = [
  'ให้ผู้ประสงค์ยื่นคำขอล่วงหน้าไม่น้อยกว่า {n} วันทำการ',
  'ผู้ใช้บริการต้องแสดงบัตรประจำตัวนักศึกษาทุกครั้ง',
  'ค่าบริการครั้งละ {n} บาท ชำระที่เคาน์เตอร์หรือผ่านระบบออนไลน์',
  'เปิดให้บริการวันจันทร์ถึงวันศุกร์ เวลา {h}.00 ถึง 16.30 นาฬิกา',
  'ห้ามนำอาหารและเครื่องดื่มเข้าไปภายในพื้นที่',
  'หากฝ่าฝืนจะถูกระงับสิทธิ์การใช้บริการเป็นเวลา {n} วัน',
  'ผู้ที่มีข้อสงสัยให้ติดต่อเจ้าหน้าที่ในวันและเวลาราชการ',
  'จำนวนผู้ใช้ต้องไม่เกิน {n} คนต่อครั้ง',
  'ให้ส่งเอกสารหลักฐานภายใน {n} วันนับแต่วันที่ได้รับอนุมัติ',
];
const LAW_SUBJECTS = ['ผู้ใด', 'เจ้าพนักงาน', 'ผู้ประกอบการ', 'ผู้รับใบอนุญาต', 'นายจ้าง', 'ผู้ถือหุ้น', 'ผู้เยาว์', 'คู่สัญญา'];
const LAW_ACTS = [
  'กระทำการโดยประมาทเป็นเหตุให้ผู้อื่นได้รับอันตราย',
  'ไม่ปฏิบัติตามคำสั่งของพนักงานเจ้าหน้าที่',
  'เปิดเผยข้อมูลที่ได้มาเนื่องจากการปฏิบัติหน้าที่',
  'ครอบครองทรัพย์สินของผู้อื่นโดยทุจริต',
  'ยื่นเอกสารอันเป็นเท็จต่อนายทะเบียน',
  'ประกอบกิจการโดยไม่ได้รับอนุญาต',
  'ทำให้เสียหายซึ่งทรัพย์ของผู้อื่น',
];
const PENALTIES = [
  'ต้องระวางโทษจำคุกไม่เกิน {n} ปี หรือปรับไม่เกิน {m} บาท หรือทั้งจำทั้งปรับ',
  'ต้องระวางโทษปรับไม่เกิน {m} บาท',
  'ให้นายทะเบียนมีอำนาจสั่งพักใช้ใบอนุญาตได้ไม่เกิน {n} วัน',
];

const fill = (r: () => number, s: string) =>
  s
    .replace('{n}', String(1 + Math.floor(r() * 30)))
    .replace('{m}', String((1 + Math.floor(r() * 20)) * 10000))
    .replace('{h}', String(7 + Math.floor(r() * 3)));

/** A one-page announcement: title, a reason, 3–6 numbered rules, date and signer. */
export function announcement(i: number): { file: string; text: string } {
  const r = rng(1000 + i);
  const id = String(i).padStart(4, '0');
  const topic = pick(r, TOPICS);
  const rules = Array.from({ length: 3 + Math.floor(r() * 4) }, (_, k) => `${k + 1}. ${fill(r, pick(r, RULES))}`);
  const text = [
    `ประกาศ${pick(r, UNITS)}`,
    `เรื่อง ${topic} ฉบับที่ ${i + 1} รหัสประกาศ ${70000 + i}`,
    `เพื่อให้${topic}เป็นไปด้วยความเรียบร้อย จึงกำหนดแนวปฏิบัติ ดังนี้`,
    ...rules,
    `ประกาศ ณ วันที่ ${1 + (i % 28)} มิถุนายน พ.ศ. 2568`,
  ].join('\n');
  return { file: `announcement-${id}.txt`, text };
}

/** One section of a long law: every file shares the act's title, as a real law's sections do. */
export function lawSection(i: number): { file: string; text: string } {
  const r = rng(50000 + i);
  const n = i + 1;
  const text = [
    'พระราชบัญญัติการประกอบกิจการและการคุ้มครองผู้บริโภค พ.ศ. 2568',
    `มาตรา ${n} ${pick(r, LAW_SUBJECTS)}${pick(r, LAW_ACTS)} ${fill(r, pick(r, PENALTIES))}`,
    r() < 0.4 ? `ในกรณีที่การกระทำตามวรรคหนึ่งเป็นการกระทำซ้ำภายใน ${1 + Math.floor(r() * 5)} ปี ให้ระวางโทษเป็นสองเท่า` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { file: `section-${String(n).padStart(4, '0')}.txt`, text };
}
