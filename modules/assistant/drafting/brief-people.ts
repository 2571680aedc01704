// People with their positions ("นายสมชาย ใจดี ประธานชมรม", "ที่ปรึกษา: ผศ.ดร.วิชัย", "น.ส.กานดา (เหรัญญิก)"),
// and the organisation and faculty a brief speaks for.

export interface Person {
  name: string;
  position: string | null;
}

const TITLE =
  '(?:ผู้ช่วยศาสตราจารย์|รองศาสตราจารย์|ศาสตราจารย์|อาจารย์|นางสาว|นาย|นาง|น\\.ส\\.|นส\\.|ด\\.ต\\.|ผศ\\.|รศ\\.|ศ\\.|ดร\\.|อ\\.(?=\\s?ดร\\.)|(?<![a-z])(?:mrs|mr|ms|dr)\\.?(?=\\s))';
// Titles stack: "ผศ.ดร.", "อาจารย์ ดร.".
// not inside a word: "นศ." holds "ศ.", "มิถุนายน" holds "นาย"
const TITLES = `(?<![ก-๛])(?:${TITLE}\\s?){1,3}`;
const THAI_WORD = '[ก-ฮเ-ไ][ก-๛]*'; // may open with a leading vowel (แก้วใส, ใจงาม)
// Thai has no capitals: a name ends where a position word, a label or a particle begins.
const NOT_NAME =
  /^(?:ประธาน|รองประธาน|นายก|อุปนายก|เลขา|เหรัญญิก|หัวหน้า|ผู้|อาจารย์ที่ปรึกษา|ที่ปรึกษา|กรรมการ|ตำแหน่ง|เป็น|และ|โทร|จาก|ชมรม|สโมสร|องค์การ|สภา|คณะ|ครับ|ค่ะ|คะ|นะ|ด้วย|ให้|ของ|ที่|ณ|วันที่|งบ|เพื่อ|จัด|ส่ง|เรียน|เรื่อง|ควบคุม|ผู้สอน|ประจำ|พี่เลี้ยง|ดูแล)/;

const POSITION = new RegExp(
  [
    'รองประธาน\\S*',
    'ประธาน\\S*',
    'อุปนายก\\S*',
    'นายกสโมสร\\S*',
    'นายกองค์การ\\S*',
    'นายก(?=\\s|$)',
    'เลขานุการ\\S*',
    'เหรัญญิก\\S*',
    'หัวหน้าโครงการ',
    'หัวหน้า\\S*',
    'ผู้ประสานงาน\\S*',
    'ผู้รับผิดชอบโครงการ',
    'อาจารย์ที่ปรึกษา\\S*',
    'ที่ปรึกษา\\S*',
    'กรรมการ\\S*',
    'president',
    'vice president',
    'secretary',
    'treasurer',
    'advisor',
    'adviser',
    'project leader',
    'coordinator',
  ].join('|'),
  'i',
);
const POSITION_AT_START = new RegExp(`^(?:\\s*[(:,–-]?\\s*(?:ตำแหน่ง\\s*)?)(${POSITION.source})`, 'i');
const POSITION_BEFORE = new RegExp(`(${POSITION.source})\\s*[:：]?\\s*$`, 'i');

/** A position word with its qualifier ("ประธานชมรมอาสา"), stopping at the next name or label. */
function cleanPosition(p: string): string {
  return p
    .replace(/[)\],;]+$/, '')
    .replace(/^(?:เป็น)/, '')
    .trim();
}

export function findPeople(text: string): Person[] {
  const t = text.normalize('NFC');
  const re = new RegExp(`(${TITLES})\\s?(${THAI_WORD}|[A-Z][a-z]+)(?:(\\s+)(${THAI_WORD}|[A-Z][a-z]+))?`, 'gi');
  const out: Person[] = [];
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const [whole, titlesRaw, first, gap, second] = m;
    // "อาจารย์ที่ปรึกษา ผศ.ดร.…", "นายกองค์การ…": a position, not a name; look again just after it
    if (NOT_NAME.test(first) || /^นายก(?:องค์การ|สโมสร|สภา|ชมรม)/.test(titlesRaw.trim() + first)) {
      re.lastIndex = m.index + titlesRaw.length + first.length;
      continue;
    }
    const last = second && !NOT_NAME.test(second) ? second : null;
    const name = `${titlesRaw.replace(/\s+/g, '')}${first}${last ? ` ${last}` : ''}`;
    const nameEnd = m.index! + (last ? whole.length : whole.length - (second ? second.length + gap.length : 0));
    const after = t.slice(nameEnd, nameEnd + 60);
    const before = t.slice(Math.max(0, m.index! - 40), m.index!);
    const pos = POSITION_AT_START.exec(after)?.[1] ?? POSITION_BEFORE.exec(before)?.[1] ?? null;
    if (!out.some((p) => p.name === name)) out.push({ name, position: pos ? cleanPosition(pos) : null });
  }
  return out;
}

