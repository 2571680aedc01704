// า put back where a text layer holds ำ for it: the opposite of sara-am.ts. Some heading and form fonts of Word exports
// map their า glyph to ำ (U+0E33) and draw ำ as a nikhahit before that glyph, so their lines read มหำวิทยำลัย,
// กำรศึกษำ, ควำมเห็นอำจำรย์ (the normaliser joins the nikhahit's "ค ำ" back into คำ). Mended on 14 of the eval
// libraries' 1,156 cached pages (RMUTT's graduate forms, an RMUTI announcement, SSKRU's กยศ forms), where no question's
// มหาวิทยาลัย or การศึกษา matched. Such a font writes no า at all, so only a line without า is
// read: each of its ำ is judged both ways by the words (judgeAa, on the line with every ำ read as า, so a misread
// neighbour does not decide), and where the words say า, it is า. A page is mended only where at least
// MIN_AA_ON_PAGE ำ read so: one odd ำ of an OCR'd page or of a rare word on a line of its own is left as it is.
import { judgeAa } from './sara-am.ts';

const MIN_AA_ON_PAGE = 3;
// Each ำ read costs two segmentations of its neighbourhood (~0.1 ms): a document's pages read this many at most, in
// order, and a page that would pass it is left as it is. A real page of such a font holds a few hundred; a file made
// of nothing but ำ (a chat attachment anyone may send) must not hold a parse worker for its whole time limit.
export const SARA_AA_BUDGET = 20_000;

/** What is left of a document's reads of ำ (SARA_AA_BUDGET), shared by its pages. */
export interface SaraAaBudget {
  left: number;
}

const candidates = (line: string) => (line.includes('า') ? 0 : line.split('ำ').length - 1);

/** The page's text with า put back where a font wrote ำ for it (unchanged unless the words say so three times). */
export function restoreSaraAa(text: string, budget: SaraAaBudget = { left: SARA_AA_BUDGET }): string {
  if (!text.includes('ำ')) return text;
  const lines = text.split('\n');
  const reads = lines.reduce((n, line) => n + candidates(line), 0);
  if (reads > budget.left) return text;
  budget.left -= reads;
  const mended = new Map<number, string>();
  let flips = 0;
  lines.forEach((line, i) => {
    if (candidates(line) === 0) return;
    const asAa = line.replaceAll('ำ', 'า');
    // UTF-16 units, as judgeAa and indexOf count them (a surrogate pair split here is joined again as it was)
    const chars = line.split('');
    let changed = false;
    for (let at = line.indexOf('ำ'); at >= 0; at = line.indexOf('ำ', at + 1)) {
      if (judgeAa(asAa, at) !== 'aa') continue;
      chars[at] = 'า';
      changed = true;
      flips++;
    }
    if (changed) mended.set(i, chars.join(''));
  });
  if (flips < MIN_AA_ON_PAGE) return text;
  return lines.map((line, i) => mended.get(i) ?? line).join('\n');
}
