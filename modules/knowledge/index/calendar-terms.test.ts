import { describe, expect, test } from 'bun:test';
import { temporaryIndex } from './test-index.ts';
import { segmentWords } from './tokens.ts';

// A calendar repeats the same rows under every term; only the term heading tells them apart.
const CALENDAR = [
  'ภาคการศึกษาที่ 1/2568',
  'วันเปิดภาคการศึกษา\tจันทร์ที่ 23 มิถุนายน 2568',
  'วันสอบไล่\tจันทร์ที่ 3 - อาทิตย์ที่ 16 พฤศจิกายน 2568',
  // a long term: many rows make its chunk long, and BM25 favours the short summer one on shared words
  ...Array.from({ length: 12 }, (_, i) => `กิจกรรมของคณะลำดับที่ ${i + 1}\tวันที่ ${i + 1} กรกฎาคม 2568`),
  'ภาคการศึกษาที่ 2/2568',
  'วันเปิดภาคการศึกษา\tจันทร์ที่ 24 พฤศจิกายน 2568',
  'วันสอบไล่\tจันทร์ที่ 16 - อาทิตย์ที่ 29 มีนาคม 2569',
  'ภาคฤดูร้อน/2568',
  'วันเปิดภาคการศึกษา\tจันทร์ที่ 20 เมษายน 2569',
  'วันเปิดภาคการศึกษา ภาคฤดูร้อน สำหรับนักศึกษาที่ลงทะเบียนล่วงหน้า 2568\tจันทร์ที่ 20 เมษายน 2569',
].join('\n');

describe('terms written with a slash are one token', () => {
  const index = temporaryIndex([{ documentId: 'cal', title: 'ปฏิทินการศึกษา', text: CALENDAR }]);

  test('"1/2568" and "3/7/2568" are tokens besides their numbers; a decimal or a ratio of long numbers is not', () => {
    const words = segmentWords('ภาคการศึกษาที่ 1/2568 วันที่ 3/7/2568 เวลา 22.00 น.');
    expect(words).toContain('1/2568');
    expect(words).toContain('3/7/2568');
    expect(words).toContain('2568');
    expect(segmentWords('อัตรา 125/250')).not.toContain('125/250');
  });

  test('the term a question names ranks its own row first, among rows every term shares', async () => {
    const hits = await index().search('เทอม 1 ปีการศึกษา 2568 เปิดเรียนวันไหน', { k: 5 });
    expect(hits[0].headingPath.at(-1)).toBe('ภาคการศึกษาที่ 1/2568');
    const second = await index().search('เทอม 2/68 เปิดเรียนวันไหน', { k: 5 });
    expect(second[0].headingPath.at(-1)).toBe('ภาคการศึกษาที่ 2/2568');
  });
});
