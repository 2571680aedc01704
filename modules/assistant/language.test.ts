import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { extractiveAnswer } from './extractive';
import { otherLanguage } from './language';
import { directSpan } from './direct-answer';

const hit = (text: string, label: string, score: number): SearchHit => ({
  documentId: 'ann',
  title: 'ประกาศทุนการศึกษา',
  category: null,
  fileType: 'pdf',
  chunkOrdinal: 0,
  text,
  headingPath: ['ประกาศทุนการศึกษา', label],
  page: 1,
  score,
});

describe('a bilingual document is quoted in the question’s language', () => {
  test('letters decide the language, a Latin term in a Thai question does not', () => {
    expect(otherLanguage('ต้องมี GPA เท่าไหร่', 'Applicants must have a cumulative GPA of at least 3.00')).toBe(true);
    expect(otherLanguage('ต้องมี GPA เท่าไหร่', 'ผู้สมัครต้องมีคะแนนเฉลี่ยสะสม (GPA) ไม่ต่ำกว่า ๓.๐๐')).toBe(false);
    expect(otherLanguage('What GPA is required?', 'ผู้สมัครต้องมีคะแนนเฉลี่ยสะสมไม่ต่ำกว่า ๓.๐๐')).toBe(true);
    expect(otherLanguage('ค่าเทอมเท่าไหร่', '๑๒,๐๐๐')).toBe(false);
  });

  test('the Thai half answers a Thai question though the English half was retrieved first', () => {
    const english = hit('Article 5 Applicants for the TA scholarship must have a GPA of at least 3.00 and register for at most 12 credits', 'Article 5', 10);
    const thai = hit('ข้อ ๕ ผู้สมัครทุนผู้ช่วยสอน (TA) ต้องมีคะแนนเฉลี่ยสะสม (GPA) ไม่ต่ำกว่า ๓.๐๐ และลงทะเบียนได้ไม่เกิน ๑๒ หน่วยกิต', 'ข้อ ๕', 9);
    const r = extractiveAnswer(readQuestion('TA ต้องมี GPA เท่าไร'), [english, thai]);
    expect(r?.used[0]).toBe(thai);
    // an English clause's number ("Article 5") is not an amount either
    expect(directSpan('count', readQuestion('TA ลงได้กี่หน่วยกิต'), [english.text])).toBe('12');
  });
});
