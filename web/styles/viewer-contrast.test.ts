// WCAG 1.4.11: the passage's mark is a non-text indicator, so its edge reaches 3:1 against the white page it
// is drawn on and against its own fill (issue 35).
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(import.meta.dir, '37-viewer.css'), 'utf8');
const token = (name: string) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1] ?? '';
const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

test('the mark edge contrasts 3:1 with the page and with the translucent fill over it', () => {
  const edge = channels(token('mark-edge'));
  const alpha =
    Number(
      css
        .match(/\.viewer-mark \{[^}]*background: rgb\(([^)]*)\)/)?.[1]
        ?.split('/')[1]
        ?.replace('%', ''),
    ) / 100;
  const fill = css
    .match(/\.viewer-mark \{[^}]*background: rgb\((\d+) (\d+) (\d+)/)!
    .slice(1, 4)
    .map((v) => Number(v) / 255);
  const over = fill.map((c) => c * alpha + 1 * (1 - alpha));
  expect(alpha).toBeGreaterThan(0);
  expect(contrast(edge, [1, 1, 1])).toBeGreaterThanOrEqual(3);
  expect(contrast(edge, over)).toBeGreaterThanOrEqual(3);
  expect(contrast(edge, channels(token('mark-fill')))).toBeGreaterThanOrEqual(3);
});
