// The SDGs student-activity proposal (โครงการ): every section in a fixed order, facts from the brief,
// steps and budget as tables, the total in Thai words. What the brief does not say stays a visible mark.
import type { BriefFacts } from './brief';
import { moneyText, participantsText, placeText, timeText, whenText } from './facts-text';
import { hint, numbered, orMissing, paragraphsOf, type Block, type DraftDoc, type ProseTexts } from './layout';
import { SDG_NAMES } from './sdgs';
import { formatThaiAmount, thaiNumerals, toThaiDigits } from './thai';
import { beforeName } from '../../../src/thai/spacing';

export const PROJECT_SECTIONS = [
  'ชื่อโครงการ',
  'หน่วยงานที่รับผิดชอบ',
  'หลักการและเหตุผล',
  'วัตถุประสงค์',
  'เป้าหมาย',
  'ความสอดคล้องกับเป้าหมายการพัฒนาที่ยั่งยืน (SDGs)',
  'กลุ่มเป้าหมาย/ผู้เข้าร่วม',
  'ระยะเวลาดำเนินการ',
  'สถานที่ดำเนินการ',
  'วิธีดำเนินการ',
  'งบประมาณ',
  'ตัวชี้วัดความสำเร็จ',
  'ผลที่คาดว่าจะได้รับ',
  'ผู้รับผิดชอบโครงการ',
  'การประเมินผล',
] as const;

/** Parts a model may write as prose; facts (dates, place, numbers, money, goals, people) stay the brief's. */
export const PROJECT_PROSE = ['หลักการและเหตุผล', 'วัตถุประสงค์', 'เป้าหมายเชิงคุณภาพ', 'ตัวชี้วัดความสำเร็จ', 'ผลที่คาดว่าจะได้รับ', 'การประเมินผล'] as const;

const sdgLine = (n: number) => `เป้าหมายที่ ${toThaiDigits(n)} ${SDG_NAMES[n - 1]}`;

function sdgParagraphs(f: BriefFacts): string[] {
  if (f.sdgsNamed.length) return f.sdgsNamed.map(sdgLine);
  if (f.sdgsInferred.length) return [...f.sdgsInferred.map(sdgLine), hint('เลือกจากเนื้อหาของโครงการ โปรดตรวจสอบความสอดคล้อง')];
  return [orMissing(null, 'เป้าหมาย SDGs')];
}

function budgetRows(f: BriefFacts): { rows: string[][]; total: number | null } {
  const items = f.budgetItems.map((i) => [thaiNumerals(i.item), formatThaiAmount(i.amount)]);
  const sum = f.budgetItems.reduce((s, i) => s + i.amount, 0);
  const total = f.budget ?? (sum || null);
  if (!items.length) items.push([orMissing(null, 'รายการค่าใช้จ่าย'), total ? formatThaiAmount(total) : hint('จำนวนเงิน')]);
  else if (total && total > sum) items.push([hint('รายการอื่น ๆ'), formatThaiAmount(total - sum)]);
  const rows = items.map((r, i) => [toThaiDigits(i + 1), ...r]);
  rows.push(['', 'รวมทั้งสิ้น', total ? formatThaiAmount(total) : orMissing(null, 'งบประมาณ')]);
  return { rows, total };
}

function stepRows(f: BriefFacts, who: string): string[][] {
  const when = f.dates ? (whenText(f) ?? '').replace(/^(?:ระหว่าง)?วันที่ /, '') : hint('วันที่จัดกิจกรรม');
  return [
    ['ประชุมวางแผนและเสนอโครงการเพื่อขออนุมัติ', hint('วันที่'), who],
    ['ประชาสัมพันธ์และรับสมัครผู้เข้าร่วม', hint('วันที่'), who],
    [beforeName('ดำเนินกิจกรรมตามโครงการ', f.projectName ? thaiNumerals(f.projectName) : ''), when, who],
    ['สรุปผล ประเมินผล และรายงานผลการดำเนินงาน', hint('วันที่'), who],
  ].map((r, i) => [toThaiDigits(i + 1), ...r]);
}

