// One confidence per answer: each passage's evidence scored once a turn, and the shown accuracy from one formula.
import { describe, expect, test } from 'bun:test';
import { bestPassageConfidence, retrievalConfidence } from '../knowledge/scoring/confidence';
import { readQuestion } from '../knowledge/question/question';
import { hit } from '../knowledge/scoring/test-hit';
import { calibrated } from '../knowledge/scoring/calibration';
import { passageEvidence, shownAccuracy } from './accuracy';

const question = readQuestion('ต้องเสนอโครงการล่วงหน้ากี่วัน');
const library = [
  hit('ข้อ ๔ ในข้อบังคับนี้ องค์กรนักศึกษา หมายความว่า สโมสร ชมรม', 12, 'a'),
  hit('ข้อ ๕ ให้เสนอโครงการล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม', 10, 'b'),
  hit('ข้อ ๖ ค่าใช้จ่ายในการจัดกิจกรรม', 8, 'c'),
];

describe('passage evidence', () => {
  test('the best of the first n and each passage agree with the knowledge functions', () => {
    const scored = passageEvidence(question, library);
    expect(scored.best(3)).toEqual(bestPassageConfidence(question, library, 3));
    for (const passage of library) expect(scored.of(passage)).toEqual(retrievalConfidence(question, library, { passage }));
  });

  test('a passage is scored once however often it is asked for', () => {
    const scored = passageEvidence(question, library);
    const first = scored.of(library[1]!);
    scored.best(3);
    expect(scored.of(library[1]!)).toBe(first);
  });

  test('no passages: no evidence', () => {
    expect(passageEvidence(question, []).best(5).confidence).toBe(0);
  });
});

describe('shown accuracy', () => {
  test('a quote shows the calibrated evidence; a model answer is halved as far as its sources do not back it', () => {
    expect(shownAccuracy(80, { by: 'quote' })).toBe(Math.round(calibrated(80) * 100) / 100);
    expect(shownAccuracy(80, { by: 'model', support: 1 })).toBe(shownAccuracy(80, { by: 'quote' }));
    expect(shownAccuracy(80, { by: 'model', support: 0 })).toBe(shownAccuracy(40, { by: 'quote' }));
  });

  test('no answer: the evidence uncalibrated and halved, halved again when nothing was quotable', () => {
    expect(shownAccuracy(60, { by: 'not-generated' })).toBe(30);
    expect(shownAccuracy(60, { by: 'no-quote' })).toBe(15);
  });
});
