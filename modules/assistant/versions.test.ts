import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { extractiveAnswer } from './extractive';
import { isDraft, versionNotes, yearOf } from './versions';
import { hit as passage } from '../knowledge/scoring/test-hit';

const hit = (documentId: string, title: string, text: string, documentName?: string, score = 10): SearchHit => ({
  ...passage(text, score, documentId),
  title,
  fileType: 'pdf',
  headingPath: [title, 'ข้อ ๕'],
  ...(documentName ? { documentName } : {}),
});

describe('drafts and older versions', () => {
  test('a draft is named by its title or by the blank year of its own name; a form’s blank date is not one', () => {
    expect(isDraft(hit('a', '02. (ร่าง) ข้อบังคับเทียบโอนผลการเรียน', ''))).toBe(true);
    expect(isDraft(hit('a', '02. ข้อบังคับการเทียบโอน 2565', '', 'ข้อบังคับมหาวิทยาลัย ว่าด้วยการเทียบโอนผลการเรียน พ.ศ. ..........'))).toBe(true);
    expect(isDraft(hit('a', 'ข้อบังคับคลังหน่วยกิต 2563', '', 'ข้อบังคับมหาวิทยาลัย ว่าด้วยคลังหน่วยกิต พ.ศ. ๒๕๖๓'))).toBe(false);
    expect(isDraft(hit('a', 'fms17', '', 'บันทึกข้อความ วันที่ ........ พ.ศ. ........'))).toBe(false);
    expect(yearOf(hit('a', '03-ประกาศ-การจัดการศึกษา-ป.ตรี-63', ''))).toBe(2563);
    expect(yearOf(hit('a', 'ประกาศ', '', 'ประกาศ เรื่อง แนวปฏิบัติ พ.ศ. ๒๕๖๖'))).toBe(2566);
  });

  test('a quote from a draft says so', () => {
    const r = extractiveAnswer(readQuestion('เทียบโอนวิชาที่ได้เกรด D+ ได้ไหม'), [
      hit('draft', '(ร่าง) ข้อบังคับเทียบโอนผลการเรียน', 'ข้อ ๕ รายวิชาที่จะเทียบโอนได้ต้องได้ระดับคะแนนไม่ต่ำกว่า C หรือ 2.00'),
    ]);
    expect(r?.text).toContain('เป็นร่าง ยังไม่ใช่ฉบับที่ประกาศใช้');
  });

  test('two documents that answer differently: the newer one leads and the answer says they disagree', () => {
    const old = hit('old', 'ประกาศค่าธรรมเนียม-63', 'ข้อ ๕ ค่าธรรมเนียมการลงทะเบียนล่าช้า วันละ ๕๐ บาท', undefined, 10);
    const current = hit('new', 'ประกาศค่าธรรมเนียม-66', 'ข้อ ๕ ค่าธรรมเนียมการลงทะเบียนล่าช้า วันละ ๑๐๐ บาท', undefined, 9.8);
    const r = extractiveAnswer(readQuestion('ลงทะเบียนล่าช้าเสียค่าธรรมเนียมวันละกี่บาท'), [old, current]);
    expect(r?.used[0]?.documentId).toBe('new');
    expect(r?.text.startsWith('วันละ ๑๐๐ บาท')).toBe(true);
    expect(r?.text).toContain('ระบุไม่ตรงกัน คำตอบนี้ยึดตามประกาศค่าธรรมเนียม-66 ซึ่งเป็นฉบับใหม่กว่า');
    // when they agree nothing is said
    const same = extractiveAnswer(readQuestion('ลงทะเบียนล่าช้าเสียค่าธรรมเนียมวันละกี่บาท'), [old, { ...current, text: old.text.replace('ข้อ ๕', 'ข้อ ๕ ') }]);
    expect(same?.text).not.toContain('ไม่ตรงกัน');
    // nor when two different documents answer differently: a calendar is not a version of a regulation
    const calendar = hit('cal', 'ปฏิทินการศึกษา-2568', 'วันจัดกิจกรรมคณะ | เสาร์ที่ 14 มิถุนายน 2568', undefined, 10);
    const rule = hit('reg', 'ข้อบังคับกิจกรรม-2567', 'ข้อ ๕ การจัดกิจกรรมคณะต้องเสนอโครงการภายใน ๓๐ มิถุนายน ๒๕๖๗', undefined, 9.9);
    const apart = extractiveAnswer(readQuestion('จัดกิจกรรมคณะได้วันไหน'), [rule, calendar]);
    expect(apart?.text).not.toContain('ไม่ตรงกัน');
  });

  test('two versions that state different figures disagree though neither figure is the count the question names', () => {
    // the lead shows only a count of what is asked (direct-answer.ts); the versions are compared figure against figure
    const old = hit('old', 'ประกาศกิจกรรม-63', 'ข้อ ๕ นักศึกษาต้องเข้าร่วมกิจกรรมตลอดหลักสูตร ๒๐ กิจกรรม', undefined, 10);
    const current = hit('new', 'ประกาศกิจกรรม-66', 'ข้อ ๕ นักศึกษาต้องเข้าร่วมกิจกรรมตลอดหลักสูตร ๒๕ กิจกรรม', undefined, 9.8);
    const r = extractiveAnswer(readQuestion('ต้องเข้าร่วมกิจกรรมตลอดหลักสูตรกี่ชั่วโมง'), [old, current]);
    expect(r?.used[0]?.documentId).toBe('new');
    expect(r?.text).toContain('ระบุไม่ตรงกัน');
    expect(r?.text.startsWith('ตาม')).toBe(true);
  });

  test('a followed document with a Latin title is set apart from ตาม by a space', () => {
    const notes = versionNotes([], { followed: hit('new', 'fees-2566.pdf', ''), other: hit('old', 'fees-2563.pdf', '') });
    expect(notes[0]).toContain('คำตอบนี้ยึดตาม fees-2566.pdf ซึ่งเป็นฉบับใหม่กว่า');
  });
});
