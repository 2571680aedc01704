// Where an activity happens, as a brief says it: after ณ, ที่ or a label, what a memo asks to use, a camp's school, or
// a place word standing alone; a numbered room keeps its number and building. Read by brief.ts.
import { phrase } from './brief-phrase';

const VENUE_NOUN =
  /(?:อาคาร|ตึก|ห้อง|หอประชุม|โรงเรียน|หมู่บ้าน|บ้าน|อุทยาน|ชุมชน|วัด|ตำบล|อำเภอ|ต\.|อ\.|จังหวัด|จ\.|ลาน|สนาม|มหาวิทยาลัย|ศูนย์|สวน|ชายหาด|หาด|เกาะ|ค่าย|โรงพยาบาล|ศาลา|สถาน|คณะ|ป่า|บริษัท|โรงงาน|โรงแรม|ตลาด|พิพิธภัณฑ์|เขื่อน|น้ำตก|โรงอาหาร|นิคม|สระว่ายน้ำ|ณ)/;
// What a memo asks to use is where it happens: "ขอใช้หอประชุมใหญ่", "ขออนุมัติใช้ห้องประชุม 301".
const USED_PLACE = /(?:อาคาร|ตึก|ห้อง|หอประชุม|ลาน|สนาม|ศาลา|โรงยิม|สระว่ายน้ำ|พื้นที่)/;
// A room, a floor or a building is numbered: the number belongs to the place ("ห้องประชุม 3 อาคารเรียนรวม", "ห้อง 201 อาคาร 5").
const NUMBERED_PLACE = /(?:ห้อง|อาคาร|ตึก|ชั้น|หอ|โซน|ลาน|สนาม|โรงยิม)[ก-๛]*$/;

// Words that continue a place after a space ("บ้านแม่กลางหลวง อ.จอมทอง", "หอประชุมใหญ่ มหาวิทยาลัย…").
const PLACE_CONTINUES = /^(?:อ\.|อำเภอ|ต\.|ตำบล|ชั้น|ห้อง|อาคาร|ตึก|มหาวิทยาลัย|คณะ|ถนน|ถ\.|ซอย|หมู่|ม\.|เขต|แขวง|วิทยาเขต|[0-9๐-๙]|[A-Za-z]{1,4}-?[0-9])/;

/** A place ends at a space unless a place word continues it ("ลานหน้าตึก ขายบัตร…" → "ลานหน้าตึก"); Latin names keep their words. */
function trimVenue(v: string | null): string | null {
  if (!v) return null;
  const words = v.split(' ');
  if (/^[A-Za-z]/.test(words[0])) return v;
  // a company is named after the word: "บริษัท ปตท"
  const kept = /^(?:บริษัท|ห้างหุ้นส่วน)$/.test(words[0]) && words.length > 1 ? words.slice(0, 2) : [words[0]];
  for (const w of words.slice(kept.length)) {
    if (!PLACE_CONTINUES.test(w)) break;
    kept.push(w);
  }
  return kept.join(' ');
}

/** `phrase`, with the numbers of a numbered room or building and the place words after them ("ห้อง 201 อาคาร 5"). */
function placePhrase(t: string, from: number, extraStop?: RegExp): string | null {
  let v = phrase(t, from, extraStop);
  if (!v) return null;
  const found = t.indexOf(v, from);
  // a phrase written back otherwise than the brief has it (an ordinal's number set apart) is taken as it is
  if (found < 0) return v;
  let at = found + v.length;
  // a room's code, cut at its digits ("ห้อง SC-" of "ห้อง SC-201"), is read whole below
  const code = /\s[A-Za-z]{1,4}-?$/.exec(v);
  if (code && NUMBERED_PLACE.test(v.slice(0, code.index))) {
    at -= code[0].length;
    v = v.slice(0, code.index);
  }
  // a room, its floor, its building, its zone: a place has a few numbered parts, never a text's worth
  for (let parts = 0; parts < 4 && NUMBERED_PLACE.test(v); parts++) {
    const number = /^\s?((?:[A-Za-z]{1,4}-?)?[0-9๐-๙]+(?:[/.\-][0-9๐-๙]+)?)(?![0-9๐-๙,]|\s*(?:คน(?!เรียน|สอน|ดู|ฟัง|เข้าร่วม)|ท่าน|ที่นั่ง|วัน(?!ที่)|ชั่วโมง|บาท))/.exec(
      t.slice(at),
    );
    if (!number) break;
    v = `${v} ${number[1]}`;
    at += number[0].length;
    const more = /^\s/.test(t.slice(at)) ? phrase(t, at, extraStop) : null;
    if (!more || !PLACE_CONTINUES.test(more)) break;
    v = `${v} ${more}`;
    at = t.indexOf(more, at) + more.length;
  }
  return v;
}

export function venue(t: string): string | null {
  return trimVenue(venueText(t));
}

function venueText(t: string): string | null {
  const label = /(?:(?:^|\s|จัด)ณ\s*|สถานที่(?:จัด)?(?:กิจกรรม|งาน|โครงการ|ดำเนินการ|ดำเนินงาน)?\s*[:：]?\s*|(?:^|\s)(?:at|venue:?)\s+|@\s*)/gi;
  for (const m of t.matchAll(label)) {
    const given = placePhrase(t, m.index! + m[0].length, /\s+(?:จ\.|จังหวัด)?$/);
    if (given) return given;
  }
  // a camp builds or gives for a school or a village: "สร้างห้องสมุดให้โรงเรียนบ้านป่าแดง"
  const at = new RegExp(
    `(?:ที่|ไป)(?=${VENUE_NOUN.source})|บริเวณ\\s*(?=[ก-๛])|ใช้(?=${USED_PLACE.source})|ให้(?=โรงเรียน|ชุมชน|หมู่บ้าน|วัด)|(?<=ให้นักเรียน)(?=โรงเรียน)`,
  ).exec(t);
  // "ขอใช้สนามฟุตบอลจัดแข่งขัน…": what is held there is not the place's name (a banquet room, ห้องจัดเลี้ยง, is)
  if (at) return placePhrase(t, at.index + at[0].length, /จัด(?!เลี้ยง|แสดง|ประชุม|สรร)/);
  // a visit in a community, where no place is named otherwise ("สอนเด็กในชุมชน ที่สระว่ายน้ำ…" is at the pool)
  const community = /(?<=[ก-๛])ใน(?=ชุมชน|หมู่บ้าน)/.exec(t);
  if (community) return placePhrase(t, community.index + community[0].length);
  // a place named without ณ/ที่, as a separate word: "… 15-17 ม.ค. โรงเรียนบ้านห้วยแก้ว จ.น่าน"
  // "… 13.00-15.00 น. ห้อง 301 อาคารเรียนรวม": a numbered room too, from its room on
  const bare =
    /(?:^|\s)(?=(?:โรงเรียน|อาคาร|ตึก|ห้อง|หอประชุม|อุทยาน|ชุมชน|วัด|ศูนย์|หมู่บ้าน|บ้าน|ลาน|สนาม|ชายหาด|หาด|เกาะ)[ก-๛]|(?:ห้อง|อาคาร|ตึก)\s?(?:[A-Za-z]{1,4}-?)?[0-9๐-๙])/.exec(
      t,
    );
  return bare ? placePhrase(t, bare.index + bare[0].length) : null;
}
