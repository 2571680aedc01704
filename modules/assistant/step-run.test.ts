import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { hit } from '../knowledge/scoring/test-hit';
import { extractiveAnswer } from './extractive';
import { withListItems } from './list-items';

// A procedure sheet whose numbered steps the chunker made clauses of their own (cited ข้อ 1…4 under the line the run
// follows), and a regulation whose ข้อ clauses under one หมวด are not steps.
const passage = (documentId: string, ordinal: number, text: string, path: string[]): SearchHit => ({
  ...hit(text, 0, documentId),
  title: documentId,
  fileType: 'pdf',
  chunkOrdinal: ordinal,
  headingPath: [documentId, ...path],
});
const LEAD = 'สาขาวิชาเทคโนโลยีสารสนเทศ สำนักวิชาเทคโนโลยีสังคม';
const steps = [
  passage('step', 0, 'ขั้นตอนการขอสอบโครงร่างวิทยานิพนธ์', []),
  passage('step', 1, '1. นักศึกษากรอกแบบฟอร์มเสนอแต่งตั้งคณะกรรมการพิจารณาโครงร่างวิทยานิพนธ์ ยื่นก่อนวันนัดสอบ 2 สัปดาห์', [LEAD, 'ข้อ 1']),
  passage('step', 2, '2. สำนักวิชาฯ แต่งตั้งคณะกรรมการพิจารณาโครงร่างวิทยานิพนธ์', [LEAD, 'ข้อ 2']),
  passage('step', 3, '3. สาขาวิชาฯ ดำเนินการสอบโครงร่างวิทยานิพนธ์', [LEAD, 'ข้อ 3']),
  passage('step', 4, '4. นักศึกษาส่งแบบขออนุมัติโครงร่างวิทยานิพนธ์ (ทบ.20) ให้สาขาวิชาฯ', [LEAD, 'ข้อ 4']),
];
const regulation = [
  passage('reg', 0, 'ข้อ ๕ นักศึกษาต้องยื่นโครงร่างวิทยานิพนธ์ภายในสองภาคการศึกษา', ['หมวด ๑ วิทยานิพนธ์', 'ข้อ ๕']),
  passage('reg', 1, 'ข้อ ๖ การสอบโครงร่างวิทยานิพนธ์ให้มีกรรมการสามคน', ['หมวด ๑ วิทยานิพนธ์', 'ข้อ ๖']),
];
const read = async (id: string) => (id === 'step' ? steps : regulation);

describe("a question on a procedure is answered with the procedure's steps", () => {
  test('reading: ขั้นตอน asks for steps', () => {
    expect(readQuestion('ขั้นตอนการขอสอบโครงร่างวิทยานิพนธ์ต้องทำอย่างไร').steps).toBe(true);
    expect(readQuestion('ต้องยื่นแบบฟอร์มก่อนวันสอบนานเท่าไร').steps).toBe(false);
  });

  test('a step is read with the other steps of its run, in order, and cited as the step retrieved', async () => {
    const question = readQuestion('ขั้นตอนการขอสอบโครงร่างวิทยานิพนธ์ต้องทำอย่างไร ต้องยื่นแบบฟอร์มเสนอแต่งตั้งคณะกรรมการก่อนวันสอบนานเท่าไร');
    const retrieved = [{ ...steps[1]!, score: 10 }];
    const { hits, original } = await withListItems(question, retrieved, read);
    const r = extractiveAnswer(question, hits);
    for (const step of ['2 สัปดาห์', 'แต่งตั้งคณะกรรมการ', 'ดำเนินการสอบ', '(ทบ.20)']) expect(r?.text).toContain(step);
    expect(r!.text.indexOf('2 สัปดาห์')).toBeLessThan(r!.text.indexOf('(ทบ.20)'));
    expect(original.get(r!.used[0]!)).toBe(retrieved[0]);
  });

  test("a regulation's ข้อ clauses are not steps, and a question not on a procedure reads the passage as retrieved", async () => {
    const onSteps = readQuestion('ขั้นตอนการสอบโครงร่างวิทยานิพนธ์เป็นอย่างไร');
    const clause = [{ ...regulation[1]!, score: 10 }];
    expect((await withListItems(onSteps, clause, read)).hits).toEqual(clause);
    const other = readQuestion('สอบโครงร่างวิทยานิพนธ์ต้องมีกรรมการกี่คน');
    const step = [{ ...steps[3]!, score: 10 }];
    expect((await withListItems(other, step, read)).hits).toEqual(step);
  });
});
