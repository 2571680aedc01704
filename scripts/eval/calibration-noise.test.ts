import { describe, expect, test } from 'bun:test';
import { calibrationNoise } from './calibration-noise';

const answers = (n: number, confidence: number, rightShare: number) =>
  Array.from({ length: n }, (_, i) => ({ confidence, right: i < Math.round(n * rightShare) }));

describe('calibration noise', () => {
  test('no shown answers: nothing to say', () => {
    expect(calibrationNoise([])).toEqual({ overconfidence: null, eceIfCalibrated: null });
  });
  test.each([
    ['over-confident', 70, 0.4, 0.3],
    ['under-confident', 60, 0.9, -0.3],
    ['calibrated in the large', 50, 0.5, 0],
  ])('%s: mean confidence minus share right', (_, confidence, share, expected) => {
    expect(calibrationNoise(answers(20, confidence, share)).overconfidence!).toBeCloseTo(expected, 6);
  });
  test('the ECE chance gives a calibrated confidence shrinks with the number of answers, and is the same on every run', () => {
    const mixed = (n: number) => Array.from({ length: n }, (_, i) => ({ confidence: 35 + ((i * 7) % 60), right: false }));
    const [few, some, many] = [10, 33, 300].map((n) => calibrationNoise(mixed(n)).eceIfCalibrated!);
    expect(few).toBeGreaterThan(some!);
    expect(some).toBeGreaterThan(many!);
    expect(some).toBeGreaterThan(0.08);
    expect(many).toBeLessThan(0.08);
    expect(calibrationNoise(mixed(33)).eceIfCalibrated).toBe(some!);
  });
  test('it does not read whether the answers were right', () => {
    const a = answers(30, 65, 0.2);
    const b = answers(30, 65, 0.9);
    expect(calibrationNoise(a).eceIfCalibrated).toBe(calibrationNoise(b).eceIfCalibrated!);
  });
});
