// The two official layouts as data (filled from the brief, placeholders elsewhere), and their plain
// text. The DOCX renderer draws the same structure, so the chat text and the file always agree.
import type { DraftType } from '../../../web/lib/drafting';
import { SDG_NAMES, type BriefFacts } from './brief';
import { bahtText, formatThaiAmount, formatThaiDate, thaiDayOf, toThaiDigits } from './thai';

export interface DraftSection {
  heading: string;
  paragraphs: string[];
}

export interface DraftDoc {
  type: DraftType;
  title: string;
  /** memo header lines: ส่วนราชการ, ที่, วันที่, เรื่อง, เรียน */
  fields: Array<{ label: string; value: string }>;
  sections: DraftSection[];
  signature: string[];
  /** how many of the key parts came from the brief (or the model) rather than placeholders */
  filled: number;
  total: number;
}

export const REVIEW_REMINDER = 'หมายเหตุ: เอกสารนี้เป็นร่างที่ระบบจัดทำขึ้นโดยอัตโนมัติ กรุณาตรวจสอบและแก้ไขรายละเอียดให้ถูกต้องครบถ้วนก่อนนำไปใช้งานจริง';

const ph = (what: string) => `[โปรดระบุ${what}]`;

/** Section texts a model (or a later edit) may supply, by heading. */
export type SectionTexts = Partial<Record<string, string>>;

function counter() {
  let filled = 0;
  let total = 0;
  return {
    pick(value: string | null | undefined, placeholder: string): string {
      total++;
      if (value && value.trim()) {
        filled++;
        return value.trim();
      }
      return placeholder;
    },
    get filled() {
      return filled;
    },
    get total() {
      return total;
    },
  };
}

const paragraphs = (text: string) => text.split(/\n{1,}/).map((p) => p.trim()).filter(Boolean);

export function memoLayout(f: BriefFacts, given: SectionTexts = {}, today = new Date()): DraftDoc {
  const c = counter();
  const date = f.dates[0] ? formatThaiDate(f.dates[0]) : formatThaiDate(thaiDayOf(today));
  const subject = c.pick(given['เรื่อง'] ?? f.subject, ph('เรื่อง'));
  const recipient = c.pick(given['เรียน'] ?? f.recipient, ph('ตำแหน่งผู้รับ เช่น ผู้อำนวยการกองพัฒนานักศึกษา'));
  const org = c.pick(f.organisation, ph('หน่วยงาน/องค์กรนักศึกษา'));
  const body = c.pick(
    given['เนื้อหา'],
    [
      `ด้วย${f.organisation ?? ph('องค์กรนักศึกษา')} มีความประสงค์${f.subject ?? ph('เรื่องที่ต้องการแจ้งหรือขออนุมัติ')}${f.dates[0] ? ` ในวันที่ ${formatThaiDate(f.dates[0])}` : ''}${f.venue ? ` ณ ${f.venue}` : ''}${f.amount ? ` โดยใช้งบประมาณ ${formatThaiAmount(f.amount)} บาท (${bahtText(f.amount)})` : ''}`,
      ph('รายละเอียดและเหตุผลความจำเป็น'),
      'จึงเรียนมาเพื่อโปรดพิจารณา',
    ].join('\n'),
  );
  const signer = c.pick(f.people[0], ph('ชื่อ-นามสกุล'));
  return {
    type: 'internal_memo',
    title: 'บันทึกข้อความ',
    fields: [
      { label: 'ส่วนราชการ', value: org },
      { label: 'ที่', value: `อว ${ph('เลขที่หนังสือ')}` },
      { label: 'วันที่', value: date },
      { label: 'เรื่อง', value: subject },
      { label: 'เรียน', value: recipient },
    ],
    sections: [{ heading: '', paragraphs: paragraphs(body) }],
    signature: ['(ลงชื่อ) ....................................................', `(${signer})`, ph('ตำแหน่ง')],
    filled: c.filled,
    total: c.total,
  };
}

export const PROJECT_HEADINGS = [
  'ชื่อโครงการ', 'หลักการและเหตุผล', 'วัตถุประสงค์', 'ความสอดคล้องกับเป้าหมายการพัฒนาที่ยั่งยืน (SDGs)', 'กลุ่มเป้าหมาย',
  'ระยะเวลาดำเนินการ', 'สถานที่ดำเนินการ', 'งบประมาณ', 'ผลที่คาดว่าจะได้รับ', 'การประเมินผล', 'ผู้รับผิดชอบโครงการ',
] as const;