// Words that follow a name in run-on Thai ("ชมรมอาสาจะจัด…"); chosen not to occur inside names ("ขอ" not before น: ขอนแก่น).
const RUN_ON =
  /(?:จะ|ขอ(?!น)|ต้องการ|อยาก|ร่วมกับ|ซึ่ง|โดย|เพื่อ|ได้รับ|มีความ|จัด(?:กิจกรรม|โครงการ|ค่าย|งาน)|\sณ|ในวันที่|วันที่|ครั้งที่|ครับ|ค่ะ|วัน(?:จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์)|พรุ่งนี้|สัปดาห์หน้า|อาทิตย์หน้า|เดือนหน้า).*$/;

const ORG =
  /(องค์การนักศึกษา(?:มหาวิทยาลัย\S*)?|สภานักศึกษา(?:มหาวิทยาลัย\S*)?|สโมสรนักศึกษา(?:คณะ\S+|\S*)|ชมรม(?:\s(?!(?:ครั้ง|และ|ของ|ใน|ที่|จะ|ได้|เพื่อ|ประจำ|บริเวณ|ณ|หน้า|โดย|วันที่|ทุก|ระหว่าง)))?[ก-๛A-Za-z]\S*|กลุ่มกิจกรรม\S+|[Ss]tudent [Cc]ouncil|[Ss]tudent [Uu]nion|(?:[A-Z][a-z]+ ){1,3}[Cc]lub)/;

// every organisation named, in order (matchAll reads a copy: the one regex serves every call)
const ORG_ALL = new RegExp(ORG.source, 'g');

// "… from the Student Council": an English brief names who sends it after from / by
const ENGLISH_SENDER = /(?:from|by)\s+(?:the\s+)?((?:[A-Z][A-Za-z]+\s){0,3}(?:Club|Council|Union|Society|Association))(?!\s+Building)/;

/** The student organisation ("ชมรมอาสาพัฒนา", "สโมสรนักศึกษาคณะวิทยาศาสตร์"). */
export function findOrganisation(text: string): string | null {
  const sender = ENGLISH_SENDER.exec(text.normalize('NFC'));
  if (sender) return sender[1]!;
  const t = text.normalize('NFC');
  // "ชมรมอาสาพัฒนาจะจัด…": Thai runs on without spaces; cut at the usual verbs that follow a name. A club named by
  // nothing before the cut ("ประชุมชมรมวันศุกร์หน้า": the meeting's day) names no club: the next one named does.
  const all = [...t.matchAll(ORG_ALL)].map((o) => ({ at: o.index!, name: o[1]!.replace(RUN_ON, '').trim() })).filter((o) => o.name !== 'ชมรม');
  // the advisor's club ("อาจารย์ที่ปรึกษาชมรม…") is the organisation only where the brief names no other
  const m = all.find((o) => !/ที่ปรึกษา\s?$/.test(t.slice(Math.max(0, o.at - 12), o.at))) ?? all[0];
  return m?.name || null;
}

const FACULTY = /(คณะ(?!กรรมการ|ทำงาน|ผู้)[ก-๛]+|faculty of [a-z ]+|(?<!มหา)วิทยาลัย[ก-๛]+)/i;

/** The faculty for ส่วนราชการ ("คณะวิศวกรรมศาสตร์"). */
export function findFaculty(text: string): string | null {
  const m = FACULTY.exec(text.normalize('NFC'));
  return m ? m[1].replace(RUN_ON, '').trim() : null;
}
