import { describe, expect, test } from 'bun:test';
import {
  commaInAmounts,
  dottedLinesFromDigits,
  dropDigitEchoes,
  dropLettersInNumbers,
  dropPageNumbers,
  joinSplitSixInYears,
  restoreActYears,
  restoreSixInYears,
} from './ocr-numbers.ts';

describe('numbers around the structure of an OCR page', () => {
  test('an Arabic digit echoing the Thai digit before it is one number', () => {
    expect(dropDigitEchoes('ว่าด้วยวินัยนักศึกษา พ.ศ.๒๕๖๗7”')).toBe('ว่าด้วยวินัยนักศึกษา พ.ศ.๒๕๖๗”');
    // different values, Arabic numbers, and Thai numbers alone stay
    for (const text of ['๕4 97', 'ห้อง 1203 ชั้น ๒', 'พ.ศ. ๒๕๖๗ ค.ศ. 2024', '๑๒34']) expect(dropDigitEchoes(text)).toBe(text);
  });

  test('a closing quote read as 7 after a year is the quote', () => {
    expect(dropDigitEchoes('ระดับปริญญาตรี (ฉบับที่ ๙) พ.ศ. ๒๕๖๓7”')).toBe('ระดับปริญญาตรี (ฉบับที่ ๙) พ.ศ. ๒๕๖๓”');
    for (const text of ['ห้อง ๑๐7 ชั้น ๒', 'ข้อ ๗ "ค่าบำรุง"']) expect(dropDigitEchoes(text)).toBe(text);
  });

  // a ๖ cut in two by OCR ("๒๐", "๒๖", "๖๖") in a year after what introduces one (the cached real scans' misreads)
  test.each([
    ['เมื่อวันที่ ๒ กรกฎาคม พ.ศ. ๒๕๒๐๓ มหาวิทยาลัย', 'เมื่อวันที่ ๒ กรกฎาคม พ.ศ. ๒๕๖๓ มหาวิทยาลัย'],
    ['ที่เข้าศึกษาตั้งแต่ปีการศึกษา ๒๕๒๐๕ เป็นต้นไป', 'ที่เข้าศึกษาตั้งแต่ปีการศึกษา ๒๕๖๕ เป็นต้นไป'],
    ['๒๖ เมษายน ๒๕๖๖๑ และกำหนด', '๒๖ เมษายน ๒๕๖๑ และกำหนด'],
    ['ระดับปริญญาตรี พ.ศ. ๒๕๒๖๖', 'ระดับปริญญาตรี พ.ศ. ๒๕๖๖'],
    ['ในคราวประชุมครั้งที่ ๗/๒๕๒๐๓ เมื่อ', 'ในคราวประชุมครั้งที่ ๗/๒๕๖๓ เมื่อ'],
    ['วันที่ ๒๕ - ๓๑ ต.ค. ๒๕๒๐๓', 'วันที่ ๒๕ - ๓๑ ต.ค. ๒๕๖๓'],
    // not a year: no cue, an amount, a four-digit year, a longer number
    ['รหัส ๒๕๒๐๓ ห้อง ๒', 'รหัส ๒๕๒๐๓ ห้อง ๒'],
    ['พ.ศ. ๒๕๒๓ และ', 'พ.ศ. ๒๕๒๓ และ'],
    ['จำนวน ๒๕๒๐๐ บาท', 'จำนวน ๒๕๒๐๐ บาท'],
    ['พ.ศ. ๒๕๒๐๓๑', 'พ.ศ. ๒๕๒๐๓๑'],
  ])('%s → %s', (read, year) => {
    expect(joinSplitSixInYears(read)).toBe(year);
  });

  test('a letter OCR put inside a decimal number is dropped; letters beside numbers stay', () => {
    expect(dropLettersInNumbers('ไม่ต่ำกว่า ๑.ฒ๗๕ สำหรับนักศึกษา')).toBe('ไม่ต่ำกว่า ๑.๗๕ สำหรับนักศึกษา');
    expect(dropLettersInNumbers('ข้อ ๕ ก.ค. ๒๕๖๘ แบบ กค.๑๒ ๑,๕๐๐ บาท')).toBe('ข้อ ๕ ก.ค. ๒๕๖๘ แบบ กค.๑๒ ๑,๕๐๐ บาท');
  });

  // the cached real scans' amounts, and what stays: a decimal, a grade table's figure, a clause number, an amount read right
  test.each([
    ['อันดับ ท.3 ขัน 8.360 บาท| หลักสูตร', 'อันดับ ท.3 ขัน 8,360 บาท| หลักสูตร'],
    ['ปริญญาเอก อันดับ ห.5 ขั้น 10.600บาท', 'ปริญญาเอก อันดับ ห.5 ขั้น 10,600บาท'],
    ['1/2565\t6.510 (หกพันห้าร้อยสิบบาทถ้วน)', '1/2565\t6,510 (หกพันห้าร้อยสิบบาทถ้วน)'],
    ['เป็นเงิน ๑.๕๐๐ บาท', 'เป็นเงิน ๑,๕๐๐ บาท'],
    ['ค่าบำรุง 1,500.00 บาท', 'ค่าบำรุง 1,500.00 บาท'],
    ['ภาคละ 150.50 บาท', 'ภาคละ 150.50 บาท'],
    ['ทวิภาค < 2.200 < 1.2150', 'ทวิภาค < 2.200 < 1.2150'],
    ['2.113 ตำราหรือหนังสือ', '2.113 ตำราหรือหนังสือ'],
    ['ข้อ 1.2.300 บาท', 'ข้อ 1.2.300 บาท'],
    ['เงิน 12,345.678 บาท', 'เงิน 12,345.678 บาท'],
  ])('%s → %s', (read, fixed) => {
    expect(commaInAmounts(read)).toBe(fixed);
  });

  // the cached real forms' dotted lines, and what stays: a student or course code, a national id, an amount, a phone
  // number, a link's id
  test.each([
    ['4. ชื่อวิชา22...2222222266666666666666453385555556เกรด.........', '4. ชื่อวิชา22........เกรด.........'],
    ['รหัสประจำตัว626๐36556566666  สาขาวิชา', 'รหัสประจำตัว.....  สาขาวิชา'],
    ['เกรดเฉลี่ยภาคเรียนล่าสุด12222202222022202206063086636556556556เกตุเฉลี่ยสะสม', 'เกรดเฉลี่ยภาคเรียนล่าสุด.....เกตุเฉลี่ยสะสม'],
    ['วข้องโดยเป็น2๐4555๐55 ประกอบอาชีพ', 'วข้องโดยเป็น..... ประกอบอาชีพ'],
    ['รหัสนักศึกษา 6112345678 ลงทะเบียน 01418490 สหกิจศึกษา', 'รหัสนักศึกษา 6112345678 ลงทะเบียน 01418490 สหกิจศึกษา'],
    ['เลขประจำตัวประชาชน ๓๑๐๐๖๐๐๑๒๓๔๕๖ รหัสหลักสูตร 25300021100231', 'เลขประจำตัวประชาชน ๓๑๐๐๖๐๐๑๒๓๔๕๖ รหัสหลักสูตร 25300021100231'],
    ['รวม 7,137,700.00 บาท โทร ๐๘๑-๑๓๕๒๕๙0๐', 'รวม 7,137,700.00 บาท โทร ๐๘๑-๑๓๕๒๕๙0๐'],
    ['https://www.facebook.com/watch/videos/6571809944300371/', 'https://www.facebook.com/watch/videos/6571809944300371/'],
    ['photo.php?fbid=6326138688874551&set=a', 'photo.php?fbid=6326138688874551&set=a'],
  ])('%s → %s', (read, fixed) => {
    expect(dottedLinesFromDigits(read)).toBe(fixed);
  });

  test('a paragraph that is only a page number between dashes is dropped', () => {
    expect(dropPageNumbers('การแต่งกาย\n\n-2-\n\nข้อ ๕ นักศึกษา')).toBe('การแต่งกาย\n\nข้อ ๕ นักศึกษา');
    expect(dropPageNumbers('- ๒ -\n\nข้อ ๕ นักศึกษา\n\n6-\n\nข้อ ๑๕ นักศึกษา')).toBe('ข้อ ๕ นักศึกษา\n\nข้อ ๑๕ นักศึกษา');
    // numbers that are text: a bare number, a range, a clause, a number in a sentence
    for (const text of ['๒๕๖๘\n\nข้อ ๑', 'ระหว่าง ๑ - ๒ ภาค', 'ข้อ ๒ -\n\nก', 'ชั้น -2- ของอาคาร']) expect(dropPageNumbers(text)).toBe(text);
  });

  test('a year of the 2520s after a year cue is the 2560s in a document that states a year of the 2560s', () => {
    const pages = ['ประกาศ เรื่อง การรับสมัคร ภาคการศึกษาที่ ๒ ปีการศึกษา ๒๕๖๓', 'ถึงวันที่ ๑๕ ตุลาคม ๒๕๒๓ ประชุมครั้งที่ ๑/๒๕๒๓\nปีการศึกษา ๒๕๒๓ ติดต่อ ๐ - ๒๕๒๙ - ๐๖๗๔'];
    expect(restoreSixInYears(pages)).toEqual({
      pages: [pages[0], 'ถึงวันที่ ๑๕ ตุลาคม ๒๕๖๓ ประชุมครั้งที่ ๑/๒๕๖๓\nปีการศึกษา ๒๕๖๓ ติดต่อ ๐ - ๒๕๒๙ - ๐๖๗๔'],
      fixed: 3,
    });
    // the 2560s stated in Arabic digits count too
    expect(restoreSixInYears(['ปีการศึกษา 2564', 'พ.ศ. ๒๕๒๔']).pages[1]).toBe('พ.ศ. ๒๕๖๔');
    // no year of the 2560s in the document: an old act's 2520s stay
    const old = ['ตามระเบียบว่าด้วยการเงิน พ.ศ. ๒๕๒๓ และ พ.ศ. ๒๕๕๑'];
    expect(restoreSixInYears(old)).toEqual({ pages: old, fixed: 0 });
    // a five-digit number, a number without a year cue: left as read
    const other = ['ปีการศึกษา ๒๕๖๓ รหัส ๒๕๒๓ จำนวน ๒๕๒๓๔ บาท'];
    expect(restoreSixInYears(other)).toEqual({ pages: other, fixed: 0 });
  });

  test('a garbled year takes the year of another mention of the same act, and only then', () => {
    const pages = ['อาศัยอำนาจตามพระราชบัญญัติมหาวิทยาลัยศรีชลธาร พ.ศ. Ed. ประกอบกับ', 'ตามพระราชบัญญัติมหาวิทยาลัยศรีชลธาร พ.ศ. ๒๕๕๖ ให้'];
    const r = restoreActYears(pages);
    expect(r.pages[0]).toBe('อาศัยอำนาจตามพระราชบัญญัติมหาวิทยาลัยศรีชลธาร พ.ศ. ๒๕๕๖ ประกอบกับ');
    expect(r.fixed).toBe(1);
    // another act, or one title with two years: left as read
    for (const other of ['ตามพระราชบัญญัติมหาวิทยาลัยราชภัฏ พ.ศ. ๒๕๔๗', 'พระราชบัญญัติมหาวิทยาลัยศรีชลธาร พ.ศ. ๒๕๕๖ และพระราชบัญญัติมหาวิทยาลัยศรีชลธาร พ.ศ. ๒๕๖๒'])
      expect(restoreActYears([pages[0], other])).toEqual({ pages: [pages[0], other], fixed: 0 });
  });
});
