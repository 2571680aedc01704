// The particles that end a Thai yes/no (polar) question, as students type them: the one list the question
// readers take them from (the "whether" and "consequence" kinds in question-kinds.ts, the asked part in
// question/ask-part.ts, the stop words in stop-words.ts).
// Source: Iwasaki & Ingkaphirom Horie, A Reference Grammar of Thai (Cambridge University Press, 2005), the
// chapter on questions: a polar question ends in ไหม, in หรือ / หรือไม่, or in หรือเปล่า ("or not"), whose spoken
// forms are รึ, รึเปล่า and the clipped เปล่า (typed ป่าว, ป่ะ). The Royal Institute Dictionary spells the particle
// ไหม; มั้ย, มั๊ย and ไม๊ are chat spellings of its spoken (high-tone) form, and each is as common as another in
// typed Thai. A spelling missing here left a question unread as yes/no and kept the particle as a topic word
// that no clause holds.

/** Every spelling that ends a yes/no question (the forms ไหม and มั้ย also end "ใช่ไหม", "ใช่มั้ย"). */
export const POLAR_PARTICLES: readonly string[] = ['ไหม', 'มั้ย', 'มั๊ย', 'ไม๊', 'หรือไม่', 'หรือเปล่า', 'รึเปล่า', 'ป่าว', 'ป่ะ'];

/** The particles as one alternation, for a pattern that reads them inside a longer one. */
export const POLAR_PARTICLE_SOURCE = POLAR_PARTICLES.join('|');
