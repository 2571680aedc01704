// A count asked with a bound ("ไม่น้อยกว่ากี่หน่วยกิต", "ได้สูงสุดกี่วัน") is led by a count written with that bound, not
// by the other one the clause states beside it.
import { describe, expect, test } from 'bun:test';
import { directSpan } from './direct-answer';
import { readQuestion } from '../knowledge/question/question';

const lead = (q: string, pieces: string[], header?: string) => directSpan('count', readQuestion(q), pieces, header);

describe('a count asked with a bound', () => {
  // the curriculum clause of a real library (KU Sakon Nakhon IT 2554), pieces in the quote's order: the best-matching
  // sentence states a cap, the row below it the minimum asked (before: led with "3 หน่วยกิต")
  const curriculum = [
    'เลือกจากวิชาที่เปิดสอนในสาขาวิชาเทคโนโลยีสารสนเทศ เฉพาะรหัสหมายเลข 200 (เลขสามตัวหลัง) ไม่เกิน 3 หน่วยกิต',
    '3.2.2 วิชาเฉพาะเลือก | ไม่น้อยกว่า | 18 หน่วยกิต',
  ];

  test('the least asked is not led by a cap', () => {
    expect(lead('วิชาเฉพาะเลือกต้องเรียนไม่น้อยกว่ากี่หน่วยกิต', curriculum)).toContain('18 หน่วยกิต');
    expect(lead('วิชาเฉพาะเลือกต้องเรียนอย่างน้อยกี่หน่วยกิต', curriculum)).toContain('18 หน่วยกิต');
  });

  test('the most asked is not led by a minimum', () => {
    const pieces = ['นักศึกษาต้องลงทะเบียนไม่น้อยกว่า ๙ หน่วยกิต และไม่เกิน ๒๒ หน่วยกิต'];
    expect(lead('ลงทะเบียนได้สูงสุดกี่หน่วยกิต', pieces)).toBe('ไม่เกิน ๒๒ หน่วยกิต');
    expect(lead('ลงทะเบียนขั้นต่ำกี่หน่วยกิต', pieces)).toBe('ไม่น้อยกว่า ๙ หน่วยกิต');
  });

  test('a question without a bound, or a count written without one, reads as before', () => {
    expect(lead('วิชาเฉพาะเลือกกี่หน่วยกิต', curriculum)).toBe('ไม่เกิน 3 หน่วยกิต');
    expect(lead('ต้องยื่นล่วงหน้าอย่างน้อยกี่วัน', ['ให้ยื่นคำร้องล่วงหน้า ๗ วันก่อนวันจัดกิจกรรม'])).toBe('๗ วัน');
  });

  test('a piece that counts the thing only under the other bound leads with nothing', () => {
    expect(lead('ต้องเรียนไม่น้อยกว่ากี่หน่วยกิต', ['เลือกเรียนได้ไม่เกิน ๖ หน่วยกิต'])).toBeNull();
  });
});
