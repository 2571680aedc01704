// How many terms a synonym group holds and how long each may be. Apart from synonyms.ts so the console's
// editor can check a group before sending without pulling Elysia's schema builder into the browser bundle.
export const SYNONYM_TERMS_MIN = 2;
export const SYNONYM_TERMS_MAX = 20;
export const SYNONYM_TERM_MAX_CHARS = 100;
