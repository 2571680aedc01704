// Turns a user question into FTS terms. Built from the same tokenizer as the index, so any input
// (quotes, parentheses, SQL or query-syntax characters) becomes plain whitespace-separated terms
// that are passed to a MatchQuery and never parsed as query syntax.
import { isStopWord } from "./stopwords.ts";
import { charGrams, segmentWords } from "./tokens.ts";

const MAX_QUERY_TERMS = 96;

/** Words of the question that carry its topic (stop/function/question words removed). */
export function contentWords(query: string): string[] {
  const words = segmentWords(query);
  const content = words.filter((w) => !isStopWord(w));
  return content.length > 0 ? content : words;
}

/** Space-joined FTS terms: content words plus character trigrams of the whole question. */
export function queryTerms(query: string): string {
  // Distinct terms only: repeats add no evidence but each one costs a posting-list scan.
  const terms = [...new Set([...contentWords(query), ...charGrams(query)])];
  return terms.slice(0, MAX_QUERY_TERMS).join(" ");
}
