// Thai has no spaces between words, so the browser breaks lines with its own dictionary, which splits
// some compounds (it broke the landing title inside คำตอบ: "ได้คำ / ตอบทันที"). ThaiWords renders each
// word (Intl.Segmenter) as an unbreakable span with a break opportunity between words, and keeps the
// compounds below whole even where the segmenter splits them.
import { Fragment } from 'react';

/** Compounds the segmenter splits but a line must not (ICU: คำ|ตอบ, ผู้|ช่วย, ล่วง|หน้า). */
const COMPOUNDS = ['คำตอบ', 'คำถาม', 'ผู้ช่วย', 'ล่วงหน้า', 'ความมั่นใจ'];

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** The text cut into units a line may not break inside: words, with the listed compounds kept whole. */
export function wordUnits(text: string): string[] {
  const words = [...segmenter.segment(text)].map((s) => s.segment);
  const units: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let unit = words[i]!;
    // extend while the unit plus the following words can still grow into a listed compound
    for (let j = i + 1; j < words.length; j++) {
      const joined = words.slice(i, j + 1).join('');
      if (!COMPOUNDS.some((c) => c.startsWith(joined))) break;
      if (COMPOUNDS.includes(joined)) {
        unit = joined;
        i = j;
        break;
      }
    }
    units.push(unit);
  }
  return units;
}

export function ThaiWords({ text }: { text: string }) {
  return (
    <>
      {wordUnits(text).map((unit, i) =>
        /^\s+$/.test(unit) ? (
          <Fragment key={i}>{unit}</Fragment>
        ) : (
          <Fragment key={i}>
            {i > 0 && <wbr />}
            <span className="nowrap">{unit}</span>
          </Fragment>
        ),
      )}
    </>
  );
}
