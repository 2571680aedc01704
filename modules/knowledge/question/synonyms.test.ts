import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from '../index/chunker.ts';
import { noEmbedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from '../index/index-store.ts';
import { adminSynonymGroups, expansions, inDocumentWording, withExpansions } from './synonyms.ts';
import { orderedByEvidence } from '../scoring/evidence-order.ts';
import { readQuestion } from './question.ts';

describe('expansions', () => {
  test("slang adds the documents' wording, never more slang", () => {
    expect(expansions('กินเหล้าในงานได้ไหม')).toContain('เครื่องดื่มที่มีแอลกอฮอล์');
    expect(expansions('ค่าเทอมจ่ายที่ไหน')).toContain('ค่าธรรมเนียมการศึกษา');
    expect(expansions('สอบมิดเทอมวันไหน')).toContain('สอบกลางภาค');
    expect(expansions('โดดเรียนบ่อยจะโดนอะไร')).toContain('ขาดเรียน');
    // written without a space, as typed: "สอบอิ้ง" is an English test
    expect(expansions('สอบอิ้งวันไหน')).toContain('ภาษาอังกฤษ');
    expect(expansions('กินเหล้าในงานได้ไหม')).not.toContain('เบียร์');
  });

  test("a word already in the documents' wording adds nothing; an unrelated question adds nothing", () => {
    expect(expansions('ค่าธรรมเนียมการศึกษาชำระที่ไหน')).not.toContain('ค่าธรรมเนียมการศึกษา');
    // nor the group's other documents' wordings (before: ภาคเรียน, บัณฑิตศึกษา were searched too)
    expect(expansions('ภาคการศึกษาที่ 1 เปิดวันไหน')).toEqual([]);
    expect(expansions('ค่ารักษาสภาพระดับปริญญาโทเท่าไร')).toEqual([]);
    expect(expansions('เทอม 1 เปิดวันไหน')).toEqual(expect.arrayContaining(['ภาคการศึกษา', 'ภาคเรียน']));
    expect(expansions('ภูเขาไฟฟูจิสูงกี่เมตร')).toEqual([]);
  });

  test('going (out) to a camp is an activity off the campus; a camp alone is not (a faculty holds science camps on its grounds)', () => {
    expect(expansions('ออกค่ายต่างจังหวัด ต้องมีอาจารย์ไปด้วยกี่คน')).toContain('กิจกรรมนอกสถานที่');
    expect(expansions('ไปค่ายค้างคืน กินเหล้าได้ไหม')).toContain('กิจกรรมนอกสถานที่');
    expect(expansions('ค่ายวิทยาศาสตร์แบบไปกลับ คิดคนละเท่าไหร่')).not.toContain('กิจกรรมนอกสถานที่');
    expect(inDocumentWording('จะจัดค่าย ต้องส่งโปรเจคล่วงหน้ากี่วัน')).not.toContain('กิจกรรมนอกสถานที่');
  });

  test('the first and second terms are read as calendars name them, ภาคต้น and ภาคปลาย; a term by its number is not', () => {
    expect(expansions('เทอมแรกปี 67 ปิดภาควันไหน')).toContain('ภาคต้น');
    expect(expansions('เทอมสองเริ่มเรียนวันไหน')).toContain('ภาคปลาย');
    expect(expansions('เทอมหลังลงทะเบียนได้ถึงวันไหน')).toContain('ภาคปลาย');
    const numbered = expansions('เทอม 2/67 เปิดเรียนวันไหน');
    expect(numbered).toContain('ภาคการศึกษา');
    expect(numbered).not.toContain('ภาคปลาย');
  });

  test('the longest member wins: fees are not also a term', () => {
    const e = expansions('ค่าเทอมเท่าไหร่');
    expect(e).toContain('ค่าธรรมเนียมการศึกษา');
    expect(e).not.toContain('ภาคการศึกษา');
    expect(expansions('เทอมหน้าเปิดวันไหน')).toContain('ภาคการศึกษา');
  });

  test('a graduate level is its own row: ป.โท is ปริญญาโท and ป.เอก is ปริญญาเอก (before: both read as บัณฑิตศึกษา)', () => {
    expect(inDocumentWording('ค่าเช่าชุดครุยป.โทเท่าไหร่')).toContain('ปริญญาโท');
    expect(inDocumentWording('ผมเรียน ป.เอก จะพักการเรียน')).toContain('ปริญญาเอก');
    expect(inDocumentWording('ผมเรียน ป.เอก')).not.toContain('ปริญญาโท');
  });

  test('a year of study is read as regulations write it: "เด็กปี 1" is "นักศึกษาชั้นปีที่ 1"; a child is still a child', () => {
    expect(inDocumentWording('เด็กปี 1 ได้สิทธิ์จองหอก่อนไหม')).toContain('นักศึกษาชั้นปีที่');
    expect(expansions('ประชุมผู้ปกครองน้องปี 1 วันไหน')).toContain('นักศึกษาชั้นปีที่');
    expect(inDocumentWording('เด็ก 14 ทำผิดต้องติดคุกไหม')).toBe('เด็ก 14 ทำผิดต้องติดคุกไหม');
  });

  test('"มีผล" alone is not "takes effect": "มีผลยังไง" asks what follows (before: read as ใช้บังคับ)', () => {
    expect(inDocumentWording('พกมีดเข้ามอ มีผลยังไงคะ')).not.toContain('ใช้บังคับ');
    expect(inDocumentWording('ติด F มีผลกับเกรดไหม')).not.toContain('ใช้บังคับ');
    expect(inDocumentWording('ข้อบังคับปี 67 มีผลตั้งแต่วันที่ประกาศเลยมั้ย')).toContain('ใช้บังคับตั้งแต่'); // "since" is kept: the clause says it
    expect(expansions('พระราชบัญญัตินี้มีผลใช้บังคับเมื่อใด')).toEqual([]);
  });

  test('a kind is read as the class rules name: a folding knife is a weapon, a cat kept in the room is a pet', () => {
    expect(inDocumentWording('พกมีดพับเข้ามอ')).toContain('อาวุธ');
    expect(expansions('พกมีดเดินในงานวัด')).toContain('อาวุธ');
    expect(inDocumentWording('แอบเลี้ยงแมวในห้อง')).toContain('เลี้ยงสัตว์');
  });

  test('a percentage and an abbreviated month are read as documents write them', () => {
    expect(expansions('ได้คืนกี่เปอร์เซ็นต์')).toContain('ร้อยละ');
    expect(expansions('ถอนวันที่ 25 มิ.ย. 68')).toContain('มิถุนายน');
    expect(expansions('ถอนวันที่ 25 มิ.ย. 68')).not.toContain('พฤษภาคม');
  });

  test('spoken Thai is searched in the written wording rules use: เอา is นำ (before: nothing was added)', () => {
    for (const q of ['เอาบัตรประชาชนไปด้วยไหม', 'เอาผลการเรียนจากที่เก่ามาเทียบโอนได้ไหม', 'ลืมเอาใบเสร็จมา']) expect(expansions(q)).toContain('นำ');
    // a question already in the written wording adds nothing
    expect(expansions('นำบัตรประชาชนมาแสดง')).not.toContain('นำ');
  });

  test('a spelling both written in documents is read as the standard one: สิทธิ์ as สิทธิ, อีเมล์ as อีเมล (before: nothing was added)', () => {
    expect(expansions('ป่วยขาดสอบยังมีสิทธิ์สอบไหม')).toContain('สิทธิ');
    expect(expansions('ส่งอีเมล์ถึงอาจารย์ได้ไหม')).toContain('อีเมล');
    expect(expansions('ทฤษฏีกี่หน่วยกิต')).toContain('ทฤษฎี');
    // the standard spelling adds nothing
    expect(expansions('มีสิทธิสอบไหม')).not.toContain('สิทธิ์');
  });

  test('slang is read as the wording most documents write: "ถอนวิชา" as ถอนรายวิชา (before: ถอนกระบวนวิชา, one university\'s word)', () => {
    expect(inDocumentWording('ถอนวิชาได้ถึงวันไหน')).toContain('ถอนรายวิชา');
    expect(inDocumentWording('แอดวิชาได้ถึงวันไหน')).toContain('เพิ่มรายวิชา');
    // the other wording is still searched
    expect(expansions('ดรอปได้ถึงวันไหน')).toEqual(expect.arrayContaining(['ถอนรายวิชา', 'ถอนกระบวนวิชา']));
  });

  test('"ดรอป" alone withdraws a course; dropping a term is a leave of absence', () => {
    expect(expansions('ดรอปได้ถึงวันไหน')).toContain('ถอนกระบวนวิชา');
    expect(expansions('ดรอปไปเทอมนึงต้องจ่ายค่ารักษาสถานภาพกี่บาท')).toContain('ลาพักการศึกษา');
    expect(expansions('ดรอปไปเทอมนึงต้องจ่ายค่ารักษาสถานภาพกี่บาท')).not.toContain('ถอนกระบวนวิชา');
    // "พักการเรียน" may be a suspension: it is read as พักการศึกษา, which both the leave and the penalty contain
    expect(inDocumentWording('โดนสั่งพักการเรียนแล้วอยากอุทธรณ์')).toContain('พักการศึกษา');
    expect(inDocumentWording('โดนสั่งพักการเรียนแล้วอยากอุทธรณ์')).not.toContain('ลาพักการศึกษา');
  });

  test('a member inside a longer word is not that member (before: "เซ็น" in "เปอร์เซ็นต์" searched ลายมือชื่อ); glued slang still is', () => {
    expect(expansions('จะได้เงินคืนกี่เปอร์เซ็นต์')).not.toContain('ลายมือชื่อ');
    expect(inDocumentWording('จะได้เงินคืนกี่เปอร์เซ็นต์')).not.toContain('ลายมือชื่อ');
    expect(expansions('เล่มโครงการต้องให้ใครเซ็น')).toContain('ลายมือชื่อ');
    expect(expansions('สอบอิ้งวันไหน')).toContain('ภาษาอังกฤษ');
  });

  test('cooperative education is its own programme, not an internship (before: "สหกิจศึกษา" was read as ฝึกประสบการณ์วิชาชีพ)', () => {
    expect(readQuestion('รายวิชาสหกิจศึกษา 1 มีกี่หน่วยกิต').focus).toEqual(expect.arrayContaining(['สห', 'กิจ', 'ศึกษา']));
    expect(inDocumentWording('รายวิชาสหกิจศึกษา 1 มีกี่หน่วยกิต')).not.toContain('ฝึกประสบการณ์วิชาชีพ');
    expect(expansions('ออกสหกิจได้กี่หน่วยกิต')).toContain('สหกิจศึกษา');
    expect(expansions('ออกสหกิจได้กี่หน่วยกิต')).not.toContain('ฝึกประสบการณ์วิชาชีพ');
    expect(expansions('ต้องฝึกงานกี่ชั่วโมง')).toEqual(['ฝึกประสบการณ์วิชาชีพ']);
  });

  test('activity units are not credits (before: "หน่วยกิจกรรม" was read as the misspelling หน่วยกิจ, searched as หน่วยกิต)', () => {
    expect(expansions('ต้องมีหน่วยกิจกรรมกี่หน่วยถึงจะจบ')).not.toContain('หน่วยกิต');
    expect(inDocumentWording('ต้องมีหน่วยกิจกรรมกี่หน่วยถึงจะจบ')).not.toContain('หน่วยกิต');
    expect(expansions('ลงได้สูงสุดกี่เครดิต')).toContain('หน่วยกิต');
  });

  test.each([['ก.พ.อ. ให้สภามหาวิทยาลัยออกข้อบังคับภายในกี่วัน'], ['มติที่ประชุม อ.ก.พ. กระทรวง'], ['ก.พ.ร. ประเมินส่วนราชการเมื่อไร']])(
    'a name of three initials or more is one name, not a month inside it: %s',
    (q) => {
      expect(expansions(q)).not.toContain('กุมภาพันธ์');
      expect(inDocumentWording(q)).not.toContain('กุมภาพันธ์');
      expect(inDocumentWording(q)).toContain(q.match(/(?:[ก-ฮ]\.){3}/)![0]);
    },
  );

  test('the month written as its two initials is still the month, beside a name of initials too', () => {
    expect(expansions('สอบวันที่ 3 ก.พ. ใช่ไหม')).toContain('กุมภาพันธ์');
    expect(expansions('ม.ค.-ก.พ. มีสอบไหม')).toContain('กุมภาพันธ์');
    expect(inDocumentWording('ก.พ.อ. ประชุมวันที่ 3 ก.พ.')).toContain('ก.พ.อ.');
    expect(inDocumentWording('ก.พ.อ. ประชุมวันที่ 3 ก.พ.')).toContain('กุมภาพันธ์');
    // an admin's group naming the initials themselves still finds them
    const admin = adminSynonymGroups([['คณะกรรมการข้าราชการพลเรือนในสถาบันอุดมศึกษา', 'ก.พ.อ.']]);
    expect(expansions('ก.พ.อ. ให้ออกข้อบังคับภายในกี่วัน', admin)).toContain('คณะกรรมการข้าราชการพลเรือนในสถาบันอุดมศึกษา');
  });

  test('a brand or model name is not a device rule\'s wording (before: "ไอโฟนรุ่นไหนแบตอึดสุด" was answered from an exam room rule at 69 %)', () => {
    expect(expansions('ไอโฟนรุ่นไหนแบตอึดสุดครับ')).toEqual([]);
    expect(expansions('เอามือถือเข้าห้องสอบได้ไหม')).toContain('อุปกรณ์สื่อสาร');
  });

  test('asking who is in charge of a law is asking for its รักษาการ clause', () => {
    expect(expansions('กฎหมายร้านฝากสัตว์นี้กระทรวงไหนดูแล')).toContain('รักษาการ');
    expect(expansions('ระเบียบนี้ใครรับผิดชอบ')).toContain('รักษาการ');
    expect(expansions('ต้องกลับไปดูแลแม่ที่ป่วย')).not.toContain('รักษาการ');
  });

  test('short members match whole words only', () => {
    expect(expansions('ขอตังจัดงานได้เท่าไหร่')).toContain('งบประมาณ');
    expect(expansions('จะตั้งชมรมใหม่')).not.toContain('งบประมาณ'); // ตั้ง is not ตัง
  });

  test('short years and amounts with a multiplier are written out', () => {
    expect(expansions('ข้อบังคับปี 67 ใช้เมื่อไหร่')).toContain('2567');
    expect(expansions('สอบกลางภาค 1/68 วันไหน')).toEqual(expect.arrayContaining(['1/2568', '2568']));
    // a curriculum's edition, not its length or load
    expect(expansions('IT หลักสูตร 59 ต้องลงสหกิจปีไหน')).toContain('2559');
    expect(expansions('อุตสาหการ หลักสูตรปรับปรุง 56 สายสหกิจ')).toContain('2556');
    expect(expansions('หลักสูตร 15 หน่วยกิต เรียนกี่ปี')).not.toContain('2515');
    expect(expansions('หลักสูตร 12 เดือน ค่าเรียนเท่าไร')).not.toContain('2512');
    expect(expansions('งบ 5 หมื่นใครอนุมัติ')).toContain('50000');
    expect(expansions('งบ 1.5 แสน')).toContain('150000');
    expect(expansions('กลับหอหลังสี่ทุ่มได้ไหม')).toEqual(expect.arrayContaining(['22.00', 'หอพัก']));
    expect(expansions('ตีสองยังเข้าได้ไหม')).toContain('02.00');
    expect(expansions('บ่ายสามโมงปิดหรือยัง')).toContain('15.00');
  });

  test("extra groups (an admin's list) work like the built-in ones", () => {
    expect(expansions('ไปกินหมูกระทะกับชมรม')).toEqual([]);
    expect(expansions('ไปกินหมูกระทะกับชมรม', [[['จัดเลี้ยง'], ['หมูกระทะ']]])).toEqual(['จัดเลี้ยง']);
    expect(withExpansions('กินเหล้าได้ไหม')).toStartWith('กินเหล้าได้ไหม\n');
  });

  test("a question is written in the documents' wording of the list it is read with, whichever list read it before", () => {
    const q = 'ไปกินหมูกระทะกับชมรมได้ไหม';
    const feast = [[['จัดเลี้ยง'], ['หมูกระทะ']]] as const;
    const party = [[['งานสังสรรค์'], ['หมูกระทะ']]] as const;
    expect(inDocumentWording(q)).toBe(q);
    expect(inDocumentWording(q, feast)).toContain('จัดเลี้ยง');
    expect(inDocumentWording(q, party)).toContain('งานสังสรรค์');
    expect(inDocumentWording(q, feast)).not.toContain('งานสังสรรค์');
    expect(inDocumentWording(q)).toBe(q);
  });
});

describe('retrieval with student wording', () => {
  let dir: string;
  let index: KnowledgeIndex;
  const clauses = [
    'ข้อ ๑ การจัดกิจกรรมนอกสถานที่หรือค้างคืน ห้ามมิให้มีการเสพเครื่องดื่มที่มีแอลกอฮอล์ระหว่างการจัดกิจกรรม',
    'ข้อ ๒ นักศึกษาต้องชำระค่าธรรมเนียมการศึกษาภายในวันที่มหาวิทยาลัยกำหนด',
    'ข้อ ๓ การสอบกลางภาคให้จัดในสัปดาห์ที่แปดของภาคการศึกษา',
    'ข้อ ๔ ค่ายพักแรมของนักศึกษาจัดที่ไหนก็ได้ และกินอาหารร่วมกันได้',
  ];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'askreg-syn-'));
    index = await openKnowledgeIndex(dir, noEmbedder);
    await index.indexDocument(
      { documentId: 'reg', title: 'ระเบียบ', category: null, isActive: true, fileType: 'txt' },
      chunkDocument({ title: 'ระเบียบ', pages: [{ page: 1, text: clauses.join('\n') }] }),
    );
  });
  afterAll(async () => {
    await index.close();
    await rm(dir, { recursive: true, force: true });
  });

  // The index's search gives the candidates (the plain rankers' backbone, plain-fusion.ts); the product's order
  // is the evidence order over them (evidence-order.ts), which reads the question's expansions.
  const first = async (q: string) => (await orderedByEvidence(index, readQuestion(q), await index.search(q, { k: 3 })))[0]!.text;
  test("slang finds the clause written in the documents' wording", async () => {
    expect(await first('ไปค่ายแอบกินเหล้าได้ไหม')).toContain('เครื่องดื่มที่มีแอลกอฮอล์');
    expect(await first('จ่ายค่าเทอมได้ถึงวันไหน')).toContain('ค่าธรรมเนียมการศึกษา');
    expect(await first('มิดเทอมสอบตอนไหน')).toContain('สอบกลางภาค');
  });
});
