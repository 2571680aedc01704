// How close together a passage holds the question's words. BM25 and the coverage features read a passage as a bag
// of words: a long clause that names the question's words in three different sentences looks as good as the one
// sentence that names them together, which is the sentence that answers. Term proximity is the classic remedy
// (e.g. Tao and Zhai, "An exploration of proximity measures in information retrieval", SIGIR 2007: the span that
// holds the query's terms). Thai is written without spaces, so the span is measured in characters.
//
// Measured over every real set pooled (scripts/eval/real-sets.ts, 371 answerable questions) as a term of the
// evidence order (evidence-order.ts): windows of 40 to 150 characters each raised the first passage's hit rate on
// both pooled halves and left our own sets as they were (weight 1: 60 characters .681/.597 -> .714/.608, 100
// characters -> .708/.608, 150 -> .708/.608; campus_dev and campus_dev2 .833 throughout); wider spans gained less
// (250 characters .692/.602, 400 .692/.597), and a whole line (no span) lost on the second half (.703/.586). 100 is
// the middle of what gains most.
import { foldedText } from './folded-text.ts';

/** The span (characters) within which the question's words count as held together. */
export const PROXIMITY_WINDOW = 100;

/**
 * The largest share of `focus` (the question's focus words, each counted once) that `text` holds within one span of
 * `window` characters: 1 when every word the question names stands in one sentence-sized stretch, the plain share
 * when the text is no longer than the window. A word counts where it occurs whole inside the span.
 */
export function focusProximity(focus: readonly string[], text: string, window = PROXIMITY_WINDOW): number {
  if (focus.length === 0) return 0;
  const folded = foldedText(text);
  // every occurrence of every focus word, in the order they start
  const occurrences: Array<{ start: number; end: number; word: number }> = [];
  focus.forEach((w, word) => {
    if (w) for (let at = folded.indexOf(w); at >= 0; at = folded.indexOf(w, at + 1)) occurrences.push({ start: at, end: at + w.length, word });
  });
  occurrences.sort((a, b) => a.start - b.start);
  // the best span starts where one of its words does: from each start, the distinct words that end within the span
  const seen = new Array<number>(focus.length).fill(-1);
  let best = 0;
  for (const [i, first] of occurrences.entries()) {
    let count = 0;
    for (let j = i; j < occurrences.length && occurrences[j]!.start < first.start + window; j++) {
      const o = occurrences[j]!;
      if (o.end <= first.start + window && seen[o.word] !== i) {
        seen[o.word] = i;
        count++;
      }
    }
    if (count > best) best = count;
    if (best === focus.length) break;
  }
  return best / focus.length;
}
