// Which chat turn a request to the bench's fake model (fake-llm.ts) belongs to, so that the load bench can subtract
// the model's own time from the turn's (load-report.ts: SERVER OVERHEAD = client-observed total − model time).
// Questions carry a tag "[q:<id>]". Only the answer's request counts: it is the one that holds the passages
// ("<ข้อมูลอ้างอิง>", assistant/prompt.ts). A saved conversation's title is also asked of the model with the
// question in it (assistant/title.ts), after the answer; counted as the turn's, its time replaced the answer's,
// and a turn answered by the fallback without a model call was given the title's time (~2.3 s at 30 tokens/s):
// overhead p50 read −2,250 ms.
export const ANSWER_PROMPT_MARK = '<ข้อมูลอ้างอิง>';

/** The tag of the turn an answer request belongs to (the last tag in it: the question comes after the history), or null. */
export function answerTag(messages: ReadonlyArray<{ content?: string }> | undefined): string | null {
  const text = (messages ?? []).map((m) => m.content ?? '').join('\n');
  if (!text.includes(ANSWER_PROMPT_MARK)) return null;
  return [...text.matchAll(/\[q:([\w-]+)\]/g)].at(-1)?.[1] ?? null;
}
