// Which language a question is asked in and which its gold document is written in: Thai or English, by the
// majority of their letters. A university's library holds English regulations (an international programme's, an
// English translation of the Thai one) and students ask about them in Thai; an international student asks in English
// about a Thai announcement. Across every real set's union, 84 of 772 answerable questions (11 %) cross languages,
// and they are answered right at .19 against .52 (scripts/eval/data/README.md, 5 Dec 2026): the summary counts them
// apart (Summary.byLanguage) so each run shows them.
import type { AppContext } from '../../src/context';
import { documentPassages } from '../../modules/knowledge/service';
import type { EvalQuery } from './answer-scoring';

export type Language = 'th' | 'en';

const LATIN = /[A-Za-z]/g;
// Thai consonants and vowels (no digits, no marks): letters that are counted like Latin ones
const THAI_LETTER = /[\u0e01-\u0e2e\u0e30-\u0e39\u0e40-\u0e45]/g;

/** The language most of a text's letters are written in (Thai when it has no letters). */
export function writtenIn(text: string): Language {
  const latin = text.match(LATIN)?.length ?? 0;
  const thai = text.match(THAI_LETTER)?.length ?? 0;
  return latin > thai ? 'en' : 'th';
}

const documentLanguages = new WeakMap<AppContext, Map<string, Language | null>>();

/**
 * The question's language and its gold document's, as "th→en" (a Thai question on an English document); null for a
 * question without a gold file or whose gold file the library does not hold. `files`: document id → file name.
 */
export async function languagePair(ctx: AppContext, files: ReadonlyMap<string, string>, q: EvalQuery): Promise<string | null> {
  if (!q.gold_file) return null;
  let known = documentLanguages.get(ctx);
  if (!known) documentLanguages.set(ctx, (known = new Map()));
  if (!known.has(q.gold_file)) {
    const id = [...files].find(([, file]) => file === q.gold_file)?.[0];
    known.set(q.gold_file, id ? writtenIn((await documentPassages(ctx, id)).map((h) => h.text).join('\n')) : null);
  }
  const doc = known.get(q.gold_file);
  return doc ? `${writtenIn(q.text)}→${doc}` : null;
}
