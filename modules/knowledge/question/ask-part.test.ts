import { expect, test } from 'bun:test';
import { askedPart } from './ask-part.ts';
import { readQuestion } from './question.ts';

const cases: [string, string, string | null][] = [
  ['asked first, the situation told after it', 'ห้องคอมบริการทั่วไปเปิดกี่โมง อยากเข้าไปทำงานก่อนเรียนแปดโมงเช้าทุกวันเลยครับ', 'ห้องคอมบริการทั่วไปเปิดกี่โมง'],
  ['told first, asked last', 'พวกเราเป็นชมรมถ่ายภาพ จะจัดนิทรรศการในอีกสามสัปดาห์ข้างหน้า ต้องส่งโครงการก่อนกี่วันครับ', 'ต้องส่งโครงการก่อนกี่วันครับ'],
  ['a situation and an ask in two parts is one ask', 'พวกเราเป็นชมรมถ่ายภาพที่จะจัดนิทรรศการในอีกสามสัปดาห์ข้างหน้า ต้องส่งโครงการก่อนกี่วันครับ', null],
  ['a short question is one ask', 'ห้องสมุดเปิดกี่โมง อยากไปอ่านหนังสือ', null],
  ['no question word', 'อยากทราบเรื่องการลาพักการศึกษาของนักศึกษาชั้นปีที่หนึ่ง ภาคการศึกษาที่สองครับผม', null],
];
for (const [name, question, asked] of cases) test(`askedPart: ${name}`, () => expect(askedPart(question)).toBe(asked));

test("the situation told after the ask is not in the ask's focus (it weighs less where no passage uses it)", () => {
  const q = readQuestion(cases[0]![1]);
  expect(q.askFocus.has('ห้อง')).toBe(true);
  expect(q.askFocus.has('ทำงาน')).toBe(false);
});
