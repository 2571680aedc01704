// บันทึกข้อความ as แบบที่ ๒๙ of ระเบียบสำนักนายกรัฐมนตรีว่าด้วยงานสารบรรณ: ส่วนราชการ (organisation,
// faculty, phone); ที่ and วันที่ on one line (วันที่ = today, not the activity's date); เรื่อง; เรียน; the body
// in three parts (the reason, the purpose with the dates, place and numbers, the request); the signature.
import type { BriefFacts } from './brief';
import { moneyText, placeText, timeText, whenText } from './facts-text';
import { hint, orMissing, paragraphsOf, type Block, type DraftDoc, type ProseTexts } from './layout';
import { formatThaiDate, thaiDayOf, thaiNumerals, toThaiDigits } from './thai';
import { beforeName } from '../../../src/thai/spacing';

/** Parts of the memo a model may write as prose; the facts sentence and the request stay ours. */
export const MEMO_PROSE = ['เหตุผล', 'วัตถุประสงค์'] as const;

// a notice, a report or a summary tells; "ขอส่งรายงาน…", "ขอแจ้ง…" tell too
const NOTICE = /^(?:ขอ(?:ส่ง)?)?(?:แจ้ง|รายงาน|สรุป)/;

/** The closing line that fits the request: อนุมัติ, อนุญาต, ทราบ … */
function closing(subject: string | null): string {
  if (!subject) return 'จึงเรียนมาเพื่อโปรดพิจารณา';
  if (/^ขออนุมัติ/.test(subject)) return 'จึงเรียนมาเพื่อโปรดพิจารณาอนุมัติ';
  if (/^ขออนุญาต/.test(subject)) return 'จึงเรียนมาเพื่อโปรดพิจารณาอนุญาต';
  if (NOTICE.test(subject)) return 'จึงเรียนมาเพื่อโปรดทราบ';
  if (/^ขอเชิญ/.test(subject)) return 'จึงเรียนมาเพื่อโปรดพิจารณาเข้าร่วม';
  return 'จึงเรียนมาเพื่อโปรดพิจารณา';
}

/**
 * What the memo asks for, read from its เรื่อง: an activity to hold (every fact), money to claim or advance (the
 * amount and the activity's date), something to use, borrow or be lent, or someone to invite (the date and the
 * place), a notice or a report (the date and the place), an appointment (none of them). A fact the request does not
 * need is said when the brief gives it and is otherwise left out, not asked for: a loan of a projector has no budget, a
 * claim for a past activity no head count.
 */
type MemoKind = 'activity' | 'money' | 'use' | 'notice' | 'appoint';
function memoKind(subject: string | null): MemoKind {
  if (!subject) return 'activity';
  if (NOTICE.test(subject)) return 'notice';
  if (/^ขอ(?:อนุมัติ)?แต่งตั้ง/.test(subject)) return 'appoint';
  if (/^ขอ(?:อนุมัติ)?(?:เบิก|ยืมเงิน|ส่งใช้เงินยืม)|^ขออนุมัติงบประมาณ/.test(subject)) return 'money';
  if (/^ขอ(?:อนุญาต|อนุมัติ)?(?:ใช้|ยืม)|^ขอความอนุเคราะห์|^ขอเชิญ/.test(subject)) return 'use';
  return 'activity';
}
const NOT_ASKED: Record<MemoKind, readonly string[]> = {
  activity: [],
  money: ['สถานที่', 'จำนวนผู้เข้าร่วม'],
  use: ['จำนวนผู้เข้าร่วม', 'งบประมาณ'],
  notice: ['จำนวนผู้เข้าร่วม', 'งบประมาณ'],
  appoint: ['วันที่จัดกิจกรรม', 'สถานที่', 'จำนวนผู้เข้าร่วม', 'งบประมาณ'],
};

const dayNumber = (d: { day: number; month: number; yearBE: number }) => d.yearBE * 10_000 + d.month * 100 + d.day;

export interface MemoOptions {
  today?: Date;
  timeZone?: string;
  /** a blank form: no date of its own */
  blank?: boolean;
}

