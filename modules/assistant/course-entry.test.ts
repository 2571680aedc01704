// A curriculum's course in a quote: its entry line (code, names, credits) and its prerequisite line are read together
// (the shapes of Kasetsart's and KMUTNB's TQF curricula as their PDFs' text layers give them).
import { expect, test } from 'bun:test';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { extractiveAnswer } from './extractive';
import { hit as passage } from '../knowledge/scoring/test-hit';

const hit = (text: string, title: string): SearchHit => ({ ...passage(text, 10, 'doc'), title, fileType: 'pdf', headingPath: [title, 'รายวิชาในหลักสูตร'] });

test('a quoted course entry brings the prerequisite line under it (the description after it was quoted, the line between left out)', () => {
  // Kasetsart's applied mathematics curriculum 2560, p. 18: tab-separated entries, the prerequisite on its own line
  const text = [
    'เรื่องเฉพาะทางคณิตศาสตร์ประยุกต์ในระดับปริญญาตรี หัวข้อเรื่องเปลี่ยนไปในแต่ละภาคการศึกษา',
    '02731497\tสัมมนา (Seminar)\t1',
    'วิชาที่ต้องเรียนมาก่อน : 02731211',
    'การนำเสนอและอภิปรายหัวข้อที่น่าสนใจทางคณิตศาสตร์ประยุกต์ในระดับปริญญาตรี',
    '02731499\tโครงงานคณิตศาสตร์ประยุกต์ (Applied Mathematics Project)\t3',
    'วิชาที่ต้องเรียนมาก่อน : 02731497',
    'โครงงานที่น่าสนใจในแขนงต่างๆ ทางคณิตศาสตร์ประยุกต์',
  ].join('\n');
  const r = extractiveAnswer(readQuestion('คณิตประยุกต์ จะลงโครงงานคณิตศาสตร์ประยุกต์ ต้องผ่านวิชาอะไรมาก่อนคะ'), [hit(text, 'หลักสูตรคณิตศาสตร์ประยุกต์ 2560')]);
  expect(r?.text).toContain('วิชาที่ต้องเรียนมาก่อน : 02731497');
});

test('a quoted prerequisite line brings the course entry above it, which holds the code', () => {
  // KMUTNB's general-education structure, p. 125: a dotted entry over its lettered prerequisite and description
  const text = [
    '2.9.4 รายวิชาสำหรับหลักสูตรนานาชาติ',
    '2.9.4.1 150013160 แบดมินตัน (Badminton) หน่วยกิต 1(0-2-1)',
    'ก) วิชาบังคับก่อน (Prerequisite)',
    '- ไม่มี(None)',
    '2.9.4.1.ก..1 คำอธิบายรายวิชา เรียนเกี่ยวกับประวัติของกีฬาแบดมินตัน',
    'เทคนิคการเล่น กฎ กติกา การเลือกใช้อุปกรณ์ที่เหมาะสมการฝึกทักษะเบื้องต้นและสามารถนำทักษะไปใช้ในการแข่งขัน',
  ].join('\n');
  const r = extractiveAnswer(readQuestion('เด็กหลักสูตรนานาชาติ ลงแบดมินตันต้องใช้รหัสวิชาอะไรครับ'), [hit(text, 'โครงสร้างหมวดวิชาศึกษาทั่วไป')]);
  expect(r?.text).toContain('150013160');
});
