import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkDocument } from './chunker.ts';
import { documentNameFrom } from './document-name.ts';
import { noEmbedder } from '../embedding/index.ts';
import { lexicalText } from './index-schema.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';

const DORM = [
  'ระเบียบมหาวิทยาลัยตัวอย่าง',
  'ว่าด้วยหอพักนักศึกษา',
  'พ.ศ. ๒๕๖๘',
  'ข้อ ๑ ระเบียบนี้เรียกว่า “ระเบียบมหาวิทยาลัยตัวอย่าง ว่าด้วยหอพักนักศึกษา พ.ศ. ๒๕๖๘”',
  'ข้อ ๒ ผู้ประสงค์จะย้ายออกให้ยื่นคำร้องต่อผู้ดูแลภายใน ๑๕ วัน',
].join('\n');
// Another regulation whose clause says the same thing at more length: on text alone it would win.
const SPORTS = [
  'ระเบียบมหาวิทยาลัยตัวอย่าง',
  'ว่าด้วยการใช้สนามกีฬา',
  'ข้อ ๑ ระเบียบนี้เรียกว่า “ระเบียบมหาวิทยาลัยตัวอย่าง ว่าด้วยการใช้สนามกีฬา พ.ศ. ๒๕๖๘”',
  'ข้อ ๒ ผู้ประสงค์จะย้ายออกจากสนามให้ยื่นคำร้อง ยื่นคำร้องต่อผู้ดูแลภายใน ๗ วัน ผู้ย้ายออกที่ยื่นคำร้องช้าไม่รับพิจารณา',
].join('\n');

