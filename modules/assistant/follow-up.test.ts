// A follow-up asks the previous question again under a new condition ("แล้วถ้า … ล่ะ"): it is searched together
// with the previous question, however many words of its own it has. A student's QA pass asked "แล้วถ้าจัดในมหาลัย
// ล่ะครับ" after a question on overnight activities and was answered from a clause on cheating in exams.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { addRegulation } from './test-corpus';
import { indexingIdle } from '../documents/indexer';
import { answer } from './service';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
  await addRegulation(h.ctx);
  await indexingIdle(h.ctx);
});
afterAll(() => h.close());

test('"แล้วถ้า … ล่ะ" is read with the question before it, though it has words of its own', async () => {
  const previous = 'จัดกิจกรรมค้างคืนต่างจังหวัดต้องขอหนังสือยินยอมจากผู้ปกครองไหม';
  const first = await answer(h.ctx, { message: previous, log: false, showRegulation: true });
  expect(first.references[0]?.headingPath.at(-1)).toBe('ข้อ ๘');
  const history = [
    { role: 'user' as const, content: previous },
    { role: 'assistant' as const, content: first.text },
  ];
  // before: the regulation's preamble at 71 % (its words: จัด, มหาวิทยาลัย)
  const onCampus = await answer(h.ctx, { message: 'แล้วถ้าจัดในมหาลัยล่ะครับ', history, log: false, showRegulation: true });
  expect(onCampus.references[0]?.headingPath.at(-1)).toBe('ข้อ ๘');
  // before: a fallback
  const older = await answer(h.ctx, { message: 'แล้วถ้านักศึกษาอายุเกินยี่สิบปีแล้วล่ะ', history, log: false, showRegulation: true });
  expect(older.fallback).toBe(false);
  expect(older.references[0]?.headingPath.at(-1)).toBe('ข้อ ๘');
  // a question of its own is searched as it is: the first turn's words do not take over
  const report = await answer(h.ctx, { message: 'ต้องส่งรายงานผลการดำเนินงานภายในกี่วันหลังจบกิจกรรม', history, log: false, showRegulation: true });
  expect(report.references[0]?.headingPath.at(-1)).toBe('ข้อ ๙');
});
