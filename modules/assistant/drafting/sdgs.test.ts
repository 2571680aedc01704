// The reviewed SDG map: every goal has its official Thai name and is reachable from a student's words;
// goals the user names (by number, in Thai or Arabic digits, or by name) win.
import { describe, expect, test } from 'bun:test';
import { inferredSdgs, namedSdgs, SDG_NAMES } from './sdgs';

const BY_WORDS: Array<[number, string]> = [
  [1, 'ช่วยเหลือครอบครัวยากไร้ในชุมชน'],
  [2, 'ตั้งธนาคารอาหารให้ชุมชน'],
  [3, 'รณรงค์ออกกำลังกายเพื่อสุขภาพ'],
  [4, 'ติวหนังสือให้น้องมัธยม'],
  [4, 'อบรมเขียนโปรแกรม Python ให้น้องปี 1'],
  [3, 'เยี่ยมผู้สูงอายุติดเตียงในชุมชน'],
  [4, 'ค่ายครูอาสาสอนเด็กบนดอย'],
  [5, 'เสวนาความเท่าเทียมทางเพศ'],
  [6, 'ซ่อมห้องน้ำโรงเรียนและระบบน้ำสะอาด'],
  [7, 'ติดตั้งโซลาร์เซลล์ให้ศาลาหมู่บ้าน'],
  [8, 'อบรมอาชีพให้ชาวบ้าน'],
  [9, 'จัด hackathon นวัตกรรมเพื่อชุมชน'],
  [10, 'กิจกรรมกับผู้พิการทางสายตา'],
  [11, 'อนุรักษ์วัฒนธรรมท้องถิ่นและมรดกวัฒนธรรม'],
  [12, 'คัดแยกขยะในหอพัก'],
  [13, 'รณรงค์ลดโลกร้อน'],
  [14, 'เก็บขยะชายหาด'],
  [15, 'ปลูกป่าต้นน้ำ'],
  [16, 'ต่อต้านการทุจริตในการเลือกตั้งสภานักศึกษา'],
  [17, 'สร้างภาคีเครือข่ายกับองค์กรท้องถิ่น'],
];

describe('SDGs', () => {
  test('17 official Thai names', () => {
    expect(SDG_NAMES).toHaveLength(17);
    expect(SDG_NAMES[3]).toBe('การศึกษาที่มีคุณภาพ');
    expect(SDG_NAMES[12]).toBe('การรับมือการเปลี่ยนแปลงสภาพภูมิอากาศ');
  });
  for (const [goal, words] of BY_WORDS) test(`goal ${goal} from "${words}"`, () => expect(inferredSdgs(words)).toContain(goal));
  test('named goals: numbers in either digits, lists, English, or the Thai name', () => {
    expect(namedSdgs('สอดคล้อง SDGs 3, 4 และ 17')).toEqual([3, 4, 17]);
    expect(namedSdgs('เป้าหมายที่ ๑๓')).toEqual([13]);
    expect(namedSdgs('Goal 14 and goal 15')).toEqual([14, 15]);
    expect(namedSdgs('ตรงกับการศึกษาที่มีคุณภาพ')).toEqual([4]);
    expect(namedSdgs('SDG 18')).toEqual([]);
  });
  // an e-sport is played at a screen: no health goal; ไหว้ครู honours teachers, it teaches nothing
  test('an e-sport tournament or a ไหว้ครู ceremony points to no goal', () => {
    expect(inferredSdgs('แข่งขัน E-Sport Campus Cup ผู้เข้าแข่งขัน 32 ทีม')).toEqual([]);
    expect(inferredSdgs('ขอใช้หอประชุม จัดงานไหว้ครู')).toEqual([]);
  });
  test('a cost line is not a goal: ค่าอาหาร does not mean hunger', () => expect(inferredSdgs('ค่าอาหาร 5,000 บาท ค่าเดินทาง 3,000 บาท')).toEqual([]));
});
