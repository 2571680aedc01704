// WCAG 2.2 (1.4.11, 2.4.7): the focus ring reaches 3:1 against every background a focusable control sits on.
// The ring is --focus-ring outside a 2 px white gap: on light backgrounds the ring itself contrasts, on dark
// ones (the user's bubble, code blocks) the white gap does, and the ring always contrasts with the gap.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = ['00-base.css', '05-components.css', '20-chat.css', '30-console.css'].map((f) => readFileSync(join(import.meta.dir, f), 'utf8')).join('\n');
const token = (name: string) => css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'))?.[1] ?? '';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('focus ring contrast', () => {
  const ring = token('focus-ring');
  test('the base rule draws the ring as an outline with a white gap (no translucent box-shadow)', () => {
    expect(ring).toMatch(/^#[0-9a-f]{6}$/i);
    expect(css).toContain(':focus-visible { outline: 3px solid var(--focus-ring); outline-offset: 2px; box-shadow: 0 0 0 2px #fff; }');
    expect(css).not.toMatch(/--focus:[^;]*\/\s*\d+%/); // no alpha in the focus token
  });
  test('≥ 3:1 on the light backgrounds: page, cards, hover/current, alerts, draft card', () => {
    for (const bg of [token('bg'), token('card'), token('brand-50'), token('warning-50'), token('danger-50'), token('success-50'), '#ffffff']) {
      expect(bg).toMatch(/^#/);
      expect(contrast(ring, bg)).toBeGreaterThanOrEqual(3);
    }
  });
  test('on dark backgrounds (user bubble, primary buttons, code) the white gap reaches 3:1, and the ring against the gap', () => {
    for (const bg of [token('brand'), token('brand-600'), token('danger'), '#0f172a']) expect(contrast('#ffffff', bg)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
  test('the old translucent ring (35% of brand-600 over white) was below 3:1', () => {
    // rgb(41 70 168 / 35%) over white ≈ #b3bce0
    expect(contrast('#b3bce0', '#ffffff')).toBeLessThan(3);
  });
});
