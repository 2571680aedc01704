// build-real-tu.ts writes real_tu's three documents from the site's TypeScript data: the formatting on hand-written
// clauses (not the source's), the source list read from the catalogue, and, where the snapshot has been fetched, the
// three files built from it are the catalogued blobs byte for byte.
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildRealTu,
  catalogueSourceFiles,
  documentText,
  type Provision,
  provisionLines,
  REAL_TU_FILES,
  REAL_TU_REPO,
  type RegulationDoc,
  readSources,
} from './build-real-tu';
import { gitBlob } from './catalogue';
import { DEFAULT_MIRROR_ROOT, mirrorGitDir } from './fetched-docs';

const bi = (th: string) => ({ th, en: `(en) ${th}` });

describe('provisionLines: one paragraph, definition or item a line, ข้อ N before the first, the summary heading left out', () => {
  const cases: Array<[string, Provision, string[]]> = [
    ['one paragraph', { num: 2, title: bi('หัวข้อ'), lead: bi('ให้ใช้บังคับตั้งแต่วันถัดไป') }, ['ข้อ 2 ให้ใช้บังคับตั้งแต่วันถัดไป']],
    [
      'lead, items and tail (the simple shape)',
      {
        num: 9,
        title: bi('หัวข้อ'),
        lead: bi('ผู้สมัครต้อง'),
        items: [
          { marker: '(1)', text: bi('เป็นนักศึกษา') },
          { marker: '(2)', text: bi('ไม่เคยถูกลงโทษ') },
        ],
        tail: bi('ทั้งนี้ ตามที่กำหนด'),
      },
      ['ข้อ 9 ผู้สมัครต้อง', '(1) เป็นนักศึกษา', '(2) ไม่เคยถูกลงโทษ', 'ทั้งนี้ ตามที่กำหนด'],
    ],
    [
      'ordered body: definitions after a paragraph, term and meaning on one line',
      {
        num: 3,
        title: bi('บทนิยาม'),
        body: [
          { kind: 'para', text: bi('ในข้อบังคับนี้') },
          { kind: 'definitions', entries: [{ term: bi('"ชมรม"'), meaning: bi('หมายความว่า กลุ่มนักศึกษา') }] },
        ],
      },
      ['ข้อ 3 ในข้อบังคับนี้', '"ชมรม" หมายความว่า กลุ่มนักศึกษา'],
    ],
    [
      'sub-heads A. / B. with their items and a note, nothing indented; a paragraph after the list keeps its place',
      {
        num: 12,
        title: bi('คุณสมบัติ'),
        body: [
          { kind: 'para', text: bi('ผู้สมัครต้องมีคุณสมบัติ') },
          {
            kind: 'list',
            items: [
              { marker: 'A.', text: bi('คุณสมบัติ'), children: [{ marker: '(1)', text: bi('ศึกษาอยู่ชั้นปีที่ ๒') }] },
              { marker: 'B.', text: bi('ลักษณะต้องห้าม'), note: bi('ให้นับถึงวันสมัคร'), children: [{ marker: '(1)', text: bi('ค้างชำระ') }] },
            ],
          },
          { kind: 'para', text: bi('ความในวรรคหนึ่งใช้กับ ข้อ ๑๐ (๑) ด้วย') },
        ],
      },
      ['ข้อ 12 ผู้สมัครต้องมีคุณสมบัติ', 'A. คุณสมบัติ', '(1) ศึกษาอยู่ชั้นปีที่ ๒', 'B. ลักษณะต้องห้าม', 'ให้นับถึงวันสมัคร', '(1) ค้างชำระ', 'ความในวรรคหนึ่งใช้กับ ข้อ ๑๐ (๑) ด้วย'],
    ],
    ['a clause with no text keeps its number', { num: 40, title: bi('ยกเลิก'), body: [] }, ['ข้อ 40']],
  ];
  test.each(cases)('%s', (_, provision, lines) => {
    expect(provisionLines(provision)).toEqual(lines);
  });
});

