// A Thai regulation's or announcement's closing: after its last clause, the date it takes effect ("ประกาศนี้ใช้บังคับ
// ตั้งแต่…", "ทั้งนี้ ตั้งแต่บัดนี้เป็นต้นไป"), the lead-out "จึงประกาศมาเพื่อทราบโดยทั่วกัน", the date it was issued
// ("ประกาศ ณ วันที่…", an order's "สั่ง ณ วันที่…", "ให้ไว้ ณ วันที่…") and its signer (a name in parentheses over the
// office). This is the closing formula of the government's own document style (ระเบียบสำนักนายกรัฐมนตรีว่าด้วยงาน
// สารบรรณ พ.ศ. ๒๕๒๖, the ประกาศ and คำสั่ง forms: "ประกาศ ณ วันที่" / "สั่ง ณ วันที่", then ลงชื่อ and ตำแหน่ง), which
// universities follow. Read as more of the last clause, it was cited as that clause, at the page the clause starts on
// (real_reg rmutp: a faculty announcement's last clause on page 2, its date of effect and signer on page 3), and it
// gave that clause words that are not its own. It is its own passage, under a heading that says what it holds.
import type { Line } from './line-shapes.ts';

/** The heading of a document's closing (chunker.ts). */
export const CLOSING_HEADING = 'วันที่ประกาศและผู้ลงนาม';

// The date of issue opens a line of its own; OCR often drops the tone mark of ที่.
const ISSUED = /^(?:ประกาศ|สั่ง|ให้ไว้)\s*ณ\s*วันที/;
// What stands on the lines just before it: the date of effect, and the lead-out of an announcement.
const LEAD_IN = /^(?:ทั้งนี้\s*)?(?:ตั้งแต่|(?:ประกาศ|ระเบียบ|ข้อบังคับ|คำสั่ง)นี้\s*(?:ให้)?\s*(?:มีผล)?\s*(?:ใช้)?\s*บังคับ)|^จึง(?:ประกาศ|แจ้ง)/;
// how many lead-in lines may stand before the date of issue
const LEAD_IN_LINES = 2;

/** Whether lines[i] starts a document's closing: the date-of-issue line, or a lead-in line right before it. */
export function startsClosing(lines: readonly Line[], i: number): boolean {
  if (ISSUED.test(lines[i]!.text)) return true;
  for (let j = i; j < Math.min(lines.length, i + LEAD_IN_LINES + 1); j++) {
    const text = lines[j]!.text;
    if (ISSUED.test(text)) return j > i;
    if (!LEAD_IN.test(text)) return false;
  }
  return false;
}
