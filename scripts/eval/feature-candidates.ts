// Candidate confidence features (issue 37 item 3), read by scripts/eval/feature-scan.ts beside the shipped evidence.
// Each is bounded 0–1. Those that earn a place move to modules/knowledge/scoring.
import type { SearchHit } from '../../modules/knowledge/index/search-hit';
import type { Question } from '../../modules/knowledge/question/question';
import { focusReading, heldShare } from '../../modules/knowledge/scoring/focus-reading';
import { typeMatch } from '../../modules/knowledge/question/answer-type';
import { fold } from '../../modules/knowledge/index/tokens';

const ASK_WORDS = /กี่|เท่าไร|เท่าไหร่|ที่ไหน|ที่ใด|ใคร|อะไร|เมื่อไร|เมื่อไหร่|วันไหน|อย่างไร|ยังไง|ไหม|มั้ย|หรือไม่|หรือเปล่า/g;
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
const THAI_LETTER = /[\u0e01-\u0e2e]/;
// a combining Thai vowel or tone mark that follows no consonant (or another mark of its own kind): broken OCR
const STRAY_MARK = /(?<![\u0e01-\u0e2e\u0e31\u0e34-\u0e3a\u0e47])[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]|[\u0e48-\u0e4b]{2}|[\u0e34-\u0e37]{2}/g;

export function ocrFeatures(text: string) {
  let thai = 0;
  let single = 0;
  let latin = 0;
  let words = 0;
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    words++;
    if (THAI_LETTER.test(s.segment)) {
      thai++;
      if ([...s.segment].length === 1) single++;
    } else if (/^[a-z]+$/i.test(s.segment)) latin++;
  }
  const thaiChars = (text.match(/[\u0e01-\u0e4e]/g) ?? []).length || 1;
  return {
    singleShare: thai ? single / thai : 0,
    latinShare: words ? latin / words : 0,
    strayMarks: Math.min(1, ((text.match(STRAY_MARK) ?? []).length / thaiChars) * 20),
  };
}

const rankBy = (hits: SearchHit[], passage: SearchHit, key: (h: SearchHit) => number | undefined) => {
  const mine = key(passage);
  if (mine === undefined) return 0.5;
  return hits.filter((h) => (key(h) ?? -Infinity) > mine).length;
};

export function candidateFeatures(question: Question, hits: SearchHit[], passage: SearchHit, quote: string): Record<string, number> {
  const reading = focusReading(question);
  const q = fold(quote);
  const lead = fold(quote.split('\n\n')[0] ?? '');
  const words = question.focus;
  const p = fold(passage.text);
  const heaviest = reading.weights.indexOf(Math.max(...reading.weights));
  const top5 = hits.slice(0, 5);
  return {
    ...ocrFeatures(passage.text),
    quoteCover: heldShare(reading.weights, (i) => q.includes(words[i]!)),
    leadCover: heldShare(reading.weights, (i) => lead.includes(words[i]!)),
    quoteType: typeMatch(question, q),
    leadType: typeMatch(question, lead),
    rareMiss: heaviest >= 0 && !p.includes(words[heaviest]!) ? 1 : 0,
    lexTop: rankBy(hits, passage, (h) => h.lexicalScore) === 0 ? 1 : 0,
    vecTop: rankBy(hits, passage, (h) => h.vectorScore) === 0 ? 1 : 0,
    lexRank: Math.min(1, rankBy(hits, passage, (h) => h.lexicalScore) / 7),
    vecRank: Math.min(1, rankBy(hits, passage, (h) => h.vectorScore) / 7),
    isTop: hits[0] === passage ? 1 : 0,
    topDoc: hits[0]?.documentId === passage.documentId ? 1 : 0,
    docsTop5: (new Set(top5.map((h) => h.documentId)).size - 1) / 4,
    sameDocTop5: top5.filter((h) => h.documentId === passage.documentId).length / 5,
    passageLong: Math.min(1, passage.text.length / 3000),
    quoteLong: Math.min(1, quote.length / 1500),
    focusMany: Math.min(1, words.length / 15),
    twoKinds: question.kinds.length >= 2 ? 1 : 0,
    askCount: Math.min(1, ((question.folded.match(ASK_WORDS) ?? []).length - 1) / 2),
    story: question.story ? 1 : 0,
    docLong: Math.min(1, (passage.documentText?.length ?? 0) / 60000),
    docKnown: passage.documentText ? 1 : 0,
  };
}
