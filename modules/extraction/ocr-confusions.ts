// Which Thai glyphs OCR takes for one another, and the spellings one such confusion away from a word read.
// Thai letters that differ by a tail, a notch or a head are the ones a noisy scan merges (น บ ษ, ช ซ ข, ด ต),
// and the marks above a letter are a few pixels each: one is lost, read as its neighbour (ิ ี ึ ื, ่ ้), or
// the tone dot is swallowed by the vowel under it (ที่ → ทิ). The groups are glyph shapes, not words: they
// only propose spellings; whether one is used is decided by how common it is (ocr-spelling.ts).

// Consonants that differ by a stroke end (tail, serif, notch). A letter may sit in two groups (บ).
const CONSONANT_GROUPS = ['นบษ', 'บป', 'ชซข', 'ดตค', 'ผพฟฝ', 'ถภ', 'มฆ', 'รธ', 'ลส', 'อฮ', 'ฎฏ'];
// Marks that share a position and differ by a stroke: vowels above, tone marks (and maitaikhu, read for
// mai ek: เป็น → เป่น), vowels below, and the two leading ai vowels.
const MARK_GROUPS = ['\u0E34\u0E35\u0E36\u0E37', '\u0E48\u0E49\u0E47', '\u0E38\u0E39', 'ใไ'];

const TONES = ['\u0E48', '\u0E49']; // ่ ้ (๊ ๋ are rare enough to leave)
const CONSONANT = /[ก-ฮ]/;
const VOWEL_ABOVE = /[\u0E34-\u0E37]/; // ิ ี ึ ื: a swallowed tone mark goes on these
const ABOVE_BELOW = /[\u0E31\u0E34-\u0E3A]/; // ั ิ ี ึ ื ุ ู ฺ: the tone mark goes after these
const TONE_OR_MARK = /[\u0E47-\u0E4E]/;

const CONFUSABLE = new Map<string, string[]>();
for (const group of [...CONSONANT_GROUPS, ...MARK_GROUPS])
  for (const c of group)
    CONFUSABLE.set(
      c,
      [...new Set([...(CONFUSABLE.get(c) ?? []), ...group])].filter((o) => o !== c),
    );

/** Spellings with one tone mark added where Thai allows one (after a bare consonant or its vowel). */
export function withOneMoreMark(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) {
    const c = w[i];
    const next = w[i + 1] ?? '';
    const bareConsonant = CONSONANT.test(c) && !ABOVE_BELOW.test(next) && !TONE_OR_MARK.test(next);
    const vowelWithRoom = ABOVE_BELOW.test(c) && !TONE_OR_MARK.test(next);
    if (bareConsonant || vowelWithRoom) for (const t of TONES) out.push(w.slice(0, i + 1) + t + w.slice(i + 1));
  }
  return out;
}

const TONE_ABOVE_AM = /[\u0E48-\u0E4B]ำ/;

/** Spellings with the tone above ำ put back (ตำ → ต่ำ, นำ → น้ำ): the mark OCR loses most, the highest ink of a line. */
export function withToneAboveSaraAm(w: string): string[] {
  return withOneMoreMark(w).filter((m) => TONE_ABOVE_AM.test(m));
}

/** Spellings with one glyph read as a look-alike: a letter or mark swapped, or a vowel above that swallowed its tone. */
export function withOneConfusion(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) {
    const [before, after] = [w.slice(0, i), w.slice(i + 1)];
    for (const o of CONFUSABLE.get(w[i]) ?? []) out.push(before + o + after);
    // ที่ read as ทิ: the vowel and the dot above it were one blob.
    if (VOWEL_ABOVE.test(w[i]) && !TONE_OR_MARK.test(after[0] ?? ''))
      for (const o of CONFUSABLE.get(w[i]) ?? []) for (const t of TONES) out.push(before + o + t + after);
  }
  return out;
}
