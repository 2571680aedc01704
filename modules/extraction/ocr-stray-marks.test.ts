import { describe, expect, test } from 'bun:test';
import { dropStrayMarks } from './ocr-stray-marks.ts';

describe('marks OCR added', () => {
  test('a mark the rest of the document reads the same letters without is dropped (our scans)', () => {
    const pages = ['ภาคการศึกษา ทุกภาคการศึกษา', 'วันเปิดภาคกุารศึกษา หัวเข็มุขัด', 'เข็มขัดหนัง เข็มขัดตรา'];
    expect(dropStrayMarks(pages)).toEqual([pages[0], 'วันเปิดภาคการศึกษา หัวเข็มขัด', pages[2]]);
  });

  test('a mark stays where the document has it, or too few letters vouch for the reading without it', () => {
    const pages = ['ผู้บุพการีกระทำต่อผู้สืบสันดาน', 'ผู้บุพการกระทำ', 'เกี่ยวข้องกับ ของกับ ของกับ', 'สีดำ สี่ดำ'];
    expect(dropStrayMarks(pages)).toEqual(pages);
  });
});
