import { expect, test } from 'bun:test';
import { IngestProgress, minutes } from './ingest-progress';

const sink = (isTTY: boolean) => {
  const writes: string[] = [];
  return { writes, out: { isTTY, write: (s: string) => writes.push(s) } };
};

test('not on a terminal: one line per finished file with done/total, pages, OCR pages, time and ETA; stages print nothing', () => {
  const { writes, out } = sink(false);
  const p = new IngestProgress(2, out);
  p.stage('a.pdf', 'ocr 1/3');
  expect(writes).toEqual([]);
  p.fileDone({ label: 'a.pdf', pages: 3, ocrPages: 3, seconds: 12.34, result: 'stored' });
  p.fileDone({ label: 'b.pdf', pages: null, ocrPages: null, seconds: 0.2, result: 'refused: ไฟล์เสียหาย' });
  expect(writes[0]).toMatch(/^\[1\/2\] a\.pdf: 3 pages, 3 OCR pages, 12\.3 s, stored; ETA \d+ s\n$/);
  expect(writes[1]).toBe('[2/2] b.pdf: 0.2 s, refused: ไฟล์เสียหาย; ETA 0 s\n');
});

test('on a terminal: one live bar redrawn in place, with the current stage', () => {
  const { writes, out } = sink(true);
  const p = new IngestProgress(4, out);
  p.fileDone({ label: 'a.pdf', pages: 1, ocrPages: 0, seconds: 1, result: 'stored' });
  p.stage('b.pdf', 'ocr 2/5');
  expect(writes.at(-1)).toMatch(/^\r\x1b\[2K\[#{6}-{18}\] 1\/4 · ETA \d+ s · b\.pdf: ocr 2\/5$/);
  expect(writes.join('')).not.toContain('\n');
  const narrow = sink(true);
  new IngestProgress(4, { ...narrow.out, columns: 30 }).stage('a-long-file-name-in-a-deep-folder.pdf', 'ocr 1/9');
  expect(narrow.writes[0]).toBe(`\r\x1b[2K${'[------------------------] 0/4 · ETA …'.slice(0, 29)}`);
});

test('ETA reads in minutes past one', () => {
  expect(minutes(42)).toBe('42 s');
  expect(minutes(185)).toBe('3 min 5 s');
});
