// Which chat turn a request to the bench's fake model (fake-llm.ts) belongs to, so that the load bench can subtract
// the model's own time from the turn's (load-report.ts: SERVER OVERHEAD = client-observed total − model time).
// Questions carry an invisible tag (tagQuestion): the turn's id written in zero-width characters, which the question
// reader never segments into words. A visible tag ("[q:3f9a…]") was read as words the library never uses: the
// foreign-words evidence sent ~90 % of the bench's turns to the fallback, so the bench measured fallbacks.
// Only the answer's request counts: it is the one that holds the passages
// ("<ข้อมูลอ้างอิง>", assistant/prompt.ts). A saved conversation's title is also asked of the model with the
// question in it (assistant/title.ts), after the answer; counted as the turn's, its time replaced the answer's,
// and a turn answered by the fallback without a model call was given the title's time (~2.3 s at 30 tokens/s):
// overhead p50 read −2,250 ms.
export const ANSWER_PROMPT_MARK = '<ข้อมูลอ้างอิง>';

const ZERO = '\u200b'; // zero width space
const ONE = '\u200c'; // zero width non-joiner
const EDGE = '\u2063'; // invisible separator: opens and closes a tag
const TAG = new RegExp(`${EDGE}([${ZERO}${ONE}]+)${EDGE}`, 'g');

/** The question with its turn's id (letters, digits and '-') appended invisibly. */
export function tagQuestion(question: string, id: string): string {
  const bits = [...new TextEncoder().encode(id)].map((b) => b.toString(2).padStart(8, '0')).join('');
  return `${question}${EDGE}${bits.replaceAll('0', ZERO).replaceAll('1', ONE)}${EDGE}`;
}

/** The id tagQuestion appended to a question, or null. */
export function questionTag(text: string): string | null {
  const bits = [...text.matchAll(TAG)].at(-1)?.[1];
  if (!bits) return null;
  const bytes = bits.match(/[\u200b\u200c]{8}/g) ?? [];
  return new TextDecoder().decode(new Uint8Array(bytes.map((b) => Number.parseInt(b.replaceAll(ZERO, '0').replaceAll(ONE, '1'), 2))));
}

/** The tag of the turn an answer request belongs to (the last tag in it: the question comes after the history), or null. */
export function answerTag(messages: ReadonlyArray<{ content?: string }> | undefined): string | null {
  const text = (messages ?? []).map((m) => m.content ?? '').join('\n');
  if (!text.includes(ANSWER_PROMPT_MARK)) return null;
  return questionTag(text);
}