export function projectLayout(f: BriefFacts, prose: ProseTexts = {}): DraftDoc {
  // the brief's numbers in Thai digits, as every other number of the proposal (a Latin name's year as written)
  const name = f.projectName ? thaiNumerals(f.projectName) : null;
  const org = f.organisation ? [f.organisation, f.faculty && !f.organisation.includes(f.faculty) ? f.faculty : null].filter(Boolean).join(' ') : null;
  const advisor = f.people.find((p) => /ที่ปรึกษา|advis/i.test(p.position ?? ''));
  const lead = f.people.find((p) => p !== advisor);
  const who = org ?? hint('ผู้รับผิดชอบ');
  const section = (n: number): Block => ({ kind: 'section', heading: `${toThaiDigits(n + 1)}. ${PROJECT_SECTIONS[n]}` });
  const paras = (texts: string[], indent = true): Block[] => texts.map((text) => ({ kind: 'para', text, indent }));
  const reason = prose['หลักการและเหตุผล'] ?? f.reason ?? null;
  const objectives = prose['วัตถุประสงค์']
    ? paragraphsOf(prose['วัตถุประสงค์']!)
    : f.purposes.length
      ? numbered(f.purposes.map(thaiNumerals))
      : [orMissing(null, 'วัตถุประสงค์')];
  const budget = budgetRows(f);
  const count = f.participants ? toThaiDigits(f.participants.toLocaleString('en-US')) : null;
  const blocks: Block[] = [
    { kind: 'title', text: beforeName('โครงการ', name ?? ''), size: 'project' },
    section(0),
    ...paras([orMissing(name, 'ชื่อโครงการ')]),
    section(1),
    ...paras([orMissing(org, 'หน่วยงานที่เสนอ')]),
    section(2),
    ...paras(reason ? paragraphsOf(reason) : [orMissing(null, 'หลักการและเหตุผล')]),
    section(3),
    ...paras(objectives),
    section(4),
    { kind: 'subheading', text: `${toThaiDigits(5)}.๑ เชิงปริมาณ` },
    ...paras([count ? `ผู้เข้าร่วมโครงการ จำนวน ${count} คน` : orMissing(null, 'จำนวนผู้เข้าร่วม')]),
    { kind: 'subheading', text: `${toThaiDigits(5)}.๒ เชิงคุณภาพ` },
    ...paras(prose['เป้าหมายเชิงคุณภาพ'] ? paragraphsOf(prose['เป้าหมายเชิงคุณภาพ']!) : [hint('ผลเชิงคุณภาพที่ต้องการ เช่น ผู้เข้าร่วมมีความรู้ความเข้าใจเพิ่มขึ้น')]),
    section(5),
    ...paras(sdgParagraphs(f)),
    section(6),
    ...paras([orMissing(participantsText(f) ?? (f.target ? thaiNumerals(f.target) : null), 'กลุ่มเป้าหมาย')]),
    section(7),
    ...paras([[whenText(f) ?? `${orMissing(null, 'ระยะเวลาดำเนินการ')}${f.vagueDate ? ` (${f.vagueDate})` : ''}`, timeText(f)].filter(Boolean).join(' ')]),
    section(8),
    ...paras([orMissing(placeText(f), 'สถานที่')]),
    section(9),
    { kind: 'table', header: ['ที่', 'ขั้นตอนการดำเนินงาน', 'ระยะเวลา', 'ผู้รับผิดชอบ'], rows: stepRows(f, who), widths: [7, 43, 24, 26] },
    section(10),
    ...paras([budget.total ? `งบประมาณทั้งสิ้น ${moneyText(budget.total)} รายละเอียดดังนี้` : `งบประมาณทั้งสิ้น ${orMissing(null, 'งบประมาณ')} บาท`]),
    { kind: 'table', header: ['ที่', 'รายการ', 'จำนวนเงิน (บาท)'], rows: budget.rows, widths: [8, 62, 30], totalRow: true },
    section(11),
    ...paras(
      prose['ตัวชี้วัดความสำเร็จ']
        ? paragraphsOf(prose['ตัวชี้วัดความสำเร็จ']!)
        : numbered([
            `ผลผลิต: ผู้เข้าร่วมโครงการ ${count ? `จำนวน ${count} คน` : hint('จำนวนผู้เข้าร่วม')}`,
            `ผลลัพธ์: ผู้เข้าร่วมมีความพึงพอใจต่อโครงการไม่น้อยกว่าร้อยละ ${hint('ร้อยละ')}`,
          ]),
    ),
    section(12),
    ...paras(prose['ผลที่คาดว่าจะได้รับ'] ? paragraphsOf(prose['ผลที่คาดว่าจะได้รับ']!) : [hint('ผลที่คาดว่าจะได้รับ')]),
    section(13),
    ...paras(f.people.length ? f.people.map((p) => (p.position ? `${p.name} ${p.position}` : p.name)) : [orMissing(null, 'ผู้รับผิดชอบโครงการ')]),
    section(14),
    ...paras(
      prose['การประเมินผล'] ? paragraphsOf(prose['การประเมินผล']!) : ['ประเมินจากแบบประเมินความพึงพอใจของผู้เข้าร่วม การสังเกตการมีส่วนร่วม และการเทียบผลกับตัวชี้วัดความสำเร็จ'],
    ),
    // the proposer and, when named, the advisor sign (student-activity rules ask for both)
    { kind: 'signature', lines: ['ลงชื่อ ……………………………………', `(${lead?.name ?? hint('ชื่อ-นามสกุล')})`, lead?.position ?? hint('ตำแหน่ง'), 'ผู้เสนอโครงการ'] },
    ...(advisor ? [{ kind: 'signature' as const, lines: ['ลงชื่อ ……………………………………', `(${advisor.name})`, 'อาจารย์ที่ปรึกษา'] }] : []),
  ];
  return { type: 'student_activity_project', title: blocks[0].kind === 'title' ? blocks[0].text : 'โครงการ', blocks };
}
