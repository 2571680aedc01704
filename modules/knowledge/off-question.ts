// Passages that share words with a question without being about it: the evidence gives them no
// confidence (evidence.ts), however far they stand above the rest of what was retrieved.

// The frame of a question: what kind of quantity it asks for (units of money, time and count, "price",
// "how many times"), not what it is about. "ราคาทองวันนี้บาทละเท่าไหร่" shares ราคา, วัน, บาท and เท่า with a
// library's fine schedule; only ทอง says what is asked, and no passage has it.
const FRAME = new Set([
  'บาท',
  'สตางค์',
  'วัน',
  'คืน',
  'เดือน',
  'ปี',
  'สัปดาห์',
  'อาทิตย์',
  'ชั่วโมง',
  'ชม',
  'นาที',
  'วินาที',
  'โมง',
  'ทุ่ม',
  'ครั้ง',
  'คน',
  'ราย',
  'เล่ม',
  'ชิ้น',
  'หน่วย',
  'ฉบับ',
  'แห่ง',
  'ตัว',
  'ใบ',
  'ราคา',
  'จำนวน',
  'เท่า',
  'ละ',
  'เวลา',
  'ช่วง',
  'ตอน',
]);

/** Whether the passage holds at least one of the question's topic words, beyond its frame (or the question is all frame). */
export function aboutTheQuestion(words: readonly string[], covered: (w: string) => boolean): boolean {
  const topic = words.filter((w) => !FRAME.has(w));
  return topic.length === 0 || topic.some(covered);
}

const TERM = /(?<![\d/])\d\/25\d\d(?![\d/])/;
const YEAR = /(?<![\d/])25\d\d(?![\d/])/;
const TERMS = new RegExp(TERM.source, 'g');
const YEARS = new RegExp(YEAR.source, 'g');

/**
 * Whether the passage is about another year or term than the one asked: the question names 2568 (or 1/2569),
 * the passage lacks it and names another one instead (an announcement for 2569, a calendar of 2568).
 */
export function otherYear(words: readonly string[], text: string): boolean {
  for (const w of words) {
    const kind = TERM.test(w) && w.match(TERM)?.[0] === w ? TERMS : YEAR.test(w) && w.match(YEAR)?.[0] === w ? YEARS : null;
    if (!kind || text.includes(w)) continue;
    if ([...text.matchAll(kind)].some((m) => m[0] !== w)) return true;
  }
  return false;
}
