import { describe, expect, test } from 'bun:test';
import { maskPersonalData, MASKS } from './mask';

const ZW = '\u200b';

describe('maskPersonalData', () => {
  test('e-mail addresses in Thai sentences', () => {
    expect(maskPersonalData('ส่งเอกสารไปที่ somchai.j@student.uni.ac.th ได้ไหมคะ')).toBe(`ส่งเอกสารไปที่ ${MASKS.email} ได้ไหมคะ`);
    expect(maskPersonalData('อีเมลผมคือa_b+x@gmail.comครับ')).toBe(`อีเมลผมคือ${MASKS.email}ครับ`);
  });

  // Issue 34 finding 4: each written the ways people type them, in a Thai sentence; what is around stays as typed.
  const forms: Array<[string, keyof typeof MASKS]> = [
    ['081-234-5678', 'phone'],
    ['0812345678', 'phone'],
    ['081 234 5678', 'phone'],
    ['02-123-4567', 'phone'],
    ['038-123456', 'phone'],
    ['+66 81 234 5678', 'phone'],
    ['+66812345678', 'phone'],
    ['+66 (0) 81 234 5678', 'phone'],
    ['๐๘๑-๒๓๔-๕๖๗๘', 'phone'],
    ['081 - 234 - 5678', 'phone'],
    ['(081) 234-5678', 'phone'],
    ['(02) 123 4567', 'phone'],
    ['081–234–5678', 'phone'], // en-dash
    ['081—234—5678', 'phone'], // em-dash
    ['081−234−5678', 'phone'], // minus sign
    ['０８１－２３４－５６７８', 'phone'], // full-width digits and hyphen
    ['０８１２３４５６７８', 'phone'],
    ['0 8 1 2 3 4 5 6 7 8', 'phone'],
    [`081${ZW}234${ZW}5678`, 'phone'],
    [`0${ZW}8${ZW}1${ZW}2${ZW}3${ZW}4${ZW}5${ZW}6${ZW}7${ZW}8`, 'phone'],
    ['081\u00a0234\u00a05678', 'phone'], // no-break spaces
    ['081.234.5678', 'phone'],
    ['1103700012345', 'idNumber'],
    ['1-1037-00012-34-5', 'idNumber'],
    ['1 1037 00012 34 5', 'idNumber'],
    ['1234 5678 90123', 'idNumber'],
    ['๑๑๐๓๗๐๐๐๑๒๓๔๕', 'idNumber'],
    ['１１０３７０００１２３４５', 'idNumber'],
    [`1103${ZW}7000${ZW}12345`, 'idNumber'],
    ['1–1037–00012–34–5', 'idNumber'],
    ['a.b@cmu.ac.th', 'email'],
    ['a.b @ cmu.ac.th', 'email'],
    ['a.b＠cmu.ac.th', 'email'],
    ['ａｂｃ＠ｃｍｕ．ａｃ．ｔｈ', 'email'],
    ['a.b (at) cmu.ac.th', 'email'],
    [`somchai${ZW}@${ZW}gmail.com`, 'email'],
    ['650610123', 'studentId'],
    ['6506101234', 'studentId'],
    ['64010123', 'studentId'],
    ['６５０６１０１２３', 'studentId'],
    ['๖๕๐๖๑๐๑๒๓', 'studentId'],
  ];
  test.each(forms)('%p is masked as %s', (form, kind) => {
    expect(maskPersonalData(`ติดต่อหนูที่ ${form} นะคะ`)).toBe(`ติดต่อหนูที่ ${MASKS[kind]} นะคะ`);
    expect(maskPersonalData(`เบอร์${form}ค่ะ`)).toBe(`เบอร์${MASKS[kind]}ค่ะ`);
  });

  const kept = [
    'ตามข้อ ๑๒ ของระเบียบ พ.ศ. 2567 ลาป่วยเกิน 3 วัน',
    'ปีการศึกษา 2568 ภาคเรียนที่ 1',
    'ข้อ 12 วรรคสอง และข้อ 13.2',
    'ค่าปรับ 12,500 บาท',
    'ค่าปรับ 1,500,000 บาท',
    'วงเงิน 12500000 บาท',
    'ราคา ฿25000000',
    'เวลา 08.30-16.30 น.',
    'รหัสวิชา 01418111',
    'วิชา 2110101 และ course code 261497',
    'วันที่ 12/05/2568',
    'ระเบียบ ฉบับที่ 3 (พ.ศ. 2565)',
    'เลขอ้างอิง 012345678901234567',
    'ชั้นปี 1 2 3 และ 4',
    'ทำไมคำว่า ทำงาน กับ น้ำ ถึงเขียนแบบนี้',
  ];
  test.each(kept)('%p is left as typed', (text) => {
    expect(maskPersonalData(text)).toBe(text);
  });

  test('the text around a mask keeps its own characters (no folding outside what is masked)', () => {
    expect(maskPersonalData('ＡＢＣ ทำ 081-234-5678 ①')).toBe(`ＡＢＣ ทำ ${MASKS.phone} ①`);
  });

  test('several at once', () => {
    expect(maskPersonalData('ผม a@b.co โทร 0612345678 บัตร 3-1001-00123-45-6 รหัส 650610123')).toBe(
      `ผม ${MASKS.email} โทร ${MASKS.phone} บัตร ${MASKS.idNumber} รหัส ${MASKS.studentId}`,
    );
  });

  test('with maxChars: only that many characters are kept, a number or an address at the cut is masked whole', () => {
    const head = 'ก'.repeat(95);
    expect(maskPersonalData(`${head} 081-234-5678 ต่อ`, 100)).toBe(`${head} ${MASKS.phone}`.slice(0, 100));
    expect(maskPersonalData(`${head} 1 2345 67890 12 3`, 100)).toBe(`${head} ${MASKS.idNumber}`.slice(0, 100));
    expect(maskPersonalData(`${head} nok.s@student.ac.th`, 100)).toBe(`${head} ${MASKS.email}`.slice(0, 100));
    // zero-width characters between the digits do not use the margin up
    expect(maskPersonalData(`${head} 0${ZW.repeat(400)}81 234 5678`, 100)).toBe(`${head} ${MASKS.phone}`.slice(0, 100));
    // past the cut and its margin nothing is read: a number there is neither masked nor kept
    expect(maskPersonalData(`${head} ${'ข'.repeat(1000)} 0812345678`, 100)).toBe(`${head} ${'ข'.repeat(4)}`);
    // a cut never leaves half a surrogate pair
    expect(maskPersonalData(`${'ก'.repeat(99)}😀`, 100)).toBe('ก'.repeat(99));
  });

  test('a long question of spaces and digits is masked in linear time', () => {
    const long = `${'0 '.repeat(20_000)}x ${' '.repeat(20_000)}081 234 5678`;
    const t0 = performance.now();
    expect(maskPersonalData(long).endsWith(MASKS.phone)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

// The e-mail pattern's parts are bounded: an unbounded run retried from each letter of a long word cost its square
// (100,000 letters took 19 s); the callers cut a question at 2,000 characters, but the masking itself takes any text.
test('a long word before an address costs one pass, and the address is still masked', () => {
  const text = `${'a'.repeat(100_000)} ติดต่อ somchai.j@cmu.ac.th`;
  expect(maskPersonalData(text).endsWith(`ติดต่อ ${MASKS.email}`)).toBe(true);
});