export function projectLayout(f: BriefFacts, given: SectionTexts = {}): DraftDoc {
  const c = counter();
  const g = (h: (typeof PROJECT_HEADINGS)[number]) => given[h];
  const name = c.pick(g('ชื่อโครงการ') ?? f.projectName, ph('ชื่อโครงการ'));
  const sdgs = f.sdgs.length ? f.sdgs.map((n) => `เป้าหมายที่ ${toThaiDigits(n)} ${SDG_NAMES[n - 1]}`).join('\n') : null;
  const target = f.target ?? (f.participants ? `นักศึกษา จำนวน ${toThaiDigits(f.participants)} คน` : null);
  const period =
    f.dates.length >= 2 ? `ระหว่างวันที่ ${formatThaiDate(f.dates[0])} ถึงวันที่ ${formatThaiDate(f.dates[f.dates.length - 1])}` : f.dates[0] ? `วันที่ ${formatThaiDate(f.dates[0])}` : null;
  const budget = f.amount ? `งบประมาณทั้งสิ้น ${formatThaiAmount(f.amount)} บาท (${bahtText(f.amount)})\n${ph('รายละเอียดค่าใช้จ่ายจำแนกตามหมวด ได้แก่ ค่าตอบแทน ค่าใช้สอย และค่าวัสดุ')}` : null;
  const sections: DraftSection[] = [
    { heading: 'ชื่อโครงการ', paragraphs: [name] },
    { heading: 'หลักการและเหตุผล', paragraphs: paragraphs(c.pick(g('หลักการและเหตุผล'), ph('ความเป็นมา ปัญหา และความจำเป็นของโครงการ'))) },
    { heading: 'วัตถุประสงค์', paragraphs: paragraphs(c.pick(g('วัตถุประสงค์'), `๑. ${ph('วัตถุประสงค์ข้อที่ ๑')}\n๒. ${ph('วัตถุประสงค์ข้อที่ ๒')}`)) },
    { heading: PROJECT_HEADINGS[3], paragraphs: paragraphs(c.pick(g(PROJECT_HEADINGS[3]) ?? sdgs, ph('เป้าหมาย SDGs ที่เกี่ยวข้อง'))) },
    { heading: 'กลุ่มเป้าหมาย', paragraphs: paragraphs(c.pick(g('กลุ่มเป้าหมาย') ?? target, ph('กลุ่มเป้าหมายและจำนวนผู้เข้าร่วม'))) },
    { heading: 'ระยะเวลาดำเนินการ', paragraphs: [c.pick(period ?? g('ระยะเวลาดำเนินการ'), ph('วันที่ดำเนินโครงการ'))] },
    { heading: 'สถานที่ดำเนินการ', paragraphs: [c.pick(f.venue ?? g('สถานที่ดำเนินการ'), ph('สถานที่'))] },
    { heading: 'งบประมาณ', paragraphs: paragraphs(c.pick(budget ?? g('งบประมาณ'), ph('งบประมาณและแหล่งงบประมาณ'))) },
    { heading: 'ผลที่คาดว่าจะได้รับ', paragraphs: paragraphs(c.pick(g('ผลที่คาดว่าจะได้รับ'), ph('ผลที่คาดว่าจะได้รับ'))) },
    { heading: 'การประเมินผล', paragraphs: paragraphs(c.pick(g('การประเมินผล'), ph('ตัวชี้วัดความสำเร็จและวิธีการประเมินผล'))) },
    { heading: 'ผู้รับผิดชอบโครงการ', paragraphs: paragraphs(c.pick(f.people.length ? f.people.join('\n') : g('ผู้รับผิดชอบโครงการ'), ph('ชื่อผู้รับผิดชอบและอาจารย์ที่ปรึกษา'))) },
  ];
  return {
    type: 'student_activity_project',
    title: `โครงการ${name.startsWith('[') ? '' : name}`,
    fields: f.organisation ? [{ label: 'หน่วยงานที่เสนอ', value: f.organisation }] : [],
    sections,
    signature: ['(ลงชื่อ) ....................................................', `(${f.people[0] ?? ph('ชื่อ-นามสกุล')})`, 'ผู้เสนอโครงการ'],
    filled: c.filled,
    total: c.total,
  };
}

/** The chat version of a draft. Project sections are numbered with Thai numerals, as on paper. */
export function draftText(doc: DraftDoc, extra: string[] = []): string {
  const lines: string[] = [doc.title, ''];
  for (const f of doc.fields) lines.push(`${f.label} ${f.value}`);
  if (doc.fields.length) lines.push('');
  doc.sections.forEach((s, i) => {
    if (s.heading) lines.push(`${toThaiDigits(i + 1)}. ${s.heading}`);
    for (const p of s.paragraphs) lines.push(s.heading ? `    ${p}` : p);
    lines.push('');
  });
  lines.push(...doc.signature, '', ...extra, REVIEW_REMINDER);
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
