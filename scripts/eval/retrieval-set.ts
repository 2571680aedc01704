// The files of a retrieval set (scripts/eval-retrieval.ts): one JSON object a line, a corpus of passages and its
// questions, read the same way by every script that takes one.

/** One passage of a corpus: a law's section, a Wikipedia paragraph. */
export interface CorpusLine {
  id: string;
  text: string;
  title?: string;
}

/** One question: its gold passages' ids, and whether it should be answered (an out-of-scope one is refused). */
export interface QueryLine {
  id: string;
  text: string;
  gold?: string[];
  expect?: 'answer' | 'refuse';
}

/** The non-empty lines of a JSON-lines file, each parsed. */
export async function readJsonl<T>(file: string): Promise<T[]> {
  return (await Bun.file(file).text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}
