// The eval's threshold curve reads the low threshold as 0 in its own process and writes nothing: the admin's row,
// which other processes read from the same database, keeps its value, and the admin's threshold is back once unset.
import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { getPreferences } from '../preferences/service';
import { setMeasuredLowThreshold } from './measured-threshold';
import { answer } from './service';
import { addRegulation } from './test-corpus';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await addRegulation(app.ctx);
});
afterEach(() => setMeasuredLowThreshold(null));
afterAll(() => app.close());

// a cost the regulation never names: its closest clause is quoted at a confidence under 30 %
const UNDER_THRESHOLD = 'ค่าเช่ารถบัสไปค่ายเบิกได้กี่บาท';
const ask = () => answer(app.ctx, { message: UNDER_THRESHOLD, showRegulation: true });

test('read as 0, a quote under the admin’s threshold is shown, with the confidence it had', async () => {
  const held = await ask();
  expect(held.fallback).toBe(true);
  setMeasuredLowThreshold(0);
  const shown = await ask();
  expect(shown.fallback).toBe(false);
  expect(shown.references.length).toBeGreaterThan(0);
  expect(shown.accuracy).toBeLessThan(30);
  expect(shown.evidence).toBeCloseTo(held.evidence!, 6);
});

test('the admin’s row is not written, and unset the admin’s threshold holds again', async () => {
  setMeasuredLowThreshold(0);
  await ask();
  expect((await getPreferences(app.ctx)).lowThreshold).toBe(30);
  setMeasuredLowThreshold(null);
  expect((await ask()).fallback).toBe(true);
});
