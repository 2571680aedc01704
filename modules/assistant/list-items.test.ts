import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { pieces } from './clause-pieces';
import { hit } from '../knowledge/scoring/test-hit';
import { extractiveAnswer } from './extractive';
import { withListItems } from './list-items';

// A scanned announcement whose table of documents the chunker cut into clauses of their own (ข้อ 1…5), the
// lead-in left at the end of the passage before them.
const title = 'ประกาศเงินยืมเพื่อการศึกษา';
const passage = (ordinal: number, text: string, path: string[]): SearchHit => ({
  ...hit(text, 0, 'loan'),
  title,
  fileType: 'pdf',
  chunkOrdinal: ordinal,
  headingPath: [title, ...path],
});
const LEAD = 'ส่งใบคำร้อง : ประกอบด้วย';
const document = [
  passage(0, `ประกาศ เรื่อง เงินยืมเพื่อการศึกษา ประจำภาคการศึกษาที่ 2/2551\nการดำเนินงาน\tกำหนดการ\n${LEAD}`, []),
  passage(1, '1.ใบคำร้องขอยืมเงินฯ (ขอรับที่งานทุนการศึกษา)\t15 - 19 กันยายน 2551', [LEAD, 'ข้อ 1']),
  passage(2, '2. สำเนาใบแสดงผลการศึกษา', [LEAD, 'ข้อ 2']),
  passage(3, '3. สำเนาเอกสารการลงทะเบียนเรียน\n4. สำเนาบัตรประจำตัวนักศึกษา\n5. หนังสือรับรองรายได้ของครอบครัว', [LEAD, 'ข้อ 3']),
  passage(4, '1. ประชุมคณะกรรมการทุนการศึกษาฯ คัดเลือกผู้สมควรได้รับเงินยืม\t26 กันยายน 2551', ['พิจารณาใบคำร้อง', 'ข้อ 1']),
];
const read = async () => document;

describe('a list whose items were chunked apart from its lead-in', () => {
  test('a question asking which things is answered with every item, cited as the passage retrieved', async () => {
    const question = readQuestion('ส่งใบคำร้องขอเงินยืมเพื่อการศึกษา ต้องประกอบด้วยเอกสารอะไรบ้าง');
    const retrieved = [
      { ...document[0]!, score: 10 },
      { ...document[1]!, score: 8 },
    ];
    const { hits, original } = await withListItems(question, retrieved, read);
    const r = extractiveAnswer(question, hits);
    for (const item of ['สำเนาใบแสดงผลการศึกษา', 'สำเนาเอกสารการลงทะเบียนเรียน', 'หนังสือรับรองรายได้ของครอบครัว']) expect(r?.text).toContain(item);
    // the next list (under another heading) is not this one's
    expect(r?.text).not.toContain('ประชุมคณะกรรมการ');
    expect(r?.used.map((h) => original.get(h) ?? h)[0]).toBe(retrieved[0]);
  });

  test('a question asking something else reads the items once one of them was retrieved: the lead-in alone shows nothing (before: read as retrieved)', async () => {
    const question = readQuestion('ส่งใบคำร้องขอเงินยืมได้ถึงวันไหน');
    const retrieved = [
      { ...document[0]!, score: 10 },
      { ...document[2]!, score: 5 },
    ];
    const { hits } = await withListItems(question, retrieved, read);
    expect(hits[0]!.text).toContain('15 - 19 กันยายน 2551');
    expect(extractiveAnswer(question, hits)?.text).toContain('19 กันยายน 2551');
    // none of its items retrieved: the document is not read, the passages stay as retrieved
    let reads = 0;
    const alone = [{ ...document[0]!, score: 10 }];
    expect((await withListItems(question, alone, async () => (reads++, document))).hits).toEqual(alone);
    expect(reads).toBe(0);
  });

  test("a passage whose last line heads the items after it, the lead-in word mid-line (a form's note), is read with them", async () => {
    const note = 'หมายเหตุ : การรับรองรายได้ของครอบครัวให้บุคคลดังต่อไปนี้เป็นผู้รับรอง';
    const form = [
      passage(0, `ข้าพเจ้าขอรับรองว่าข้อความดังกล่าวข้างต้นเป็นความจริง\nลงชื่อ ………… ตำแหน่ง …………\n${note}`, []),
      passage(1, '1. ข้าราชการระดับ 5 ขึ้นไป หรือตำแหน่งเทียบเท่า หรือ\n2. ผู้บริหารสถาบันการศึกษา หรือ', [note, 'ข้อ 1']),
      passage(2, '3. ผู้ปกครองท้องถิ่นระดับผู้ใหญ่บ้านขึ้นไป', [note, 'ข้อ 3']),
    ];
    const question = readQuestion('หนังสือรับรองรายได้ครอบครัว ใครเป็นผู้รับรองได้บ้าง');
    const { hits } = await withListItems(
      question,
      [
        { ...form[0]!, score: 10 },
        { ...form[2]!, score: 4 },
      ],
      async () => form,
    );
    expect(hits[0]!.text).toEndWith('3. ผู้ปกครองท้องถิ่นระดับผู้ใหญ่บ้านขึ้นไป');
    expect(extractiveAnswer(question, hits)?.text).toContain('ผู้ใหญ่บ้าน');
    // a last line that heads nothing after it is no lead-in, whatever its words
    const alone = [{ ...form[0]!, score: 10 }];
    expect((await withListItems(question, alone, async () => [form[0]!])).hits).toEqual(alone);
  });

  test('a line announcing a list is a piece of its own, not a label glued onto the table row under it', () => {
    expect(pieces(`การดำเนินงาน\tกำหนดการ\n${LEAD}\n1.ใบคำร้องขอยืมเงินฯ\t15 - 19 กันยายน 2551`)).toContain(LEAD);
    // "ดังนี้" alone ends the sentence above it
    expect(pieces('ให้เป็นไปตามเงื่อนไขจำนวนหน่วยกิตของมหาวิทยาลัยราชภัฏ\nดังนี้\n(๑) นักศึกษาภาคปกติ ลงได้ไม่เกิน ๒๒ หน่วยกิต')[0]).toEndWith('ดังนี้');
  });

  test("an item on the page after its lead-in is cited at its page; the lead-in asked about, at the lead-in's", async () => {
    // the announcement's table runs over a page break: the lead-in ends page 1, its items are on page 2
    const paged = document.map((p) => (p.chunkOrdinal === 0 ? p : { ...p, page: 2 }));
    const retrieved = [
      { ...paged[0]!, score: 10 },
      { ...paged[1]!, score: 5 },
    ];
    const when = readQuestion('ส่งใบคำร้องขอยืมเงินได้ถึงวันไหน');
    const item = await withListItems(when, retrieved, async () => paged);
    expect(item.hits[0]!.laterPages).toEqual([[paged[0]!.text.length + 1, 2]]);
    expect(extractiveAnswer(when, item.hits)?.pages[0]).toBe(2);
    const which = readQuestion('ประกาศเงินยืมเพื่อการศึกษา ประจำภาคการศึกษาที่ 2/2551 มีกำหนดการดำเนินงานอย่างไร');
    const lead = await withListItems(which, retrieved, async () => paged);
    expect(extractiveAnswer(which, lead.hits)?.pages[0]).toBe(1);
  });
});