export function memoLayout(f: BriefFacts, prose: ProseTexts = {}, opts: MemoOptions = {}): DraftDoc {
  const org = f.organisation;
  const unit = [orMissing(org, 'ส่วนราชการ'), f.faculty && !org?.includes(f.faculty) ? f.faculty : null].filter(Boolean).join(' ');
  // a no-break space keeps โทร. with its number when the ส่วนราชการ line wraps
  const phone = `โทร.\u00a0${orMissing(f.phone ? toThaiDigits(f.phone) : null, 'หมายเลขโทรศัพท์')}`;
  const date = opts.blank ? hint('วันที่') : formatThaiDate(thaiDayOf(opts.today ?? new Date(), opts.timeZone));
  const who = org ?? hint('ชื่อองค์กรนักศึกษา');
  const activity = f.projectName ? beforeName('โครงการ', thaiNumerals(f.projectName)) : hint('ชื่อโครงการหรือกิจกรรม');

  const reason = prose['เหตุผล'] ?? (f.reason ? `ด้วย${who} ${f.reason}` : `ด้วย${who} ${orMissing(null, 'เหตุผลความจำเป็น')}`);
  const purpose = prose['วัตถุประสงค์'] ?? (f.purposes.length ? thaiNumerals(f.purposes.join(' และ')) : null);
  const when = whenText(f) ?? `วันที่ ${orMissing(null, 'วันที่จัดกิจกรรม')}${f.vagueDate ? ` (${f.vagueDate})` : ''}`;
  const kind = memoKind(f.subject);
  const subject = f.subject ? thaiNumerals(f.subject) : null;
  // a notice or a report ("แจ้งกำหนดการประชุม…") says what it tells; it asks nothing to be done
  const notice = kind === 'notice';
  const request = f.subject && !notice ? f.subject : null;
  // a request to use or borrow something says what for, where the brief names the activity: "ขอใช้หอประชุม เพื่อจัดงานไหว้ครู"
  const heldFor =
    !purpose && request && f.projectName && !request.includes(f.projectName) && /^ขอ(?:อนุญาต|อนุมัติ|ความอนุเคราะห์)?(?:ใช้|ยืม)/.test(request)
      ? `เพื่อจัด${/^(?:งาน|กิจกรรม|ค่าย|อบรม|สัมมนา|ประชุม|แข่งขัน)/.test(f.projectName) ? thaiNumerals(f.projectName) : activity}`
      : '';
  // what the brief gives of each fact a kind may not ask for: given, it is said; not given, asked for only where needed
  const given: Record<string, unknown> = { วันที่จัดกิจกรรม: f.dates ?? f.vagueDate, สถานที่: placeText(f), จำนวนผู้เข้าร่วม: f.participants, งบประมาณ: f.budget };
  const asked = (field: string) => !!given[field] || !NOT_ASKED[kind].includes(field);
  // money for an activity, or a report of one, says when it was held (or, for money, will be)
  const today = dayNumber(thaiDayOf(opts.today ?? new Date(), opts.timeZone));
  const past = !!f.dates && dayNumber(f.dates.end ?? f.dates.start) < today;
  const at = (kind === 'money' || notice) && past ? 'ซึ่งจัดขึ้นใน' : kind === 'money' ? 'ซึ่งจะจัดขึ้นใน' : 'ใน';
  const details = [
    notice
      ? `ในการนี้ ${who} ${/^ขอ/.test(subject!) ? subject : `ขอ${subject}`}`
      : `ในการนี้ ${who} จึงขอ${request ? thaiNumerals(request).replace(/^ขอ/, '') : `ดำเนิน${activity}`}`,
    purpose ? purpose : heldFor,
    asked('วันที่จัดกิจกรรม') ? `${at}${when}` : '',
    timeText(f) ?? '',
    // the place the request names already ("ขอใช้หอประชุมใหญ่") is not said again
    (f.venue && request?.includes(f.venue)) || !asked('สถานที่') ? '' : `ณ ${orMissing(placeText(f), 'สถานที่')}`,
    asked('จำนวนผู้เข้าร่วม') ? `มีผู้เข้าร่วม จำนวน ${f.participants ? toThaiDigits(f.participants.toLocaleString('en-US')) : orMissing(null, 'จำนวนผู้เข้าร่วม')} คน` : '',
    asked('งบประมาณ') ? `${kind === 'money' ? 'เป็นเงิน' : 'โดยใช้งบประมาณ'} ${f.budget ? moneyText(f.budget) : orMissing(null, 'งบประมาณ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  // the memo is signed by the organisation's officer, not its advisor, when both are named
  const signer = f.people.find((p) => !/ที่ปรึกษา|advis/i.test(p.position ?? '')) ?? f.people[0];
  const blocks: Block[] = [
    { kind: 'title', text: 'บันทึกข้อความ', size: 'memo' },
    { kind: 'field', label: 'ส่วนราชการ', value: `${unit} ${phone}` },
    { kind: 'fieldPair', left: { label: 'ที่', value: f.docNumber ? toThaiDigits(f.docNumber) : 'อว …………/…………' }, right: { label: 'วันที่', value: date } },
    { kind: 'field', label: 'เรื่อง', value: orMissing(subject, 'เรื่อง') },
    { kind: 'rule' },
    { kind: 'field', label: 'เรียน', value: orMissing(f.recipient, 'ผู้รับ (เรียน)') },
    ...paragraphsOf(reason).map((text): Block => ({ kind: 'para', text, indent: true })),
    { kind: 'para', text: details, indent: true },
    { kind: 'para', text: closing(f.subject), indent: true },
    {
      kind: 'signature',
      lines: ['…………………………………………', `(${orMissing(signer?.name, 'ชื่อผู้ลงนาม')})`, orMissing(signer?.position, 'ตำแหน่งผู้ลงนาม')],
    },
  ];
  const notAsked = NOT_ASKED[kind].filter((field) => !asked(field));
  return { type: 'internal_memo', title: 'บันทึกข้อความ', blocks, notAsked };
}
