// The sections of a student-activity proposal as people head them ("๓. หลักการและเหตุผล", "Objectives:",
// "งบประมาณ/ค่าใช้จ่าย"), and a proposal's text cut into those sections. Each section also carries the
// words a regulation uses for its subject, so a search finds the clause that governs it (budget → วงเงิน,
// place → นอกสถานที่/ค้างคืน, dates → ล่วงหน้า/ก่อนวันเริ่มกิจกรรม).

export interface ProposalSection {
  name: string;
  heading: RegExp;
  /** regulation words for this subject, added to the section's own text when searching; '' = no clause governs it */
  regulationWords: string;
  /** the words a clause asking for this section would use */
  requirementWords: string;
}

export const PROPOSAL_SECTIONS: ProposalSection[] = [
  { name: 'ชื่อโครงการ', heading: /^(?:ชื่อโครงการ|โครงการ\S|project(?: title| name)?\b)/i, regulationWords: '', requirementWords: 'ชื่อโครงการ' },
  {
    name: 'หลักการและเหตุผล',
    heading: /^(?:หลักการและเหตุผล|ความเป็นมา|ที่มาและความสำคัญ|เหตุผลความจำเป็น|rationale|background)/i,
    regulationWords: '',
    requirementWords: 'หลักการและเหตุผล',
  },
  { name: 'วัตถุประสงค์', heading: /^(?:วัตถุประสงค์|objectives?)/i, regulationWords: '', requirementWords: 'วัตถุประสงค์' },
  { name: 'เป้าหมาย', heading: /^(?:เป้าหมาย(?!การพัฒนา)|เป้าหมายเชิง|targets?\b)/i, regulationWords: '', requirementWords: 'เป้าหมาย' },
  {
    name: 'ความสอดคล้องกับเป้าหมายการพัฒนาที่ยั่งยืน (SDGs)',
    heading: /^(?:ความสอดคล้อง|sdgs?|เป้าหมายการพัฒนาที่ยั่งยืน)/i,
    regulationWords: '',
    requirementWords: 'การพัฒนาที่ยั่งยืน',
  },
  { name: 'กลุ่มเป้าหมาย/ผู้เข้าร่วม', heading: /^(?:กลุ่มเป้าหมาย|ผู้เข้าร่วม|participants?)/i, regulationWords: '', requirementWords: 'กลุ่มเป้าหมาย จำนวนผู้เข้าร่วม' },
  {
    name: 'ระยะเวลาดำเนินการ',
    heading: /^(?:ระยะเวลา|วัน(?:และ)?เวลา|วันที่(?:จัด|ดำเนิน)|กำหนดการ|duration|schedule)/i,
    regulationWords: 'เสนอโครงการล่วงหน้า ก่อนวันเริ่มกิจกรรม',
    requirementWords: 'วัน เวลา',
  },
  {
    name: 'สถานที่ดำเนินการ',
    heading: /^(?:สถานที่|venue|location)/i,
    regulationWords: 'นอกสถานที่ ค้างคืน เดินทาง อาจารย์ที่ปรึกษาร่วมเดินทาง',
    requirementWords: 'สถานที่ดำเนินการ',
  },
  {
    name: 'วิธีดำเนินการ',
    heading: /^(?:วิธีดำเนินการ|วิธีการดำเนินงาน|ขั้นตอน|แผนการดำเนินงาน|methods?|activities)/i,
    regulationWords: '',
    requirementWords: 'วิธีดำเนินการ',
  },
  {
    name: 'งบประมาณ',
    heading: /^(?:งบประมาณ|ค่าใช้จ่าย|รายละเอียดค่าใช้จ่าย|budget)/i,
    regulationWords: 'งบประมาณ วงเงิน ผู้อนุมัติ เพดานงบประมาณ',
    requirementWords: 'งบประมาณ รายละเอียดค่าใช้จ่าย',
  },
  { name: 'ตัวชี้วัดความสำเร็จ', heading: /^(?:ตัวชี้วัด|kpis?\b|indicators?)/i, regulationWords: '', requirementWords: 'ตัวชี้วัดความสำเร็จ' },
  {
    name: 'ผลที่คาดว่าจะได้รับ',
    heading: /^(?:ผลที่คาดว่าจะได้รับ|ประโยชน์ที่คาดว่าจะได้รับ|expected (?:outcomes?|results?))/i,
    regulationWords: '',
    requirementWords: 'ผลที่คาดว่าจะได้รับ',
  },
  {
    name: 'ผู้รับผิดชอบโครงการ',
    heading: /^(?:ผู้รับผิดชอบ|ผู้เสนอโครงการ|ผู้ดำเนินโครงการ|responsible|organi[sz]er)/i,
    regulationWords: 'ลายมือชื่อ ประธานองค์กรนักศึกษา อาจารย์ที่ปรึกษา',
    requirementWords: 'ลายมือชื่อ ประธาน อาจารย์ที่ปรึกษา',
  },
  {
    name: 'การประเมินผล',
    heading: /^(?:การประเมินผล|วิธีการประเมินผล|การติดตามและประเมินผล|evaluation)/i,
    regulationWords: 'รายงานผลการดำเนินงาน เสร็จสิ้นกิจกรรม',
    requirementWords: 'วิธีการประเมินผล',
  },
];

export interface FoundSection {
  section: ProposalSection;
  heading: string;
  body: string;
}

const NUMBERING = /^\s*(?:[0-9๐-๙]+(?:\.[0-9๐-๙]+)*[.)]?|[-•*■●]|ข้อ\s*[0-9๐-๙]+\.?)\s*/;

/**
 * A heading line: starting with a section's words, numbered or short. A numbered one may run on with its
 * content (PDF text often joins "๓. หลักการและเหตุผล โรงเรียน…" into one line).
 */
function headingOf(line: string): ProposalSection | null {
  const numbered = /^\s*[0-9๐-๙]/.test(line) && NUMBERING.test(line);
  const text = line
    .replace(NUMBERING, '')
    .replace(/^[*_#\s]+/, '')
    .trim();
  if (!text || (!numbered && text.length > 80)) return null;
  return PROPOSAL_SECTIONS.find((s) => s.heading.test(text)) ?? null;
}

/** The proposal cut at its section headings, in order; a section named twice keeps its first place. */
export function splitProposal(text: string): FoundSection[] {
  const out: FoundSection[] = [];
  let cur: FoundSection | null = null;
  for (const raw of text.normalize('NFC').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const section = headingOf(line);
    // a section already found ("ผู้เข้าร่วม 100 คน" under กลุ่มเป้าหมาย) is body text, not a new heading
    if (section && !out.some((f) => f.section === section)) {
      // "ชื่อโครงการ: ค่ายอาสา" keeps what follows the heading words on the same line
      const words = line.replace(NUMBERING, '').replace(/^[*_#\s]+/, '');
      const rest =
        section.name === 'ชื่อโครงการ'
          ? words.replace(/^(?:ชื่อโครงการ|project(?: title| name)?)[\s:：-]*/i, '')
          : words.replace(/^\S+?(?:[:：]|\s|$)/, '').replace(/^[\s:：.-]+/, '');
      cur = { section, heading: line, body: rest };
      out.push(cur);
    } else if (cur) cur.body += (cur.body ? '\n' : '') + line;
  }
  return out;
}
