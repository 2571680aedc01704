// Readings of questions, one case a line: what readQuestion (question.ts) reads in each. question.test.ts runs every
// case, so a change to a rule or to the lexicon shows each reading it moves; when a change is meant, update the
// expected reading here in the same commit and say why there. Questions in the words students type (slang, Thai
// digits, a story told before the ask). Written from the readings of the code that merged the three question-kind
// tables and checked by hand (the kinds, the counted thing, the numbers stated).
import type { DirectKind, QuestionKind } from '../lexicon/question-kinds.ts';
import type { StatedNumber } from './stated-number.ts';

export interface ExpectedReading {
  question: string;
  focus: string[];
  kinds: QuestionKind[];
  asked: DirectKind | null;
  list: boolean;
  counted: string | null;
  stated: Record<string, StatedNumber>;
  numbers: number[];
  askedPart: string | null;
  story: boolean;
  wording: string;
}

// biome-ignore format: one case a line, so a diff shows each reading that moved
export const READINGS: ExpectedReading[] = [
  {"question": "สอบกลางภาควันไหน", "focus": ["สอบ", "กลาง", "ภาค", "วัน"], "kinds": ["when"], "asked": "when", "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "สอบกลางภาควันไหน"},
  {"question": "ต้องเสนอโครงการล่วงหน้ากี่วัน", "focus": ["เสนอ", "โครงการ", "ล่วง", "หน้า", "วัน"], "kinds": ["count"], "asked": "count", "list": false, "counted": "วัน", "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "ต้องเสนอโครงการล่วงหน้ากี่วัน"},
  {"question": "ค่าปรับห้องสมุดวันละกี่บาท", "focus": ["ค่า", "ปรับ", "ห้อง", "สมุด", "วัน", "บาท"], "kinds": ["count"], "asked": "count", "list": false, "counted": "บาท", "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "ค่าปรับห้องสมุดวันละกี่บาท"},
  {"question": "ใครเป็นผู้อนุมัติ", "focus": ["ผู้", "อนุมัติ"], "kinds": ["who"], "asked": "who", "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "ใครเป็นผู้อนุมัติ"},
  {"question": "ยืนยันในเว็บไหน", "focus": ["ยืนยัน", "เว็บ"], "kinds": ["where"], "asked": "where", "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "ยืนยันในเว็บไหน"},
  {"question": "ต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด", "focus": ["ใช้", "เอกสาร", "ยื่น"], "kinds": ["when", "list"], "asked": "when", "list": true, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "ต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด"},
  {"question": "ลอกข้อสอบจะโดนอะไร", "focus": ["ทุจริต", "สอบ"], "kinds": ["consequence"], "asked": null, "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": " ทุจริตในการสอบจะโดนอะไร"},
  {"question": "เลี้ยงแมวในหอได้ไหม", "focus": ["เลี้ยง", "สัตว์", "หอ"], "kinds": ["whether"], "asked": "whether", "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": " เลี้ยงสัตว์ในหอได้ไหม"},
  {"question": "ค่าเทอมเท่าไหร่", "focus": ["ค่า", "ธรรมเนียม", "ศึกษา"], "kinds": ["count"], "asked": "count", "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": " ค่าธรรมเนียมการศึกษาเท่าไหร่"},
  {"question": "หอพักปิดกี่ทุ่ม", "focus": ["หอพัก", "ปิด"], "kinds": ["when", "count"], "asked": "when", "list": false, "counted": "ทุ่ม", "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "หอพักปิดกี่ทุ่ม"},
  {"question": "งบ 5 หมื่นใครอนุมัติ", "focus": ["งบ", "5", "หมื่น", "ผู้", "อนุมัติ"], "kinds": ["who"], "asked": "who", "list": false, "counted": null, "stated": {"5": {"value": 50000, "unit": null}, "หมื่น": {"value": 50000, "unit": null}}, "numbers": [5], "askedPart": null, "story": false, "wording": "งบ 5 หมื่นผู้อนุมัติ "},
  {"question": "คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ", "focus": ["คะแนน", "ประพฤติ", "เหลือ", "55"], "kinds": ["consequence", "whether"], "asked": "whether", "list": false, "counted": null, "stated": {"55": {"value": 55, "unit": null}}, "numbers": [55], "askedPart": null, "story": false, "wording": "คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ"},
  {"question": "เกรดเฉลี่ยสะสม ๑.๘๒ จะติดโปรไหม", "focus": ["ค่า", "ระดับ", "คะแนน", "เฉลี่ย", "1.82", "รอ", "พินิจ"], "kinds": ["whether"], "asked": "whether", "list": false, "counted": null, "stated": {"1.82": {"value": 1.82, "unit": null}}, "numbers": [1.82], "askedPart": null, "story": false, "wording": " ค่าระดับคะแนนเฉลี่ย  1.82 จะรอพินิจไหม"},
  {"question": "ลาพักมาแล้ว 2 เทอม ยังลาได้อีกไหม", "focus": ["ลา", "พัก", "2", "ภาค", "ศึกษา", "อีก"], "kinds": ["whether"], "asked": "whether", "list": false, "counted": null, "stated": {"2": {"value": 2, "unit": "ภาค"}}, "numbers": [2], "askedPart": null, "story": false, "wording": "ลาพักมาแล้ว 2  ภาคการศึกษา  ยังลาได้อีกไหม"},
  {"question": "เทอม 1/69 เปิดเรียนวันไหน", "focus": ["ภาค", "ศึกษา", "1", "69", "เปิด", "วัน", "1/69", "1/2569", "2569"], "kinds": ["when"], "asked": "when", "list": false, "counted": null, "stated": {}, "numbers": [1, 69], "askedPart": null, "story": false, "wording": " ภาคการศึกษา  1/69  เปิดภาคการศึกษาวันไหน"},
  {"question": "เกรด C+ แปลว่าอะไรครับ", "focus": ["ผล", "ศึกษา", "แปล", "c+"], "kinds": [], "asked": null, "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": " ผลการศึกษา  c+ แปลว่าอะไรครับ"},
  {"question": "ต้องสอบสวนให้เสร็จภายในวันที่เท่าใด", "focus": ["สอบสวน", "เสร็จ", "ภายใน", "วัน", "เท่าใด"], "kinds": ["when"], "asked": "when", "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "ต้องสอบสวนให้เสร็จภายในวันที่เท่าใด"},
  {"question": "กรรมการสอบสวนมา 30 วันแล้วยังไม่เสร็จ ขยายเวลาได้อีกกี่วัน", "focus": ["กรรมการ", "สอบสวน", "30", "วัน", "เสร็จ", "ขยาย", "เวลา", "อีก"], "kinds": ["count"], "asked": "count", "list": false, "counted": "วัน", "stated": {"30": {"value": 30, "unit": "วัน"}}, "numbers": [30], "askedPart": null, "story": false, "wording": "กรรมการสอบสวนมา 30 วันแล้วยังไม่เสร็จ ขยายเวลาได้อีกกี่วัน"},
  {"question": "ชมรมถ่ายภาพของเราจะจัดนิทรรศการที่หอประชุมอีกสามสัปดาห์ข้างหน้า มีนักศึกษาร่วมประมาณห้าสิบคน ต้องเสนอโครงการล่วงหน้ากี่วันครับ", "focus": ["ชมรม", "ถ่าย", "ภาพ", "จัด", "นิทรรศการ", "หอ", "ประชุม", "อีก", "สาม", "สัปดาห์", "ข้าง", "หน้า", "นักศึกษา", "ร่วม", "ประมาณ", "ห้า", "สิบ", "คน", "เสนอ", "โครงการ", "ล่วง", "วัน"], "kinds": ["count"], "asked": "count", "list": false, "counted": "วัน", "stated": {"สาม": {"value": 3, "unit": "สัปดาห์"}, "ห้า": {"value": 50, "unit": "คน"}, "สิบ": {"value": 50, "unit": "คน"}}, "numbers": [3, 50], "askedPart": "ต้องเสนอโครงการล่วงหน้ากี่วันครับ", "story": true, "wording": "ชมรมถ่ายภาพของเราจะจัดนิทรรศการที่หอประชุมอีกสามสัปดาห์ข้างหน้า มีนักศึกษาร่วมประมาณห้าสิบคน ต้องเสนอโครงการล่วงหน้ากี่วันครับ"},
  {"question": "สรุปข้อบังคับให้หน่อย", "focus": ["สรุป", "ข้อ", "บังคับ"], "kinds": [], "asked": null, "list": false, "counted": null, "stated": {}, "numbers": [], "askedPart": null, "story": false, "wording": "สรุปข้อบังคับให้หน่อย"},
];
