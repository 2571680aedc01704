import { describe, expect, test } from 'bun:test';
import { type SocialKind, socialKind } from './social-message';

// What students type to open, thank, close or acknowledge, and questions that merely hold such a word.
const TABLE: Array<[string, SocialKind | null]> = [
  ['สวัสดีครับ', 'greeting'],
  ['สวัสดีค่ะ', 'greeting'],
  ['หวัดดีค่าาา', 'greeting'],
  ['ดีครับ', 'greeting'],
  ['อรุณสวัสดิ์ค่ะ', 'greeting'],
  ['Hello!', 'greeting'],
  ['hi all', 'greeting'],
  ['ขอบคุณครับ', 'thanks'],
  ['ขอบคุณมากๆเลยค่ะ 🙏', 'thanks'],
  ['ขอบคุณครับบบ', 'thanks'],
  ['ขอบใจนะ', 'thanks'],
  ['Thank you so much!', 'thanks'],
  ['thx', 'thanks'],
  ['บายครับ', 'farewell'],
  ['ลาก่อนนะคะ', 'farewell'],
  ['โอเคครับ', 'acknowledgement'],
  ['เข้าใจแล้วค่ะ', 'acknowledgement'],
  ['ได้ครับ', 'acknowledgement'],
  ['ครับ', 'acknowledgement'],
  ['ok', 'acknowledgement'],
  ['👍', 'acknowledgement'],
  ['ดีมากครับ', 'acknowledgement'],
  ['เยี่ยมมากค่ะ', 'acknowledgement'],
  // anything more is a question
  ['สวัสดีครับ ลาป่วยได้กี่วัน', null],
  ['ขอบคุณที่ตอบ แต่ค่าเทอมเท่าไหร่', null],
  ['แปลคำว่า ขอบคุณมาก เป็นภาษาญี่ปุ่นให้หน่อย', null],
  ['ได้ไหม', null],
  ['ดีไหม', null],
  ['ไม่ดี', null],
  ['ลาป่วย', null],
  ['this', null],
  ['you', null],
  ['...', null],
  ['สวัสดี'.repeat(8), null],
];

describe('socialKind', () => {
  for (const [message, kind] of TABLE) test(`${JSON.stringify(message)} → ${kind}`, () => expect(socialKind(message)).toBe(kind));
});