describe("a regulation's own name, read from its text", () => {
  test('the naming clause ("…นี้เรียกว่า “…”"), else the title lines it opens with; nothing for prose', () => {
    expect(documentNameFrom([{ page: 1, text: DORM }])).toBe('ระเบียบมหาวิทยาลัยตัวอย่าง ว่าด้วยหอพักนักศึกษา พ.ศ. ๒๕๖๘');
    expect(documentNameFrom([{ page: 1, text: 'ประกาศมหาวิทยาลัยตัวอย่าง\nเรื่อง การรับสมัครทุนการศึกษา\n๑. ผู้สมัครต้องเป็นนักศึกษา' }])).toBe(
      'ประกาศมหาวิทยาลัยตัวอย่าง เรื่อง การรับสมัครทุนการศึกษา',
    );
    expect(documentNameFrom([{ page: 1, text: 'เกดเป็นไม้ยืนต้น หรือที่เรียกว่า “ต้นเกด” พบในป่าดิบแล้ง' }])).toBe(null);
  });

  test("an announcement's subject wrapped over its heading lines is read whole, up to the body's preamble", () => {
    const name = (...lines: string[]) => documentNameFrom([{ page: 1, text: lines.join('\n') }]);
    const heading = ['ประกาศมหาวิทยาลัยราชภัฏวไลยอลงกรณ์ ในพระบรมราชูปถัมภ์ จังหวัดปทุมธานี', 'เรื่อง รับสมัครสอบแข่งขันเพื่อบรรจุและแต่งตั้งบุคคลเข้าเป็นพนักงานมหาวิทยาลัย สายสนับสนุน'];
    const whole = `${heading.join(' ')} ตำแหน่งนักวิชาการคอมพิวเตอร์`;
    expect(name(...heading, 'ตำแหน่งนักวิชาการคอมพิวเตอร์', 'ด้วยมหาวิทยาลัยจะดำเนินการสอบแข่งขันเพื่อบรรจุ', '๑. ตำแหน่งที่รับสมัคร')).toBe(whole);
    // the year after the wrapped line is the title's too
    expect(
      name('ประกาศมหาวิทยาลัยตัวอย่าง', 'เรื่อง แนวปฏิบัติเกี่ยวกับการรับเข้าศึกษาและระบบการศึกษาสำหรับการจัดการศึกษา', 'ระดับปริญญาตรี', 'พ.ศ. ๒๕๖๖', 'โดยที่สมควรกำหนดแนวปฏิบัติ'),
    ).toBe('ประกาศมหาวิทยาลัยตัวอย่าง เรื่อง แนวปฏิบัติเกี่ยวกับการรับเข้าศึกษาและระบบการศึกษาสำหรับการจัดการศึกษา ระดับปริญญาตรี พ.ศ. ๒๕๖๖');
    // the body's preamble, an item, a long line or a scan's noise over the seal is no part of the subject
    for (const next of [
      'ด้วยมหาวิทยาลัยประสงค์จะรับสมัคร',
      'โดยที่เป็นการสมควร',
      '๑. ตำแหน่งที่รับสมัคร',
      'มหาวิทยาลัยเทคโนโลยีสุรนารี (มทส) ประสงค์ที่จะจัดสรรทุนการศึกษาสำหรับผู้ที่สมัครเข้าศึกษาระดับบัณฑิตศึกษา',
      '๓ซู เ = a เพล ws sy 25',
    ])
      expect(name(...heading, next)).toBe(heading.join(' '));
  });

  test("a memo's name is its subject (the เรื่อง field after ส่วนราชการ), read through a receipt stamp and a word OCR lost its marks in", () => {
    const memo = [
      'คณะวิทยาศาสตร์ เลขที่รับ ๒๐๕ วันที่รับ ๒ ต.ค.',
      'บนทกขอความ',
      'ส่วนราชการ กองพัฒนานักศึกษา งานกิจการนักศึกษา โทร ๑๒๘',
      'ที่ อว ๐๖๓๐.๐๑๓/๑๒ วันที่ ๙ มกราคม พ.ศ. ๒๕๖๓',
      'เรื่อง ขอประชาสัมพันธ์ให้นักศึกษาสมัครนายกองค์การนักศึกษา เรียน คณบดีทุกคณะ',
      'ด้วยกองพัฒนานักศึกษาจะจัดการเลือกตั้ง',
    ].join('\n');
    expect(documentNameFrom([{ page: 1, text: memo }])).toBe('ขอประชาสัมพันธ์ให้นักศึกษาสมัครนายกองค์การนักศึกษา');
    // a blank form's field names nothing; a เรื่อง line far from a memo's head is text
    expect(documentNameFrom([{ page: 1, text: 'บันทึกข้อความ\nส่วนราชการ คณะวิทยาการจัดการ\nที่ ........ วันที่ ........\nเรื่อง ....................\nเรียน คณบดี' }])).toBe(
      null,
    );
    expect(documentNameFrom([{ page: 1, text: 'ด้วยนักศึกษาขอใช้ห้อง\nเรื่อง การใช้ห้องเรียนให้แจ้งล่วงหน้า' }])).toBe(null);
  });

  test("a curriculum's name is its title block (programme, field, edition), under the form's name or a page number", () => {
    const name = (...lines: string[]) => documentNameFrom([{ page: 1, text: lines.join('\n') }]);
    const cases: Array<[string[], string | null]> = [
      [
        ['- 1 -', 'มคอ.2', 'รายละเอียดของหลักสูตร', 'หลักสูตรวิทยาศาสตรบัณฑิต', 'สาขาวิชาวิทยาการคอมพิวเตอร์', 'หลักสูตรปรับปรุง พ.ศ. 2560', 'ชื่อสถาบันอุดมศึกษา มหาวิทยาลัยตัวอย่าง'],
        'หลักสูตรวิทยาศาสตรบัณฑิต สาขาวิชาวิทยาการคอมพิวเตอร์ หลักสูตรปรับปรุง พ.ศ. 2560',
      ],
      // under a running head that carries a page number
      [
        ['หลักสูตรวิทยาศาสตรบัณฑิต สาขาวิชาเทคโนโลยีสารสนเทศ | 1', 'หลักสูตรวิทยาศาสตรบัณฑิต', 'สาขาวิชาเทคโนโลยีสารสนเทศ', 'หลักสูตรปรับปรุง พ.ศ. 2559', 'ชื่อหลักสูตร'],
        'หลักสูตรวิทยาศาสตรบัณฑิต สาขาวิชาเทคโนโลยีสารสนเทศ หลักสูตรปรับปรุง พ.ศ. 2559',
      ],
      [
        ['หลักสูตรวิทยาการสารสนเทศมหาบัณฑิตและปรัชญาดุษฎีบัณฑิต', 'สาขาวิชาเทคโนโลยีสารสนเทศ', '(หลักสูตรปรับปรุง พ.ศ. 2558)', 'สำนักวิชาเทคโนโลยีสังคม'],
        'หลักสูตรวิทยาการสารสนเทศมหาบัณฑิตและปรัชญาดุษฎีบัณฑิต สาขาวิชาเทคโนโลยีสารสนเทศ (หลักสูตรปรับปรุง พ.ศ. 2558)',
      ],
      [['หลักสูตรระดับดุษฎีบัณฑิต สาขาวิชาเทคโนโลยีสารสนเทศ', 'จำนวนหน่วยกิตรวมตลอดหลักสูตร'], 'หลักสูตรระดับดุษฎีบัณฑิต สาขาวิชาเทคโนโลยีสารสนเทศ'],
      // a form's field, an edition line alone, and a curriculum named only past the first lines are no title
      [['ใบแจ้งการลงทะเบียนเรียน', 'หลักสูตรวิทยาการสารสนเทศมหาบัณฑิต ภาคการศึกษาที่ ..........', 'สาขาวิชาเทคโนโลยีสารสนเทศ'], null],
      [['หลักสูตรปรับปรุง พ.ศ. 2554', 'รายชื่ออาจารย์'], null],
      [['รายชื่อบุคลากรประจำ', '1. นาย ก', '2. นาย ข', '3. นาง ค', '4. นาย ง', '5. นางสาว จ', 'หลักสูตรวิทยาศาสตรบัณฑิต'], null],
    ];
    for (const [lines, expected] of cases) expect([lines[0], name(...lines)]).toEqual([lines[0], expected]);
  });

  let dir: string;
  let index: KnowledgeIndex;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'askreg-docname-'));
    index = await openKnowledgeIndex(dir, noEmbedder);
    // display titles are file names, as a library filled from a folder of scans has them
    for (const [id, text] of [
      ['scan_0012', DORM],
      ['scan_0013', SPORTS],
    ] as const)
      await index.indexDocument(
        { documentId: id, title: id, category: null, isActive: true, fileType: 'pdf' },
        chunkDocument({ title: id, pages: [{ page: 1, text }] }),
      );
  });
  afterAll(async () => {
    await index.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('travels with every chunk and leaves the clause that states it, like a title', () => {
    const chunks = chunkDocument({ title: 'scan_0012', pages: [{ page: 1, text: DORM }] });
    expect(chunks.every((c) => c.documentName === 'ระเบียบมหาวิทยาลัยตัวอย่าง ว่าด้วยหอพักนักศึกษา พ.ศ. ๒๕๖๘')).toBe(true);
    const clause1 = chunks.find((c) => c.headingPath.at(-1) === 'ข้อ ๑')!;
    expect(lexicalText(clause1, 'scan_0012')).not.toContain('หอพัก');
  });

  test('a question naming the regulation gets its clause, though another says the same at more length', async () => {
    const hits = await index.search('ตามระเบียบว่าด้วยหอพักนักศึกษา จะย้ายออกต้องยื่นคำร้องภายในกี่วัน', { k: 5 });
    expect(hits[0]!.documentId).toBe('scan_0012');
    expect(hits[0]!.headingPath.at(-1)).toBe('ข้อ ๒');
    expect(hits[0]!.documentName).toBe('ระเบียบมหาวิทยาลัยตัวอย่าง ว่าด้วยหอพักนักศึกษา พ.ศ. ๒๕๖๘');
  });
});
