// guardStream: while the model streams, its text is held back a little and the stream stops at the first
// containment problem (containment.ts: an echo of the instructions, a link the model was not given), so
// neither reaches the browser before it is checked. Each check reads only what is new since the last one
// (plus a bounded overlap), so a long answer costs time in proportion to its length:
// - echo: the letters are compacted once; what is kept is the last ECHO_CHARS - 1 letters of the settled
//   text (a piece of the instructions may end in the new letters) and the unsettled tail is compacted again;
// - links: read from the start of the last line no link can cross (a Markdown link crosses a line only
//   after its "](", before its ")").
import { compact, ECHO_CHARS, type ContainmentInput, type ContainmentProblem, echoTest, givenText, LINKS, linkProblem } from './containment';

/**
 * Characters of a streamed answer held back: a piece of the instructions is judged whole before any of it is
 * sent (ECHO_CHARS letters are ~45–55 characters as written, plus up to CHECK_EVERY before the next look). An
 * address is held from its start until it ends. The cost: the first text shows ~80 characters (~25 tokens) late.
 */
const HOLD_CHARS = 80;
/** the held text is judged again after this many new characters, not at every token */
const CHECK_EVERY = 16;

export interface StreamGuard {
  /** the model's next piece of text */
  push(delta: string): void;
  /** the answer passed: send what was held back */
  release(): void;
  /** a problem was found while streaming (nothing after it was sent) */
  readonly problem: ContainmentProblem | null;
}

/**
 * Where the text may be cut and each side compacted alone with the same letters as the whole: before a space,
 * a digit, a Thai consonant or a CJK ideograph, or between two ASCII characters. None of them joins what is
 * before it under NFC (no mark, no composing second letter) or changes a Greek final sigma's case.
 */
const settles = (text: string, i: number) => /[\s0-9\u0e01-\u0e2e\u4e00-\u9fff]/.test(text[i]!) || (text.charCodeAt(i) < 0x80 && text.charCodeAt(i - 1) < 0x80);

/** A line no Markdown link continues past: none opened with "](" on it is left unclosed. */
function lineClosed(line: string): boolean {
  const open = line.lastIndexOf('](');
  return open < 0 || line.indexOf(')', open) >= 0;
}

/** Passes a model's tokens to `send` HOLD_CHARS behind, and stops at the first problem. */
export function guardStream(input: ContainmentInput, send: (text: string) => void): StreamGuard {
  const pieces = echoTest(input);
  const given = givenText(input);
  let text = '';
  let sent = 0;
  let checked = 0;
  // the text before `settled` is compacted; its last ECHO_CHARS - 1 letters are `kept`
  let settled = 0;
  let kept = '';
  // links are read from here: the start of a line no link before it can reach into
  let linesFrom = 0;
  let problem: ContainmentProblem | null = null;
  const flushTo = (end: number) => {
    // never split a surrogate pair
    if (end > sent && end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end--;
    if (end > sent) send(text.slice(sent, end));
    sent = Math.max(sent, end);
  };
  const echoed = (): boolean => {
    let cut = text.length - 1;
    while (cut > settled && !settles(text, cut)) cut--;
    if (cut <= settled) cut = settled;
    const fresh = compact(text.slice(settled, cut));
    const recent = kept + fresh + compact(text.slice(cut));
    for (let i = 0; i + ECHO_CHARS <= recent.length; i++) if (pieces.has(recent.slice(i, i + ECHO_CHARS))) return true;
    kept = (kept + fresh).slice(-(ECHO_CHARS - 1));
    settled = cut;
    return false;
  };
  const advanceLines = () => {
    const nl = text.lastIndexOf('\n');
    if (nl < linesFrom) return;
    const before = text.slice(linesFrom, nl).trimEnd();
    const last = before.slice(before.lastIndexOf('\n') + 1);
    // nothing but blank lines since linesFrom: the line before it was closed already
    if (before.length === 0 || lineClosed(last)) linesFrom = nl + 1;
  };
  return {
    push(delta) {
      if (problem) return;
      text += delta;
      if (text.length - checked < CHECK_EVERY) return;
      checked = text.length;
      if (echoed()) problem = 'instructions';
      else problem = linkProblem(text, given, false, linesFrom);
      if (problem) return;
      // hold back from the last address still open at the end, else HOLD_CHARS
      let end = text.length - HOLD_CHARS;
      const part = text.slice(linesFrom);
      for (const m of part.matchAll(LINKS)) if (m.index + m[0].length >= part.length) end = Math.min(end, linesFrom + m.index);
      flushTo(end);
      advanceLines();
    },
    release() {
      if (!problem) flushTo(text.length);
    },
    get problem() {
      return problem;
    },
  };
}
