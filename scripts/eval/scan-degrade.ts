// What an office scanner does to a clean page: the sheet lies a little askew, the sensor adds noise, the
// paper carries dust, and the 1-bit threshold (fixed in the scanner, not tuned per page) thickens or
// breaks thin strokes (Thai tone marks and the small loops of ๑/๙ first). Deterministic per seed.

export interface Grey {
  width: number;
  height: number;
  /** 0 = black … 255 = white, row-major */
  pixels: Uint8Array;
}

export interface Degradation {
  /** Skew in degrees (positive = clockwise). */
  skewDeg: number;
  /** Standard deviation of the sensor noise, in grey levels. */
  noise: number;
  /** 1-bit threshold: lower thins strokes, higher thickens them. */
  threshold: number;
  /** Dust specks per page. */
  specks: number;
}

export function seedOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A plausible scan of one page: most pages a little askew, a few straight, thresholds varying by page. */
export function pickDegradation(random: () => number): Degradation {
  const skews = [0, 0.3, -0.5, 0.8, -1.1, 1.4];
  return {
    skewDeg: skews[Math.floor(random() * skews.length)]!,
    noise: 12 + random() * 18,
    threshold: 120 + Math.round(random() * 50),
    specks: 40 + Math.floor(random() * 120),
  };
}

/** P5 PGM as pdftoppm -gray writes it. */
export function parsePgm(bytes: Uint8Array): Grey {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64));
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!m) throw new Error('not a binary PGM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  return { width, height, pixels: bytes.slice(m[0].length, m[0].length + width * height) };
}

/** Rotate about the centre with bilinear sampling; what comes in from outside the sheet is white. */
export function rotate(img: Grey, deg: number): Grey {
  if (deg === 0) return img;
  const { width: w, height: h, pixels } = img;
  const out = new Uint8Array(w * h).fill(255);
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const sx = c * dx + s * dy + cx;
      const sy = -s * dx + c * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const p = (xx: number, yy: number) => pixels[yy * w + xx]!;
      const top = p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx;
      const bottom = p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx;
      out[y * w + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { width: w, height: h, pixels: out };
}

/** Gaussian sensor noise (Box–Muller) and dust, on the grey page. */
export function addNoise(img: Grey, d: Degradation, random: () => number): Grey {
  const out = img.pixels.slice();
  for (let i = 0; i < out.length; i++) {
    const g = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    out[i] = Math.max(0, Math.min(255, out[i]! + g * d.noise));
  }
  for (let k = 0; k < d.specks; k++) {
    const x = Math.floor(random() * img.width);
    const y = Math.floor(random() * img.height);
    const r = random() < 0.8 ? 1 : 2;
    for (let yy = y - r; yy <= y + r; yy++)
      for (let xx = x - r; xx <= x + r; xx++)
        if (xx >= 0 && yy >= 0 && xx < img.width && yy < img.height && (xx - x) ** 2 + (yy - y) ** 2 <= r * r) out[yy * img.width + xx] = 40;
  }
  return { width: img.width, height: img.height, pixels: out };
}

/** 1-bit as the CCITT encoder wants it: black[i] = 1 for black. */
export function threshold(img: Grey, level: number): { width: number; height: number; black: Uint8Array } {
  const black = new Uint8Array(img.pixels.length);
  for (let i = 0; i < black.length; i++) black[i] = img.pixels[i]! < level ? 1 : 0;
  return { width: img.width, height: img.height, black };
}
