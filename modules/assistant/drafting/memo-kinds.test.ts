// The memo's kinds (what its request asks for) and the drafts' numbers, on layouts alone: no server needed.
import { describe, expect, test } from 'bun:test';
import { draftCompleteness, REQUIRED_FIELDS } from '../../../contracts/drafting';
import { draftText } from './layout';
import { memoLayout } from './memo-layout';
import { projectLayout } from './project-layout';
import { readBrief } from './brief';

const NOW = new Date('2024-11-20T03:00:00Z');

describe('what a memo asks for, and the numbers of a draft', () => {
  test("the proposal writes the brief's numbers in Thai digits, as every other number of it; a Latin name's year stays", () => {
    const doc = projectLayout(readBrief('โครงการค่ายพัฒนาผู้นำ รุ่นที่ 8 ชมรมผู้นำ กลุ่มเป้าหมาย: นักศึกษาชั้นปีที่ 2 จำนวน 90 คน เพื่อฝึกทักษะผู้นำ ค่าเช่ารถ 2 คัน 8,000 บาท', NOW));
    const text = JSON.stringify(doc.blocks);
    expect(text).toContain('ค่ายพัฒนาผู้นำ รุ่นที่ ๘');
    expect(text).toContain('นักศึกษาชั้นปีที่ ๒ จำนวน ๙๐ คน');
    expect(text).toContain('ค่าเช่ารถ ๒ คัน');
    expect(text).toContain('"๑. เพื่อฝึกทักษะผู้นำ"'); // a purpose ends where a cost begins
    expect(JSON.stringify(doc.blocks.map((b) => ({ ...b, widths: undefined })))).not.toMatch(/[0-9]/);
    expect(JSON.stringify(projectLayout(readBrief('โครงการ Green Run 2027 ชมรมวิ่ง', NOW)).blocks)).toContain('"โครงการ Green Run 2027"');
  });

  test('a memo asks only for the facts its request needs: a loan of equipment no budget, a claim no place or count', () => {
    const texts = (blocks: unknown) => JSON.stringify(blocks);
    const loan = memoLayout(
      readBrief('บันทึกขอยืมเครื่องเสียงและโปรเจคเตอร์ จากงานโสตทัศนูปกรณ์ ใช้ในงานไหว้ครู ชมรมนาฏศิลป์ วันที่ 11 มิ.ย. 2568 ณ หอประชุมเล็ก เรียน หัวหน้างานโสตทัศนูปกรณ์', NOW),
    );
    expect(texts(loan.blocks)).toContain('"value":"ขอยืมเครื่องเสียงและโปรเจคเตอร์"');
    expect(texts(loan.blocks)).toContain('จึงขอยืมเครื่องเสียงและโปรเจคเตอร์ เพื่อใช้ในงานไหว้ครู ในวันที่ ๑๑ มิถุนายน ๒๕๖๘ ณ หอประชุมเล็ก"');
    expect(loan.notAsked).toEqual(['จำนวนผู้เข้าร่วม', 'งบประมาณ']);
    const claim = memoLayout(
      readBrief('ขออนุมัติเบิกค่าใช้จ่ายโครงการวันภาษาไทย ที่จัดไปแล้วเมื่อ 26 ก.ค. 67 เป็นเงิน 18,750 บาท ชมรมภาษาไทย เรียน รองอธิการบดีฝ่ายกิจการนักศึกษา', NOW),
      {},
      { today: NOW },
    );
    expect(texts(claim.blocks)).toContain('"value":"ขออนุมัติเบิกค่าใช้จ่ายโครงการวันภาษาไทย"');
    expect(texts(claim.blocks)).toContain('จึงขออนุมัติเบิกค่าใช้จ่ายโครงการวันภาษาไทย ซึ่งจัดขึ้นในวันที่ ๒๖ กรกฎาคม ๒๕๖๗ เป็นเงิน ๑๘,๗๕๐ บาท (หนึ่งหมื่นแปดพันเจ็ดร้อยห้าสิบบาทถ้วน)"');
    expect(claim.notAsked).toEqual(['สถานที่', 'จำนวนผู้เข้าร่วม']);
    const van = memoLayout(readBrief('ทำบันทึกข้อความเรียนคณบดีคณะวิศวกรรมศาสตร์ ขอความอนุเคราะห์รถตู้ 2 คัน ไปดูงานที่นิคมอุตสาหกรรมอมตะนคร จ.ชลบุรี วันที่ 9 ม.ค. 68', NOW));
    expect(texts(van.blocks)).toContain('"value":"ขอความอนุเคราะห์รถตู้ ๒ คัน"');
    expect(texts(van.blocks)).not.toContain('งบประมาณ');
    // a report of a past activity tells what was done, when it was held, and asks for nothing
    const report = memoLayout(readBrief('ขอส่งรายงานผลการดำเนินโครงการค่ายอาสา ครั้งที่ 14 ที่จัดเมื่อ 10-15 ต.ค. 67 ณ บ้านห้วยหอย จ.น่าน', NOW), {}, { today: NOW });
    expect(texts(report.blocks)).toContain('ขอส่งรายงานผลการดำเนินโครงการค่ายอาสา ครั้งที่ ๑๔ ซึ่งจัดขึ้นในระหว่างวันที่ ๑๐ – ๑๕ ตุลาคม ๒๕๖๗ ณ บ้านห้วยหอย จังหวัดน่าน"');
    expect(texts(report.blocks)).not.toContain('ขอขอ');
    expect(texts(report.blocks)).toContain('จึงเรียนมาเพื่อโปรดทราบ');
    // an appointment asks for no date, place, count or budget
    const appoint = memoLayout(readBrief('เรื่อง ขอแต่งตั้งคณะกรรมการดำเนินงานโครงการกีฬาน้องใหม่ เรียน คณบดี', NOW));
    expect(appoint.notAsked).toEqual(['วันที่จัดกิจกรรม', 'สถานที่', 'จำนวนผู้เข้าร่วม', 'งบประมาณ']);
    for (const field of ['วันที่จัดกิจกรรม', 'สถานที่', 'จำนวนผู้เข้าร่วม', 'งบประมาณ']) expect(texts(appoint.blocks)).not.toContain(`[โปรดระบุ${field}]`);
    // a place asked for as a favour says what for
    const pool = memoLayout(readBrief('บันทึกขอความอนุเคราะห์ใช้สระว่ายน้ำมหาวิทยาลัย จัดอบรมทักษะการช่วยชีวิตทางน้ำ วันเสาร์ที่ 20 ก.พ. 68', NOW));
    expect(texts(pool.blocks)).toContain('จึงขอความอนุเคราะห์ใช้สระว่ายน้ำมหาวิทยาลัย เพื่อจัดอบรมทักษะการช่วยชีวิตทางน้ำ ในวันที่');
    // an activity asks for all of them
    expect(memoLayout(readBrief('ขออนุมัติจัดโครงการค่ายอาสา', NOW)).notAsked).toEqual([]);
  });

  test('a loan of equipment counts only the facts it asks for', () => {
    const doc = memoLayout(readBrief('ร่างบันทึกข้อความขอยืมโต๊ะ 20 ตัว ใช้ในงานวันเด็ก', NOW));
    const text = draftText(doc);
    const completeness = draftCompleteness('internal_memo', text, doc.notAsked);
    expect(completeness.total).toBe(REQUIRED_FIELDS.internal_memo.length - 2);
    expect(completeness.missing).not.toContain('งบประมาณ');
    expect(text).not.toContain('[โปรดระบุงบประมาณ]');
  });
});