test('documentText: title, preamble, headings after a blank line (not the site-only บทเบื้องต้น), date and signatory', () => {
  const doc: RegulationDoc = {
    slug: 'x',
    citation: bi('ข้อบังคับทดลอง พ.ศ. 2599'),
    preamble: bi('โดยที่เป็นการสมควร'),
    made: bi('ประกาศ ณ วันที่ 1 มกราคม พ.ศ. 2599'),
    signatory: bi('(นาย ก) นายกสภา'),
    sections: [
      { title: bi('บทเบื้องต้น'), provisions: [{ num: 1, title: bi('ชื่อ'), lead: bi('ข้อบังคับนี้เรียกว่า') }] },
      {
        kind: bi('หมวด'),
        number: '1',
        title: bi('สภา'),
        children: [{ kind: bi('ส่วนที่'), number: '1', title: bi('องค์ประกอบ'), provisions: [{ num: 2, title: bi('สมาชิก'), lead: bi('สภามีสมาชิก') }] }],
      },
      { title: bi('บทเฉพาะกาล'), provisions: [{ num: 3, title: bi('เดิม'), lead: bi('ให้ผู้ดำรงตำแหน่งอยู่ต่อ') }] },
    ],
  };
  expect(documentText(doc)).toBe(
    [
      'ข้อบังคับทดลอง พ.ศ. 2599',
      '',
      'โดยที่เป็นการสมควร',
      'ข้อ 1 ข้อบังคับนี้เรียกว่า',
      '',
      'หมวด 1 สภา',
      '',
      'ส่วนที่ 1 องค์ประกอบ',
      'ข้อ 2 สภามีสมาชิก',
      '',
      'บทเฉพาะกาล',
      'ข้อ 3 ให้ผู้ดำรงตำแหน่งอยู่ต่อ',
      '',
      'ประกาศ ณ วันที่ 1 มกราคม พ.ศ. 2599',
      '(นาย ก) นายกสภา',
      '',
    ].join('\n'),
  );
});

test("the catalogue lists the site's source files, each in its folder, with its blob", () => {
  const files = catalogueSourceFiles();
  // 10 + 14 + 8 files of the three documents, and documents.ts and types.ts beside them
  expect(files).toHaveLength(34);
  expect(files.every((f) => /^[0-9a-f]{12}$/.test(f.blob))).toBe(true);
  const paths = files.map((f) => f.path);
  expect(new Set(paths).size).toBe(34);
  expect(paths).toContain('documents.ts');
  expect(paths).toContain('university-2563/meta.ts');
  expect(paths).toContain('discipline-2568/meta.ts');
  expect(paths).toContain('meta.ts');
  expect(paths).toContain('part12.ts');
});

// Only where the site's snapshot has been fetched (a developer's machine), as with the other fetched documents.
const gitDir = mirrorGitDir(DEFAULT_MIRROR_ROOT, REAL_TU_REPO);
const sourceHere = (() => {
  if (!gitDir) return false;
  try {
    readSources(gitDir);
    return true;
  } catch {
    return false;
  }
})();
if (!sourceHere)
  console.log(
    `build-real-tu.test: skipping the build from the snapshot: ${gitDir ? `${gitDir} lacks a catalogued source blob` : `github:${REAL_TU_REPO} is not fetched under ${DEFAULT_MIRROR_ROOT}`}`,
  );

test.skipIf(!sourceHere)('the three files built from the fetched snapshot are the catalogued blobs (skipped where it is not fetched)', async () => {
  const out = mkdtempSync(join(tmpdir(), 'real-tu-'));
  const built = await buildRealTu(gitDir!, out);
  expect(readdirSync(out).sort()).toEqual(Object.values(REAL_TU_FILES).sort());
  for (const b of built) {
    expect(b.catalogued).toMatch(/^[0-9a-f]{12}$/);
    expect(gitBlob(readFileSync(join(out, b.file))).slice(0, 12)).toBe(b.catalogued);
  }
});
