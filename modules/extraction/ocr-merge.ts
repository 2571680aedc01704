// Repair a text layer with OCR evidence. Word + TH SarabunIT๙ PDFs store ำ as า (the
// nikhahit glyph has no Unicode mapping), but everything else in the layer is exact, whereas
// OCR gets ำ right and digits wrong. So: align the two and take only ำ from OCR.

// Above this many alignment cells (~n·m) the page is left as is (memory/time bound).
const MAX_CELLS = 40_000_000;

const DIAG = 1;
const UP = 2; // skip a layer char
const LEFT = 3; // skip an OCR char

/** Optimal alignment path as pairs (index in a, index in b), -1 where a side has a gap. */
export function align(a: string, b: string): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  const dir = new Uint8Array((n + 1) * (m + 1));
  let prev = new Uint32Array(m + 1);
  let cur = new Uint32Array(m + 1);
  for (let j = 0; j <= m; j++) {
    prev[j] = j;
    dir[j] = LEFT;
  }
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    dir[i * (m + 1)] = UP;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const diag = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const up = prev[j] + 1;
      const left = cur[j - 1] + 1;
      let best = diag;
      let d = DIAG;
      if (up < best) {
        best = up;
        d = UP;
      }
      if (left < best) {
        best = left;
        d = LEFT;
      }
      cur[j] = best;
      dir[i * (m + 1) + j] = d;
    }
    [prev, cur] = [cur, prev];
  }
  const path: Array<[number, number]> = [];
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const d = dir[i * (m + 1) + j];
    if (d === DIAG) path.push([--i, --j]);
    else if (d === UP) path.push([--i, -1]);
    else path.push([-1, --j]);
  }
  return path.reverse();
}

/**
 * Put ำ back into `layer` wherever OCR read ำ at the aligned position of a layer า, with the
 * preceding characters agreeing (so a misaligned region cannot inject changes).
 */
export function restoreSaraAmFromOcr(layer: string, ocr: string): { text: string; restored: number } {
  const positions: number[] = []; // index in `layer` of each non-space char
  let squashed = '';
  for (let i = 0; i < layer.length; i++) {
    if (!/\s/.test(layer[i])) {
      positions.push(i);
      squashed += layer[i];
    }
  }
  const ocrSquashed = ocr.replace(/\s+/g, '');
  if (squashed.length * ocrSquashed.length > MAX_CELLS || ocrSquashed.length === 0) return { text: layer, restored: 0 };

  const chars = layer.split('');
  // UTF-16 units on both sides, so `positions` index `chars` directly.
  let restored = 0;
  const path = align(squashed, ocrSquashed);
  for (let k = 1; k < path.length; k++) {
    const [i, j] = path[k];
    const [pi, pj] = path[k - 1];
    if (i < 0 || j < 0 || pi < 0 || pj < 0) continue;
    if (squashed[i] === 'า' && ocrSquashed[j] === 'ำ' && squashed[pi] === ocrSquashed[pj]) {
      chars[positions[i]] = 'ำ';
      restored++;
    }
  }
  return { text: chars.join(''), restored };
}
