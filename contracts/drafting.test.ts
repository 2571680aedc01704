import { describe, expect, test } from 'bun:test';
import { chatDrafting, completenessPercent, detectDrafting, draftCompleteness, draftTypeOf, isDocumentFile, missingMark, REQUIRED_FIELDS } from './drafting';

describe('drafting detection (chat.md §4)', () => {
  test('a drafting phrase alone is a request', () => {
    expect(detectDrafting('ช่วยเขียนโครงการปลูกป่าให้หน่อย')).toMatchObject({ drafting: true, reason: 'phrase', documentType: 'student_activity_project' });
    expect(detectDrafting('Help me write a proposal for a beach clean-up').drafting).toBe(true);
    expect(detectDrafting('please draft a memo to the dean')).toMatchObject({ drafting: true, documentType: 'internal_memo' });
  });

  test('two different drafting keywords count, one does not', () => {
    expect(detectDrafting('ต้องการแบบฟอร์มข้อเสนอโครงการ')).toMatchObject({ drafting: true, reason: 'keywords' });
    expect(detectDrafting('ขอ template proposal สำหรับชมรม')).toMatchObject({ drafting: true, reason: 'keywords' });
    expect(detectDrafting('การจัดทำโครงการต้องมีรายละเอียดอะไรบ้าง').drafting).toBe(false);
    // a single keyword is a question about it, not a request
    expect(detectDrafting('บันทึกข้อความคืออะไร').drafting).toBe(false);
  });

  test('regulation questions are not drafting requests', () => {
    expect(detectDrafting('ต้องเสนอโครงการล่วงหน้ากี่วัน').drafting).toBe(false);
    expect(detectDrafting('เอกสารที่ต้องใช้ในการเสนอโครงการมีอะไรบ้าง').drafting).toBe(false);
    expect(detectDrafting('the information form deadline').drafting).toBe(false); // "form" only as a whole word, and alone
  });

  test('an attached PDF, Word or text file selects drafting; an image does not', () => {
    expect(detectDrafting('ดูให้หน่อย', [{ name: 'brief.pdf' }])).toMatchObject({ drafting: true, reason: 'attachment' });
    expect(detectDrafting('ดูให้หน่อย', [{ name: 'x', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }]).drafting).toBe(true);
    expect(detectDrafting('ดูให้หน่อย', [{ name: 'photo.png', type: 'image/png' }]).drafting).toBe(false);
    expect(isDocumentFile({ name: 'notes.TXT' })).toBe(true);
  });

  test('memo keywords choose internal_memo, otherwise the activity project', () => {
    expect(draftTypeOf('ร่างบันทึกข้อความขออนุมัติใช้ห้องประชุม')).toBe('internal_memo');
    expect(draftTypeOf('ช่วยร่างหนังสือแจ้งสมาชิกชมรม')).toBe('internal_memo');
    expect(draftTypeOf('write the meeting summary')).toBe('internal_memo');
    expect(draftTypeOf('ช่วยร่างโครงการค่ายอาสา SDGs')).toBe('student_activity_project');
  });
});

describe("our chat's choice: by what the text asks (issue 18)", () => {
  const docx = { name: 'regulation.docx' };
  test('a file with a question is answered, not drafted', () => {
    expect(chatDrafting('ต้องส่งรายงานผลภายในกี่วัน', [docx]).drafting).toBe(false);
    expect(chatDrafting('what does this proposal need?', [{ name: 'p.pdf' }]).drafting).toBe(false);
    expect(chatDrafting('ดูให้หน่อย', [docx]).drafting).toBe(false);
    // the spec's detection, kept for its clients, still drafts
    expect(detectDrafting('ต้องส่งรายงานผลภายในกี่วัน', [docx]).drafting).toBe(true);
  });
  test('a file with a drafting request drafts, and the request picks the type', () => {
    expect(chatDrafting('ช่วยทำบันทึกขออนุมัติโครงการนี้', [{ name: 'proposal.docx' }])).toMatchObject({ drafting: true, documentType: 'internal_memo' });
    expect(chatDrafting('ช่วยเขียนโครงการจากไฟล์นี้', [docx])).toMatchObject({ drafting: true, documentType: 'student_activity_project' });
    expect(chatDrafting('', [docx]).drafting).toBe(true);
  });
  test('a brief sent alone drafts: an activity or a request with its facts, and nothing asked', () => {
    expect(chatDrafting('ค่ายอาสา 15-17 ม.ค. 68 ที่น่าน 100 คน งบ 30,000')).toMatchObject({
      drafting: true,
      documentType: 'student_activity_project',
      reason: 'brief',
    });
    expect(chatDrafting('บันทึกข้อความขอเบิกเงินยืมโครงการค่ายวิทยาศาสตร์ จำนวน 35,000 บาท เรียน คณบดีคณะวิทยาศาสตร์')).toMatchObject({
      drafting: true,
      documentType: 'internal_memo',
    });
    expect(chatDrafting('ขอใช้ห้องประชุม 2 วันที่ 18 ม.ค. 70 เวลา 17.00-20.00 น. เรียน ผู้อำนวยการกองพัฒนานักศึกษา').drafting).toBe(true);
    // the same facts asked about, or facts of no activity, are questions
    expect(chatDrafting('ค่ายค้างคืน 3 วัน นักศึกษา 50 คน ต้องมีอาจารย์ไปกี่คน').drafting).toBe(false);
    expect(chatDrafting('ค่ายอาสา 100 คน งบ 30,000 ต้องขออนุมัติใคร').drafting).toBe(false);
    expect(chatDrafting('ลาพักการศึกษา 2 ภาคเรียน ค่าธรรมเนียม 3,000 บาท').drafting).toBe(false);
    expect(chatDrafting('โครงการ 30,000 บาท').drafting).toBe(false); // one fact is a topic, not a brief
  });

  test('keywords in a question are a question', () => {
    expect(chatDrafting('แบบฟอร์มข้อเสนอโครงการมีหัวข้ออะไรบ้าง').drafting).toBe(false);
    expect(chatDrafting('ต้องการแบบฟอร์มข้อเสนอโครงการ').drafting).toBe(true);
  });
});

describe('completeness read back from a draft text', () => {
  test('each missing mark counts once; everything else is filled', () => {
    const text = `เรื่อง x ${missingMark('หมายเลขโทรศัพท์')} ${missingMark('หมายเลขโทรศัพท์')} ${missingMark('งบประมาณ')} [โปรดระบุอย่างอื่น]`;
    const c = draftCompleteness('internal_memo', text);
    expect(c).toEqual({
      filled: REQUIRED_FIELDS.internal_memo.length - 2,
      total: REQUIRED_FIELDS.internal_memo.length,
      missing: ['หมายเลขโทรศัพท์', 'งบประมาณ'],
    });
    expect(completenessPercent({ filled: 9, total: 12, missing: [] })).toBe(75);
  });
});
