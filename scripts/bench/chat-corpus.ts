// The chat bench's library: synthetic Thai regulations, the same text every run (a seeded generator), and the
// questions a student could ask about some of its clauses (about one clause in 200). Shared by scripts/bench/chat.ts
// (the server over HTTP) and scripts/bench/chat-turn.ts (the answering core in process).
import type { AppContext } from '../../src/context';
import { addDocument as addToThisTree } from '../../modules/assistant/test-corpus';
import { toThaiDigits } from '../../src/thai/digits';

// Deterministic pseudo-random text: the same corpus every run.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
const thai = (n: number) => toThaiDigits(n);

const SUBJECTS = ['องค์กรนักศึกษา', 'สโมสรนักศึกษาคณะ', 'ชมรม', 'สภานักศึกษา', 'องค์การนักศึกษา', 'อาจารย์ที่ปรึกษา', 'ผู้ประสานงานโครงการ'];
const ACTS = [
  'ขอใช้สถานที่',
  'เบิกจ่ายงบประมาณ',
  'จัดกิจกรรมนอกสถานที่',
  'ขออนุมัติโครงการ',
  'รายงานผลการดำเนินงาน',
  'จัดซื้อวัสดุ',
  'เชิญวิทยากรภายนอก',
  'ประชาสัมพันธ์กิจกรรม',
  'ยืมครุภัณฑ์',
  'จัดค่ายอาสาพัฒนา',
];
const UNITS = ['กองพัฒนานักศึกษา', 'งานการเงิน', 'สำนักงานอธิการบดี', 'งานพัสดุ', 'คณะกรรมการกิจการนักศึกษา', 'ฝ่ายอาคารสถานที่'];
const TOPICS = ['ห้องประชุม', 'รถตู้', 'หอประชุม', 'สนามกีฬา', 'เครื่องเสียง', 'ค่าอาหาร', 'ค่าเดินทาง', 'ค่าตอบแทนวิทยากร', 'ประกันอุบัติเหตุ', 'หนังสือยินยอมผู้ปกครอง'];

const asked: string[] = [];
const SYLLABLES = ['กา', 'นที', 'พร', 'ศรี', 'มณี', 'ธารา', 'วัฒน', 'สุข', 'ชัย', 'ภูมิ', 'รัตน', 'ทอง', 'แสง', 'ดาว', 'ฟ้า', 'ดิน', 'ใบ', 'ไม้', 'ธรรม', 'ปัญญา'];
/** A made-up activity name: real regulations name distinct things, so clauses are not all alike. */
const activity = () => `กิจกรรม${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;

function clause(n: number): string {
  const [s, act, topic, unit, name] = [pick(SUBJECTS), pick(ACTS), pick(TOPICS), pick(UNITS), activity()];
  // Every 200th clause becomes a question a student could ask about it.
  if (rand() < 0.005) asked.push(`${s}ที่จะ${act}เกี่ยวกับ${topic}สำหรับ${name} ต้องยื่นคำขอต่อ${unit}ล่วงหน้ากี่วัน`);
  return [
    `ข้อ ${thai(n)} ${s}ที่ประสงค์จะ${act}เกี่ยวกับ${topic}สำหรับ${name} ให้ยื่นคำขอต่อ${unit}ล่วงหน้าไม่น้อยกว่า ${thai(3 + Math.floor(rand() * 40))} วัน`,
    `โดยต้องแนบเอกสารประกอบ ได้แก่ ${pick(TOPICS)} ${pick(TOPICS)} และรายละเอียดค่าใช้จ่ายไม่เกิน ${thai(1000 * (1 + Math.floor(rand() * 90)))} บาท`,
    `ทั้งนี้ หาก${s}ไม่ปฏิบัติตามข้อนี้ ให้${pick(UNITS)}มีอำนาจระงับการ${pick(ACTS)}ได้ตามที่เห็นสมควร`,
  ].join(' ');
}

function regulation(d: number, clauses: number): string {
  const lines = [`ระเบียบมหาวิทยาลัยว่าด้วยการ${pick(ACTS)} ฉบับที่ ${thai(d + 1)}`];
  for (let c = 1; c <= clauses; c++) {
    if (c % 25 === 1) lines.push(`หมวด ${thai(Math.ceil(c / 25))} การ${pick(ACTS)}`);
    lines.push(clause(c));
  }
  return lines.join('\n');
}

type AddDocument = (ctx: AppContext, doc: { title: string; text: string; fallbackContact?: string }) => Promise<string>;

/**
 * Adds the bench's `docs` regulations of `clauses` clauses each to the library; returns the questions asked of them
 * (at most 50). `addDocument`: another checkout's (a context opened by that checkout's code).
 */
export async function addBenchLibrary(ctx: AppContext, docs: number, clauses: number, addDocument: AddDocument = addToThisTree): Promise<string[]> {
  for (let d = 0; d < docs; d++)
    await addDocument(ctx, { title: `ระเบียบกิจการนักศึกษา เล่ม ${thai(d + 1)}`, text: regulation(d, clauses), fallbackContact: 'กองพัฒนานักศึกษา' });
  return asked.slice(0, 50);
}
