// Test-only CCITT fax encoder (ITU-T T.4 1-D "G3" and T.6 "G4"), so the tests can turn a page of the
// fixture scan into the 1-bit encodings office scanners write. Hand-written because no maintained npm
// package encodes CCITT (sharp/libtiff writes G4 TIFFs only, and is not a dependency of ours).

// Modified Huffman codes (T.4 tables 2 and 3): terminating codes for runs 0–63, then make-up codes for
// 64, 128, … 1728, then the shared extended make-up codes for 1792 … 2560.
const WHITE_TERM =
  '00110101 000111 0111 1000 1011 1100 1110 1111 10011 10100 00111 01000 001000 000011 110100 110101 101010 101011 0100111 0001100 0001000 0010111 0000011 0000100 0101000 0101011 0010011 0100100 0011000 00000010 00000011 00011010 00011011 00010010 00010011 00010100 00010101 00010110 00010111 00101000 00101001 00101010 00101011 00101100 00101101 00000100 00000101 00001010 00001011 01010010 01010011 01010100 01010101 00100100 00100101 01011000 01011001 01011010 01011011 01001010 01001011 00110010 00110011 00110100'.split(
    ' ',
  );
const WHITE_MAKEUP =
  '11011 10010 010111 0110111 00110110 00110111 01100100 01100101 01101000 01100111 011001100 011001101 011010010 011010011 011010100 011010101 011010110 011010111 011011000 011011001 011011010 011011011 010011000 010011001 010011010 011000 010011011'.split(
    ' ',
  );
const BLACK_TERM =
  '0000110111 010 11 10 011 0011 0010 00011 000101 000100 0000100 0000101 0000111 00000100 00000111 000011000 0000010111 0000011000 0000001000 00001100111 00001101000 00001101100 00000110111 00000101000 00000010111 00000011000 000011001010 000011001011 000011001100 000011001101 000001101000 000001101001 000001101010 000001101011 000011010010 000011010011 000011010100 000011010101 000011010110 000011010111 000001101100 000001101101 000011011010 000011011011 000001010100 000001010101 000001010110 000001010111 000001100100 000001100101 000001010010 000001010011 000000100100 000000110111 000000111000 000000100111 000000101000 000001011000 000001011001 000000101011 000000101100 000001011010 000001100110 000001100111'.split(
    ' ',
  );
const BLACK_MAKEUP =
  '0000001111 000011001000 000011001001 000001011011 000000110011 000000110100 000000110101 0000001101100 0000001101101 0000001001010 0000001001011 0000001001100 0000001001101 0000001110010 0000001110011 0000001110100 0000001110101 0000001110110 0000001110111 0000001010010 0000001010011 0000001010100 0000001010101 0000001011010 0000001011011 0000001100100 0000001100101'.split(
    ' ',
  );
const EXT_MAKEUP =
  '00000001000 00000001100 00000001101 000000010010 000000010011 000000010100 000000010101 000000010110 000000010111 000000011100 000000011101 000000011110 000000011111'.split(
    ' ',
  );
const EOL = '000000000001';
// Vertical mode codes for a1 − b1 = −3 … 3 (T.4 table 4), pass and horizontal mode.
const VERTICAL = ['0000010', '000010', '010', '1', '011', '000011', '0000011'];
const PASS = '0001';
const HORIZONTAL = '001';

/** A 1-bit image: `black[y * width + x]` is 1 for black. */
export interface Bitmap {
  width: number;
  height: number;
  black: Uint8Array;
}

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private n = 0;
  put(code: string): void {
    for (const c of code) {
      this.acc = (this.acc << 1) | (c === '1' ? 1 : 0);
      if (++this.n === 8) {
        this.bytes.push(this.acc);
        this.acc = this.n = 0;
      }
    }
  }
  finish(): Uint8Array {
    if (this.n > 0) this.put('0'.repeat(8 - this.n));
    return Uint8Array.from(this.bytes);
  }
}

function putRun(out: BitWriter, run: number, black: boolean): void {
  const makeup = black ? BLACK_MAKEUP : WHITE_MAKEUP;
  while (run >= 64) {
    const m = Math.min(Math.floor(run / 64) * 64, 2560);
    out.put(m >= 1792 ? EXT_MAKEUP[(m - 1792) / 64] : makeup[m / 64 - 1]);
    run -= m;
  }
  out.put((black ? BLACK_TERM : WHITE_TERM)[run]);
}

const pixel = (row: Uint8Array, x: number, width: number) => (x < width ? row[x] : 0);
/** First x ≥ from whose pixel is not `colour` (width when none). */
function findDiff(row: Uint8Array, from: number, width: number, colour: number): number {
  let x = from;
  while (x < width && row[x] === colour) x++;
  return x;
}

function encodeRow1d(out: BitWriter, row: Uint8Array, width: number): void {
  let x = 0;
  let colour = 0;
  while (x < width) {
    const end = findDiff(row, x, width, colour);
    putRun(out, end - x, colour === 1);
    x = end;
    colour ^= 1;
  }
}

/** T.6 two-dimensional coding of one row against the row above (libtiff's Fax3Encode2DRow). */
function encodeRow2d(out: BitWriter, row: Uint8Array, ref: Uint8Array, width: number): void {
  let a0 = 0;
  let a1 = row[0] ? 0 : findDiff(row, 0, width, 0);
  let b1 = ref[0] ? 0 : findDiff(ref, 0, width, 0);
  for (;;) {
    const b2 = b1 < width ? findDiff(ref, b1, width, pixel(ref, b1, width)) : width;
    if (b2 >= a1) {
      const d = b1 - a1;
      if (d >= -3 && d <= 3) {
        out.put(VERTICAL[3 - d]);
        a0 = a1;
      } else {
        const a2 = a1 < width ? findDiff(row, a1, width, pixel(row, a1, width)) : width;
        out.put(HORIZONTAL);
        // At the row start a0 is the imaginary white pixel before it.
        const colour = a0 + a1 === 0 ? 0 : pixel(row, a0, width);
        putRun(out, a1 - a0, colour === 1);
        putRun(out, a2 - a1, colour !== 1);
        a0 = a2;
      }
    } else {
      out.put(PASS);
      a0 = b2;
    }
    if (a0 >= width) break;
    const colour = pixel(row, a0, width);
    a1 = findDiff(row, a0, width, colour);
    b1 = findDiff(ref, a0, width, colour ^ 1);
    b1 = findDiff(ref, b1, width, colour);
  }
}

/**
 * Encode as CCITTFaxDecode data: K = -1 (G4, T.6) or K = 0 (G3 1-D, an EOL before each row), ending with
 * RTC / EOFB unless `terminated` is false (JBIG2's MMR regions know their length).
 */
export function encodeCcitt(img: Bitmap, k: -1 | 0, terminated = true): Uint8Array {
  const out = new BitWriter();
  let ref: Uint8Array = new Uint8Array(img.width);
  for (let y = 0; y < img.height; y++) {
    const row = img.black.subarray(y * img.width, (y + 1) * img.width);
    if (k === 0) {
      out.put(EOL);
      encodeRow1d(out, row, img.width);
    } else encodeRow2d(out, row, ref, img.width);
    ref = row;
  }
  if (terminated) out.put(k === 0 ? EOL.repeat(6) : EOL + EOL);
  return out.finish();
}
