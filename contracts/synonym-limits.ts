// How many terms a synonym group holds and how long each may be. Apart from synonyms.ts so the console's
// editor can check a group before sending without pulling Elysia's schema builder into the browser bundle.
export const SYNONYM_TERMS_MIN = 2;
export const SYNONYM_TERMS_MAX = 20;
export const SYNONYM_TERM_MAX_CHARS = 100;
/** groups in the whole list, and terms over all of them: the worst question's matching time is measured at
 * these (scripts/bench/synonyms.ts) */
export const SYNONYM_GROUPS_MAX = 300;
export const SYNONYM_TERMS_TOTAL_MAX = 3000;
