// The unit of a rate a question asks: "หน่วยละกี่บาท" asks per หน่วย, "วันละเท่าไหร่" per วัน. Read once into the
// question (question.ts); the evidence reads whether a passage states a rate per it, in any of its wordings
// (lexicon/rate-units.ts), at all (scoring/off-question.ts noRateFor).
import { segmentWords } from '../index/tokens.ts';

/** The unit of a rate the question asks ("หน่วยละกี่บาท" → หน่วย, "วันละเท่าไหร่" → วัน), or null. "ร้อยละ" is a
 * percentage, which documents also write with "%" or "เปอร์เซ็นต์": not a rate per unit. */
export function askedRateUnit(query: string): string | null {
  const w = segmentWords(query);
  for (let i = 1; i + 1 < w.length; i++) if (w[i] === 'ละ' && /^(?:กี่|เท่า|เท่าไร|เท่าไหร่|เท่าใด)$/.test(w[i + 1])) return w[i - 1] === 'ร้อย' ? null : w[i - 1];
  return null;
}
