// Words that open a piece of a clause that belongs to the piece before it, so a quote never cuts the two apart
// (assistant/extractive.ts reads them as "a piece opening with one of these"). Source: hand-written from the
// sentence openers of Thai regulations.

/** A piece that qualifies the one before it: an exception, a condition, a penalty. */
export const QUALIFIER_WORDS: readonly string[] = ['เว้นแต่', 'แต่', 'ทั้งนี้', 'หาก', 'ถ้า', 'ในกรณี', 'กรณี', 'โดย', 'ห้าม', 'มิให้'];

/**
 * A proviso after a clause's list ("(๑) … (๔) … ทั้งนี้ ในการสอบ … ให้แต่งเครื่องแบบทุกกรณี") limits the whole list,
 * not the sentence it follows: a quote of some of the items keeps it.
 */
export const PROVISO_WORDS: readonly string[] = ['ทั้งนี้', 'เว้นแต่'];

/**
 * A piece opening with "และ"/"หรือ" is the end of the sentence before it (a long enumeration cut at its last item:
 * "องค์การนักศึกษา สภานักศึกษา สโมสรนักศึกษาคณะ | และชมรมต่าง ๆ"): the two are kept together.
 */
export const CONTINUATION_WORDS: readonly string[] = ['และ', 'หรือ'];

/** A pattern for a piece opening with one of `words`. */
export const opensWith = (words: readonly string[]): RegExp => new RegExp(`^(?:${words.join('|')})`);
