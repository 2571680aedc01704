// A message that is only a greeting, a thank-you, a goodbye or an acknowledgement ("สวัสดีครับ", "ขอบคุณมากค่ะ",
// "โอเคครับ") asks the library nothing. Searched, it matched nothing and was answered with the fallback's apology
// for a confidence under 30 %, and logged as an unanswered question, where the console's insights list what the
// library lacks. It gets a short reply of its own instead, and is neither searched nor logged. A message that says
// anything more is a question, whatever greeting it holds ("สวัสดีครับ ลาป่วยได้กี่วัน", "แปลคำว่า ขอบคุณ").
//
// The phrases are everyday Thai chat openers and closers and their common English forms, written as students type
// them; the particles and intensifiers are those Thai adds to any of them (ครับ/ค่ะ/นะ…, มาก/เลย). A message is social
// when it is made of these pieces alone, with at least one phrase among them. Hand-written: a few dozen fixed phrases
// matched whole, which no intent classifier in the stack (or any model, with none configured) is needed for.
import type { AnswerResult } from './service';

export type SocialKind = 'greeting' | 'thanks' | 'farewell' | 'acknowledgement';

const PHRASES: Readonly<Record<SocialKind, readonly string[]>> = {
  // "ดีครับ" is how a chat opens as often as "สวัสดีครับ"
  greeting: ['สวัสดี', 'หวัดดี', 'ดี', 'อรุณสวัสดิ์', 'hello', 'hi', 'hey'],
  thanks: ['ขอบคุณ', 'ขอบพระคุณ', 'ขอบใจ', 'แต๊งกิ้ว', 'thankyou', 'thanks', 'thank', 'thx'],
  farewell: ['ลาก่อน', 'บ๊ายบาย', 'บายบาย', 'บาย', 'goodbye', 'bye'],
  // "ดีมาก" after an answer is praise, not a hello
  acknowledgement: ['โอเค', 'รับทราบ', 'เข้าใจแล้ว', 'ได้', 'ดีมาก', 'เยี่ยม', 'สุดยอด', 'okay', 'ok'],
};

/** Polite particles, softeners and intensifiers: they go with any phrase above and say nothing by themselves. */
const PARTICLES = [
  'ครับผม',
  'ครับ',
  'คับ',
  'ค่ะ',
  'คะ',
  'ค่า',
  'จ้า',
  'จ้ะ',
  'จ๊ะ',
  'ฮะ',
  'นะ',
  'น้า',
  'ค่าา',
  'มากๆ',
  'มาก',
  'เลย',
  'จริงๆ',
  'ๆ',
  'very',
  'much',
  'so',
  'you',
  'all',
] as const;

/** Longer than this, a message says more than hello or thanks. */
const MAX_SOCIAL_CHARS = 40;

const pieces: Array<{ text: string; kind: SocialKind | null }> = [
  ...Object.entries(PHRASES).flatMap(([kind, list]) => list.map((text) => ({ text, kind: kind as SocialKind }))),
  ...PARTICLES.map((text) => ({ text, kind: null })),
].sort((a, b) => b.text.length - a.text.length);

/**
 * The message as its pieces are matched: lower case, without spaces, punctuation, emoji or zero-width characters, and
 * a letter typed over and over for emphasis written once ("ครับบบ", "ขอบคุณค่าาา", "hiii").
 */
function folded(message: string): string {
  return message
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}ๆ]+/gu, '')
    .replace(/(\p{L})\1{2,}/gu, '$1');
}

/**
 * The kind of social message `message` is (its first phrase's), or null when it is anything more: a message made
 * only of the phrases and particles above, with at least one phrase.
 */
export function socialKind(message: string): SocialKind | null {
  const text = folded(message);
  // an emoji alone ("👍", "🙏") after an answer is a nod
  if (text.length === 0) return /\p{Extended_Pictographic}/u.test(message) ? 'acknowledgement' : null;
  if (text.length > MAX_SOCIAL_CHARS) return null;
  // kinds[i]: the first phrase's kind of a way to cut text[0, i) into pieces (undefined: none; null: particles only)
  const kinds: Array<SocialKind | null | undefined> = [null];
  for (let i = 0; i < text.length; i++) {
    if (kinds[i] === undefined) continue;
    for (const p of pieces) if (text.startsWith(p.text, i) && kinds[i + p.text.length] === undefined) kinds[i + p.text.length] = kinds[i] ?? p.kind;
  }
  const kind = kinds[text.length];
  if (kind) return kind;
  // a particle alone ("ครับ", "ค่ะ") answers the bot: an acknowledgement
  return kind === null && /[ก-๙]/.test(text) ? 'acknowledgement' : null;
}

/** What the assistant says back (Thai; no particle of either gender, as the other texts of the chat). */
export const SOCIAL_REPLIES: Readonly<Record<SocialKind, string>> = {
  greeting: 'สวัสดี มีอะไรให้ช่วยไหม ถามเรื่องระเบียบมหาวิทยาลัยและการจัดกิจกรรมนักศึกษาได้เลย หรือให้ช่วยร่างบันทึกข้อความและโครงการก็ได้',
  thanks: 'ยินดีช่วย หากมีคำถามอื่นเรื่องระเบียบหรือกิจกรรมนักศึกษา ถามต่อได้เลย',
  farewell: 'ขอบคุณที่ใช้บริการ หากมีคำถามเพิ่มเติม กลับมาถามได้ทุกเมื่อ',
  acknowledgement: 'หากมีคำถามอื่นเรื่องระเบียบหรือกิจกรรมนักศึกษา ถามต่อได้เลย',
};

/** The reply to a social message: no search, no references; logged by no one (answer() leaves it out of the log). */
export function socialAnswer(kind: SocialKind, onToken?: (text: string) => void): AnswerResult {
  const text = SOCIAL_REPLIES[kind];
  onToken?.(text);
  return { text, accuracy: 100, references: [], documents: [], band: 'high', fallback: false, provider: SOCIAL_PROVIDER };
}

/** The provider named on a social reply. */
export const SOCIAL_PROVIDER = 'social';
