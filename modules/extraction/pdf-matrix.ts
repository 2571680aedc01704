// A PDF transformation matrix [a b c d e f] and their product, as the content stream composes them (cm, form
// XObjects): shared by the image-resolution and image-cover readers of a page's operator list.
export type Matrix = [number, number, number, number, number, number];

/** `n` applied inside `m` (PDF's `n × m`). */
export const multiply = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];
