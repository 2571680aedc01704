import { describe, expect, test } from 'bun:test';
import { flips, outcomeRows } from './fit-flips.ts';

// rows as eval-answers --verbose prints them (answer-report.ts formatOutcome), among the table lines around them
const before = `real_dev · crru: 42 questions
answerable: right (reference and keywords)              67% of 30
[crru] rd-cr-a-002  answer    close  94.3% high   11-ข้อบังคับ.pdf ข้อ 20 p8  RIGHT ref:y kw:y
[crru] rd-cr-a-006  answer    far    27.4% low    fallback  wrong ref:n kw:n
[crru] rd-cr-n-007  near_miss        48.7% medium 03-ประกาศ.pdf ข้อ 46 p13  wrong (answered)
[union] rd-ss-a-010  answer    far    31.1% medium 2iO_con.pdf p1  wrong ref:n kw:n
  rd-cr-a-006  product 7  bm25_trigram 3
`;
const after = `[crru] rd-cr-a-002  answer    close  94.5% high   11-ข้อบังคับ.pdf ข้อ 20 p8  RIGHT ref:y kw:y
[crru] rd-cr-a-006  answer    far    27.4% low    fallback  wrong ref:n kw:n
[crru] rd-cr-n-007  near_miss        15.5% low    fallback  RIGHT (fallback)
[union] rd-ss-a-010  answer    far    37.3% medium 2iO_con.pdf ข้อ 2 p2  RIGHT ref:y kw:y
`;

describe('fit-flips', () => {
  test('reads every outcome row and nothing else', () => {
    const rows = outcomeRows(before);
    expect([...rows.keys()]).toEqual(['crru rd-cr-a-002', 'crru rd-cr-a-006', 'crru rd-cr-n-007', 'union rd-ss-a-010']);
    expect(rows.get('crru rd-cr-a-006')).toMatchObject({ right: false, fallback: true });
    expect(rows.get('crru rd-cr-n-007')).toMatchObject({ right: false, fallback: false });
  });

  test('a verdict or a fallback that moved is a flip; a confidence that moved only with --all', () => {
    const found = flips('real_dev', outcomeRows(before), outcomeRows(after));
    expect(found.map((f) => f.after!.id)).toEqual(['rd-cr-n-007', 'rd-ss-a-010']);
    expect(found[0]).toMatchObject({ before: { right: false, fallback: false }, after: { right: true, fallback: true } });
    const every = flips('real_dev', outcomeRows(before), outcomeRows(after), true);
    expect(every.map((f) => f.after!.id)).toEqual(['rd-cr-a-002', 'rd-cr-n-007', 'rd-ss-a-010']);
  });

  test('a row on one side only is reported', () => {
    const found = flips('real_dev', outcomeRows(before), outcomeRows(after.split('\n').slice(1).join('\n')));
    expect(found.find((f) => f.after === undefined)?.before?.id).toBe('rd-cr-a-002');
  });
});
