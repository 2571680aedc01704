import { expect, test } from 'bun:test';
import { CELL_MAX, csvCell } from './csv';

test('a cell never exceeds the spreadsheet limit; a cut keeps surrogate pairs whole (issue 34 finding 9)', () => {
  const long = csvCell('ก'.repeat(154_000));
  expect(long.length).toBe(CELL_MAX);
  expect(long.endsWith('…')).toBe(true);
  const emoji = csvCell(`${'a'.repeat(CELL_MAX - 2)}📄📄`);
  expect(emoji.length).toBeLessThanOrEqual(CELL_MAX);
  expect(emoji.isWellFormed()).toBe(true);
  expect(csvCell('สั้น')).toBe('สั้น');
});

test('control and bidi characters are not exported, and formulas stay text (issue 34 finding 10)', () => {
  expect(csvCell('ก\u0000ข\u202eค\ud800')).toBe('กขค');
  expect(csvCell('\u202e=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
});
