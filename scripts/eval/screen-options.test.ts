import { afterEach, expect, test } from 'bun:test';
import { confidenceModel, setConfidenceModel } from '../../modules/knowledge/scoring/confidence';
import { evidenceAblated, setEvidenceAblation } from '../../modules/knowledge/scoring/evidence';
import { applyAblation, screenOptions, withoutWeight } from './screen-options';

afterEach(() => {
  setConfidenceModel();
  setEvidenceAblation();
});

test('the options: a class to show, the sets to skip, one ablation', () => {
  expect(screenOptions([])).toEqual({ show: null, skip: null, ablate: null, bySet: false, byKind: false });
  expect(screenOptions(['--by-set']).bySet).toBe(true);
  expect(screenOptions(['--by-kind'])).toMatchObject({ bySet: false, byKind: true });
  const o = screenOptions(['--show', 'wrong', '--skip', 'real_fresh_[pq]', '--ablate', 'weight:margin']);
  expect(o.show).toBe('wrong');
  expect(o.skip!.test('real_fresh_q/union')).toBe(true);
  expect(o.skip!.test('real_fresh_o/union')).toBe(false);
  expect(o.ablate).toBe('weight:margin');
  expect(() => screenOptions(['--ablate', 'margins'])).toThrow('rule group');
});

test('a weight set to 0 leaves the others and the bias as shipped', () => {
  const shipped = confidenceModel();
  const m = withoutWeight(shipped, 'margin');
  expect(m.weights.margin).toBe(0);
  expect(m.weights.wordCover).toBe(shipped.weights.wordCover);
  expect(m.bias).toBe(shipped.bias);
  expect(() => withoutWeight(shipped, 'nothing')).toThrow('no such weight');
});

test('the ablation takes effect: the model in use, or the rule group left out', () => {
  applyAblation('weight:foreign');
  expect(confidenceModel().weights.foreign).toBe(0);
  applyAblation('synonyms');
  expect(evidenceAblated('synonyms')).toBe(true);
  expect(evidenceAblated('storyWeight')).toBe(false);
});
