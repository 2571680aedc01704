// Where a free phrase of a brief (a name, a place, a purpose) ends in unspaced Thai: the next label or particle; and
// the phrase after a label (brief.ts, brief-places.ts). "ที่" is a stop except inside พื้นที่/สถานที่/หน้าที่;
// "เพื่อ" ends a name but not a purpose list.
const STOP_WORDS = [
  // an ordinal's ที่ (ปีที่, ครั้งที่) is not the place word: the phrase keeps it and its number (phrase)
  '(?<!พื้น|สถาน|หน้า|ผู้|ใน|ค่า|เคลื่อน|ลำ|ปี|ครั้ง|รุ่น|ฉบับ)ที่(?!ปรึกษา|พัก)',
  '(?<=\\s|^|จัด)ณ(?=\\s|[ก-๛])',
  'ในวันที่',
  'เมื่อวันที่',
  '(?<=[ก-๛])เมื่อ(?=\\s|$)',
  'ระหว่างวันที่',
  'วันที่',
  'ช่วงวันที่',
  'ช่วง',
  'จัดขึ้น',
  'จะจัด',
  'จัดที่',
  'จัดวันที่',
  // who organises it is not part of the name: "… จัดโดยชมรม…"
  'จัดโดย',
  // "รณรงค์ลดหวานมันเค็ม จัดนิทรรศการ…": what is held, after a space, is a clause of its own
  '(?<=\\s)จัด(?=[ก-๛])',
  'งบประมาณ',
  'งบ(?=\\s|[0-9๐-๙]|ราว|ประมาณ)',
  'จำนวน',
  'เพื่อ',
  'ผู้เข้าร่วม',
  'ผู้รับผิดชอบ',
  'กลุ่มเป้าหมาย',
  'เป้าหมาย',
  'สอดคล้อง',
  'เวลา',
  'โดย',
  '(?<!โรง|การ|นัก|ห้อง|อาคาร|ตึก)เรียน',
  '(?<!ต่อ)เรื่อง',
  'ลงชื่อ',
  // who proposes or sends it: "เรียน คณบดี… ผู้เสนอ นายสมชาย …"
  '(?<=\\s)ผู้(?:เสนอ|ขอ|ส่ง|จัดทำ|ลงนาม)(?![ก-๛])',
  '\\s(?:จ\\.|จังหวัด|นักเรียน|นักศึกษา|นศ\\.)',
  'ของ(?=ชมรม|องค์การ|สภา|สโมสร|คณะ)',
  '(?<=\\s)(?=ชมรม|องค์การนักศึกษา|สโมสรนักศึกษา|สภานักศึกษา)',
  'ให้หน่อย',
  // the request itself after the facts: "… ถึงสมาชิกชมรม ช่วยร่างบันทึกข้อความให้หน่อย"
  '(?<=\\s)ช่วย(?:ร่าง|เขียน|ทำ)',
  // "ธรรมะสัญจร ไปวัดพระธาตุ…": where the activity goes is not its name
  '(?<=\\s)ไป(?=[ก-๛])',
  'หน่อย',
  'ครับ',
  'ค่ะ',
  'คะ',
  'นะ',
  'ด้วยครับ',
  'ให้ที(?![่-๋])',
  'ร่วมกับ',
  'วัน(?:จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์)',
  // a weekday named without วัน: "ศุกร์ที่ ๑๕ ม.ค."
  '(?<=\\s)(?:จันทร์|อังคาร|พุธ|พฤหัสบดี|พฤหัส|ศุกร์|เสาร์|อาทิตย์)ที่',
  'ปลายเดือน',
  'ต้นเดือน',
  'กลางเดือน',
  'สัปดาห์หน้า',
  'เดือนหน้า',
  'ประมาณ',
  'ราว',
  'มีผู้',
  'มีนักศึกษา',
  // "รวม 30 คน", not the lecture building อาคารเรียนรวม
  '(?<!อาคารเรียน|ตึกเรียน)รวม',
  '[0-9๐-๙]',
  '\\s(?:at|on|in|with|budget|from|to|by)\\s',
  '\\s@',
  'กับ(?=ชมรม|ชุมชน|โรงเรียน)',
];
const STOP = new RegExp(`\\s*(?:${STOP_WORDS.join('|')})|[\\n,;()“”"]|\\.\\s|\\s-\\s|$`);

export function phrase(text: string, from: number, extraStop?: RegExp): string | null {
  // a label at a line's end ("เรื่อง ขออนุมัติจัดโครงการ⏎") names nothing: a phrase never crosses a line
  const rest = text.slice(from).replace(/^[ \t:：=\-–]+/, '');
  let end = rest.search(STOP);
  if (extraStop) {
    // only a stop before the phrase's own end matters: searched there alone, a phrase costs what it reads, not the
    // rest of the text (a label written a thousand times would otherwise read the text a thousand times)
    const e = (end >= 0 ? rest.slice(0, end) : rest).search(extraStop);
    if (e >= 0 && (end < 0 || e < end)) end = e;
  }
  let v = (end >= 0 ? rest.slice(0, end) : rest).trim().replace(/[\s.]+$/, '');
  // "นักศึกษาชั้นปีที่ 2", "ค่ายอาสา ครั้งที่ 12", "น้องปี 1": an ordinal keeps its number; a Latin name keeps its year
  // ("RoboChallenge 2027"), not a day ("OTOP 1-3 ส.ค.")
  const ordinal =
    end < 0
      ? null
      : /(?:(?:ปี|ครั้ง|รุ่น|ฉบับ)ที่|(?:^|[ก-๛])ปี|ปี(?:การศึกษา|งบประมาณ))$/.test(v)
        ? /^\s*[0-9๐-๙]+(?:\/[0-9๐-๙]+)?/.exec(rest.slice(end))
        : /[A-Za-z]$/.test(v)
          ? /^\s*(?:19|20|25)[0-9]{2}(?![0-9๐-๙,.])/.exec(rest.slice(end))
          : null;
  if (ordinal) v = `${v} ${ordinal[0].trim()}`;
  return v.length >= 2 ? v.slice(0, 120) : null;
}

/** The phrase after the first occurrence of `label` that is followed by one. */
export function after(text: string, label: RegExp, extraStop?: RegExp): string | null {
  for (const m of text.matchAll(new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`))) {
    const p = phrase(text, m.index! + m[0].length, extraStop);
    if (p) return p;
  }
  return null;
}
