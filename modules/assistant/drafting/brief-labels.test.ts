// Briefs a student typed in a QA pass of the drafting flow, with the facts the memo lost: the addressee ran on into
// the signatory's label, a weekday after "ชมรม" was read as the club's name, "10 โมง" was no time, and "ถึงสมาชิก…"
// no addressee.
import { expect, test } from 'bun:test';
import { findTimes } from './brief-dates';
import { readBrief } from './brief';

const NOW = new Date('2025-11-20T03:00:00Z');

test('the addressee ends where the signatory is named', () => {
  const f = readBrief('ช่วยร่างบันทึกข้อความ ขออนุมัติจัดโครงการปลูกป่าชายเลน ที่บางปู วันที่ 20 ธ.ค. 2568 เรียน ผู้อำนวยการกองกิจการนักศึกษา ผู้ลงนาม นางสาวศิริพร มีสุข ประธานชมรม', NOW);
  expect(f.recipient).toBe('ผู้อำนวยการกองกิจการนักศึกษา');
  expect(f.people).toEqual([{ name: 'นางสาวศิริพร มีสุข', position: 'ประธานชมรม' }]);
});

test('a club meeting next Friday at ten, to the club members', () => {
  const f = readBrief('ขอเชิญประชุมชมรมวันศุกร์หน้า 10 โมง ห้อง 301 ถึงสมาชิกชมรมถ่ายภาพ ช่วยร่างบันทึกข้อความให้หน่อย', NOW);
  expect(f.organisation).toBe('ชมรมถ่ายภาพ');
  expect(f.vagueDate).toBe('วันศุกร์หน้า');
  expect(f.time).toEqual({ start: '10.00', end: null });
  expect(f.recipient).toBe('สมาชิกชมรมถ่ายภาพ');
  expect(f.venue).toBe('ห้อง 301');
});

test('an hour said with โมง alone is a morning hour from seven to eleven; an earlier one needs เช้า, บ่าย or เย็น', () => {
  expect(findTimes('ประชุมสิบโมง')).toEqual({ start: '10.00', end: null });
  expect(findTimes('เริ่ม 8 โมง ถึงบ่ายสามโมง')).toEqual({ start: '08.00', end: '15.00' });
  expect(findTimes('นัดสี่โมง')).toBeNull();
  expect(findTimes('สี่โมงเย็น')).toEqual({ start: '16.00', end: null });
});
