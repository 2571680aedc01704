import { describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { noEmbedder } from '../embedding/index.ts';
import { lexicalText } from './index-schema.ts';
import { openKnowledgeIndex } from './index-store.ts';
import { temporaryIndex } from './test-index.ts';

const LAW = 'พระราชบัญญัติการจัดกิจกรรมนักศึกษาและการเงินของชมรม';
// Sections that all share the law's title; only one is about the deposit.
const sections = Array.from({ length: 40 }, (_, i) => `มาตรา ${i + 1} ผู้ดูแลทะเบียนต้องเก็บเอกสารลำดับที่ ${i + 1} ไว้ในตู้ของสำนักงาน`);
sections[27] = 'มาตรา 28 เงินมัดจำห้องประชุมให้คืนแก่ผู้จองภายในเจ็ดวันหลังการใช้ห้อง';

describe('titles are their own field', () => {
  const index = temporaryIndex([
    { documentId: 'law', title: LAW, text: sections.join('\n') },
    { documentId: 'other', title: 'ประกาศเรื่องห้องประชุม', text: 'ข้อ 1 ห้องประชุมเปิดให้จองผ่านระบบออนไลน์\nข้อ 2 การจองห้องต้องทำล่วงหน้าสามวัน' },
  ]);

  test("the title is not in a clause's tokens", () => {
    const [chunk] = chunkDocument({ title: LAW, pages: [{ page: 1, text: sections[0] }] });
    expect(chunk.headingPath[0]).toBe(LAW);
    expect(lexicalText(chunk, LAW)).not.toContain(LAW);
    expect(lexicalText(chunk, LAW)).toContain('มาตรา 1');
  });

  test("a clause that only names the document (title page, 'เรียกว่า “…”') carries no title words; the title inside a sentence stays", () => {
    const title = 'ข้อบังคับมหาวิทยาลัย ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา';
    const [preamble, clause1] = chunkDocument({
      title,
      pages: [{ page: 1, text: `ข้อบังคับมหาวิทยาลัย\nว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา\nโดยที่เป็นการสมควร\nข้อ ๑ ข้อบังคับนี้เรียกว่า “${title}”` }],
    });
    expect(lexicalText(preamble, title)).not.toContain('การจัดกิจกรรม');
    expect(lexicalText(preamble, title)).toContain('โดยที่เป็นการสมควร');
    expect(lexicalText(clause1, title)).toContain('เรียกว่า');
    expect(lexicalText(clause1, title)).not.toContain('การจัดกิจกรรม');
    const [fees] = chunkDocument({
      title: 'ประกาศอัตราค่าธรรมเนียมการศึกษา',
      pages: [{ page: 1, text: 'ข้อ ๒ ประกาศอัตราค่าธรรมเนียมการศึกษาระดับปริญญาตรีให้ชำระภายในกำหนด' }],
    });
    expect(lexicalText(fees, 'ประกาศอัตราค่าธรรมเนียมการศึกษา')).toContain('ค่าธรรมเนียมการศึกษาระดับ');
    // an article opening with its subject's name keeps it (iApp hit@1 fell 0.9596 → 0.9434 without this)
    const person = 'พัทธ์ธีรา ศรุติพงศ์โภคิน';
    const [article] = chunkDocument({ title: person, pages: [{ page: 1, text: `${person} (เกิด 3 ธันวาคม พ.ศ. 2533) เป็นนักแสดงหญิงชาวไทย` }] });
    expect(lexicalText(article, person)).toContain(person);
  });

  test("a question naming the law's title still gets the section whose text answers it", async () => {
    const hits = await index().search('ตามพระราชบัญญัติการจัดกิจกรรมนักศึกษาและการเงินของชมรม เงินมัดจำห้องประชุมคืนเมื่อไร', { k: 5 });
    expect(hits[0].headingPath.at(-1)).toBe('มาตรา 28');
  });

  test('the title orders documents: equal text evidence, the document whose title the question names wins', async () => {
    const hits = await index().search('ประกาศเรื่องห้องประชุม จองห้องประชุม', { k: 5 });
    expect(hits[0].documentId).toBe('other');
  });

  test('a rare word shared by the question and a title outweighs common words the question shares with other titles', async () => {
    const dir2 = await mkdtemp(join(tmpdir(), 'askreg-title2-'));
    const idx = await openKnowledgeIndex(dir2, noEmbedder);
    try {
      // Text evidence favours the article that repeats the question's common words (iApp: ต้นเกด lost to an
      // article saying ชื่อทางวิทยาศาสตร์ more often); only the title names the plant.
      const docs = [
        {
          id: 'ked',
          title: 'ต้นเกด',
          text: 'เป็นไม้ยืนต้นขนาดกลางในวงศ์พิกุล พบในป่าดิบแล้งและป่าชายหาด เปลือกสีเทาแตกเป็นร่อง ใบเดี่ยวเรียงเวียน ดอกสีขาวนวลออกตามซอกใบ มีชื่อทางวิทยาศาสตร์ว่า Manilkara hexandra ผลสุกสีเหลืองรับประทานได้ เนื้อไม้แข็งใช้ทำเครื่องมือ',
        },
        { id: 'botanist', title: 'นักพฤกษศาสตร์ชาวอังกฤษ', text: 'ตั้งชื่อทางวิทยาศาสตร์ให้ต้นไม้หลายชนิด ชื่อทางวิทยาศาสตร์ที่เขาตั้งยังใช้อยู่' },
        { id: 'tree', title: 'ต้นไม้ในเมือง', text: 'ต้นไม้มีชื่อทางวิทยาศาสตร์ว่าอย่างไรบ้าง ต้นไม้ในเมืองมีชื่อทางวิทยาศาสตร์หลากหลาย' },
      ];
      for (const d of docs)
        await idx.indexDocument(
          { documentId: d.id, title: d.title, category: null, isActive: true, fileType: 'txt' },
          chunkDocument({ title: d.title, pages: [{ page: 1, text: d.text }] }),
        );
      const hits = await idx.search('ต้นเกดมีชื่อทางวิทยาศาสตร์ว่าอย่างไร', { k: 5 });
      expect(hits[0].documentId).toBe('ked');
    } finally {
      await idx.close();
      await rm(dir2, { recursive: true, force: true });
    }
  });

  test("a title holding the documents' wording for a student's word counts that word once, not once per trigram", async () => {
    const dir3 = await mkdtemp(join(tmpdir(), 'askreg-title3-'));
    const idx = await openKnowledgeIndex(dir3, noEmbedder);
    try {
      // "ค่าเทอม" is searched as "ค่าธรรมเนียมการศึกษา" too. The refund announcement's title holds that long
      // word; counted by its ~20 trigrams it outweighed the payment clause that matches every word typed.
      const refund = 'ประกาศมหาวิทยาลัย เรื่อง การคืนเงินค่าธรรมเนียมการศึกษา ภาคการศึกษาที่ ๑/๒๕๖๘';
      await idx.indexDocument(
        { documentId: 'refund', title: refund, category: null, isActive: true, fileType: 'txt' },
        chunkDocument({
          title: refund,
          pages: [
            {
              page: 1,
              text: [
                'ข้อ ๑ นักศึกษาที่ลาออกก่อนเปิดภาคการศึกษา ขอคืนค่าธรรมเนียมการศึกษาได้เต็มจำนวน',
                'ข้อ ๒ การคืนเงินค่าธรรมเนียมการศึกษาให้ยื่นคำร้องที่กองคลัง',
                'ข้อ ๓ ผู้ลาพักการศึกษาภายในสองสัปดาห์แรกได้รับคืนค่าธรรมเนียมการศึกษาร้อยละห้าสิบ',
                'ข้อ ๔ ค่าธรรมเนียมแรกเข้าและค่าประกันอุบัติเหตุไม่คืนในทุกกรณี',
                'ข้อ ๕ กองคลังโอนเงินคืนเข้าบัญชีของนักศึกษาภายในสามสิบวัน',
              ].join('\n'),
            },
          ],
        }),
      );
      await idx.indexDocument(
        { documentId: 'payment', title: 'ช่องทางชำระเงิน', category: null, isActive: true, fileType: 'txt' },
        chunkDocument({
          title: 'ช่องทางชำระเงิน',
          pages: [{ page: 1, text: 'ชำระค่าธรรมเนียมการศึกษาผ่าน QR code ได้ถึงเวลา ๒๓.๐๐ น. ของวันสุดท้ายของการชำระเงิน' }],
        }),
      );
      const hits = await idx.search('จ่ายค่าเทอมผ่าน QR วันสุดท้ายได้ถึงกี่โมง', { k: 5 });
      expect(hits[0].documentId).toBe('payment');
    } finally {
      await idx.close();
      await rm(dir3, { recursive: true, force: true });
    }
  });
});
