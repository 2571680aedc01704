// The asking part of a story-style question. Students often tell the situation first ("we are a photo
// club… the exhibition is in three weeks…") and ask last ("ต้องส่งก่อนกี่วันครับ"), or ask first and say why after
// ("ห้องคอมเปิดกี่โมง อยากเข้าไปทำงานก่อนเรียนแปดโมง"). The situation's details say little about which clause answers;
// the asked part says most. Thai writes no sentence marks but separates sentences and clauses with spaces, so the
// asked part is the space-separated part holding the last question word, and what follows it (a trailing "ครับ"),
// or, when only the first part holds one, that part.

import { POLAR_PARTICLE_SOURCE } from '../lexicon/polar-particles.ts';
import { HOW_MANY } from '../lexicon/question-kinds.ts';

// A question word or ending (a yes/no particle in any spelling: lexicon/polar-particles.ts).
const ASK_MARK = new RegExp(`${POLAR_PARTICLE_SOURCE}|${HOW_MANY}|อะไร|ไหน|ใคร|เมื่อไ|เมื่อใด|อย่างไร|ยังไง|เท่าไ|ทำไม|ได้บ้าง|ใด|\\?`);
// Shorter questions are one ask; a story needs room for a situation beside the question.
const STORY_MIN_CHARS = 60;

/** Where a story-style question's asked part stands among its space-separated parts, or null when the whole question is
 * the ask: parts[from] up to the end, or the first part alone when it is asked first. */
export function askedSpan(query: string): { parts: string[]; from: number; to: number } | null {
  const parts = query.trim().split(/\s+/);
  if (query.length < STORY_MIN_CHARS || parts.length < 2) return null;
  let at = -1;
  parts.forEach((p, i) => {
    if (ASK_MARK.test(p)) at = i;
  });
  // told first, asked last: a situation needs parts of its own before the ask
  if (at > 0) return parts.length >= 3 ? { parts, from: at, to: parts.length } : null;
  // asked first, the situation told after it ("…เปิดกี่โมง อยากเข้าไปทำงานก่อนเรียนแปดโมง"): the ask is the first part
  return at === 0 ? { parts, from: 0, to: 1 } : null;
}

/** The asked part of a story-style question, or null when the whole question is the ask. */
export function askedPart(query: string): string | null {
  const span = askedSpan(query);
  return span ? span.parts.slice(span.from, span.to).join(' ') : null;
}
